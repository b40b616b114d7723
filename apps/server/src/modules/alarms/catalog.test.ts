import { LANGUAGES } from '@ems/contract/constants';
import { describe, expect, it } from 'vitest';
import { COMM_LOSS, catalogEntries, catalogFamily, isFamily, lookupAlarm } from './catalog';

const CJK = /[\u4e00-\u9fff]/;

/** Issue 9: every catalogue code has a description in every language of the platform. */
describe('alarm catalogue texts', () => {
  const entries = catalogEntries();

  it('covers the inverter tables, OCPP, UPS and platform codes', () => {
    const families = new Set(entries.map((e) => e.family));
    for (const f of ['sofar_g3hyd', 'hyd-zss-hp-3k-6k', 'solis_hybrid', 'ocpp16', 'ups', 'platform']) {
      expect(families.has(f), f).toBe(true);
    }
    expect(entries.length).toBeGreaterThan(700);
  });

  it('has a description of its own in every language for every code', () => {
    const gaps: string[] = [];
    for (const e of entries) {
      const en = e.texts['en-US'];
      for (const { languageCode } of LANGUAGES) {
        const text = e.texts[languageCode]?.trim();
        const own = languageCode === 'en-US' || (text !== undefined && text !== en);
        if (!text || !own) gaps.push(`${e.family} ${e.code} ${languageCode}`);
      }
      if (!CJK.test(e.texts['zh-CN'] ?? '')) gaps.push(`${e.family} ${e.code} zh-CN not Chinese`);
      if (!/^[\x20-\x7e]+$/.test(en ?? '')) gaps.push(`${e.family} ${e.code} en-US not plain English`);
    }
    expect(gaps).toEqual([]);
  });

  it('answers the caller’s language, the same code alike across the Sofar tables', () => {
    for (const family of ['sofar_g3hyd', 'zcs_azzurro-ktl-v3', 'hyd-zss-hp-3k-6k']) {
      expect(lookupAlarm(family, 'ID001', 'zh-CN')?.desc).toBe('电网过压保护');
    }
    expect(lookupAlarm('sofar_g3hyd', 'ID113', 'cs-CZ')).toEqual({
      level: 2,
      desc: 'Snížení výkonu – přehřátí',
    });
    expect(lookupAlarm('solis_hybrid', '0x815c:2', 'pt-BR')?.desc).toBe('Sobretensão da rede');
    expect(lookupAlarm('ocpp16', 'GroundFailure', 'cs-CZ')?.desc).toBe('Zemní porucha');
    expect(lookupAlarm('ups', COMM_LOSS, 'zh-CN')?.desc).toBe('通讯中断');
    // Corrected source texts: Polish in the Sofar LSW3 table, misspellings in others.
    expect(lookupAlarm('sofar_lsw3', 'ID060', 'en-US')?.desc).toBe(
      'Grounding fault: inverter not connected to the PE conductor',
    );
    expect(lookupAlarm('solis_hybrid', '0x815c:64', 'en-US')?.desc).toBe('Grid frequency jitter');
    expect(lookupAlarm('sofar_g3hyd', 'NOPE', 'zh-CN')).toBeNull();
  });

  it('maps every inverter model family to a table that exists', () => {
    for (const model of [
      'HYD 6000-ZSS',
      'Azzurro 3000TL-V3',
      'HYD 5K-ES',
      'KTLX-G3',
      'Solis RHI-5K',
      'Other',
    ]) {
      expect(isFamily(catalogFamily('inverter', null, model)), model).toBe(true);
    }
  });
});
