import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import cs from '../../locales/cs-CZ/alarms.json';
import en from '../../locales/en-US/alarms.json';
import pt from '../../locales/pt-BR/alarms.json';
import zh from '../../locales/zh-CN/alarms.json';
import { alarmKind, alarmLevelOptions, worstKind } from './alarm-level';

describe('alarmKind (spec §4)', () => {
  it('maps 1 notice, 2 and 3 alarm, 4 fault, 5 fatal, anything else to a dash', () => {
    expect([1, 2, 3, 4, 5].map(alarmKind)).toEqual(['notice', 'alarm', 'alarm', 'fault', 'fatal']);
    expect(alarmKind(0)).toBeNull();
    expect(alarmKind(null)).toBeNull();
    expect(alarmKind(9)).toBeNull();
  });
});

describe('worstKind', () => {
  it('picks the worst level with alarms', () => {
    expect(worstKind({ notice: 3, alarm: 1, fault: 0, fatal: 0 })).toBe('alarm');
    expect(worstKind({ notice: 0, alarm: 0, fault: 0, fatal: 2 })).toBe('fatal');
    expect(worstKind({ notice: 0, alarm: 0, fault: 0, fatal: 0 })).toBeNull();
    expect(worstKind(undefined)).toBeNull();
  });
});

describe('alarmLevelOptions (issue 34 item 5)', () => {
  it('gives each of the five levels its own name in every language', async () => {
    const i18n = i18next.createInstance();
    const languages = { 'en-US': en, 'zh-CN': zh, 'pt-BR': pt, 'cs-CZ': cs };
    await i18n.init({
      lng: 'en-US',
      resources: Object.fromEntries(Object.entries(languages).map(([l, r]) => [l, { translation: r }])),
    });
    expect(alarmLevelOptions(i18n.t).map((o) => o.label)).toEqual([
      '1 · Notice',
      '2 · Minor alarm',
      '3 · Major alarm',
      '4 · Fault',
      '5 · Fatal',
    ]);
    for (const language of Object.keys(languages)) {
      await i18n.changeLanguage(language);
      const names = alarmLevelOptions(i18n.t).map((o) => o.label.split(' · ')[1]);
      expect(new Set(names).size, language).toBe(5);
      for (const name of names) expect(name, language).not.toMatch(/levelName/);
    }
  });
});
