import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChargerSession } from '@ems/contract/api/report';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { hasOcppSessions, STOP_REASONS, sessionRowKey, stopReasonText } from './charger-session-columns';

/** A t that shows which key it was asked for. */
const t = ((key: string) => `«${key}»`) as unknown as TFunction;

const mqtt: ChargerSession = {
  start: '2026-02-10T09:00:00.000Z',
  end: null,
  energyKwh: 1,
  durationMin: 5,
  solarShare: null,
  transactionId: null,
  connectorId: null,
  idTag: null,
  stopReason: null,
  inferred: null,
};

describe('OCPP columns of the charging sessions (issue 22 item 4)', () => {
  it('shows them only when a session is an OCPP transaction, keyed by its id', () => {
    expect(hasOcppSessions([mqtt])).toBe(false);
    expect(hasOcppSessions([])).toBe(false);
    const ocpp = { ...mqtt, transactionId: 42, connectorId: 1, idTag: 'CARD' };
    expect(hasOcppSessions([mqtt, ocpp])).toBe(true);
    expect(sessionRowKey(ocpp)).toBe('42');
    expect(sessionRowKey(mqtt)).toBe(mqtt.start);
  });

  it('says a stop reason in words, an unknown one as sent, and a stop the platform inferred', () => {
    expect(stopReasonText({ stopReason: 'EVDisconnected', inferred: false }, t)).toBe(
      '«history.events.reasons.EVDisconnected»',
    );
    expect(stopReasonText({ stopReason: 'Replaced', inferred: true }, t)).toBe(
      '«history.events.reasons.Replaced» («history.events.inferred»)',
    );
    expect(stopReasonText({ stopReason: 'VendorSpecific', inferred: false }, t)).toBe('VendorSpecific');
    expect(stopReasonText({ stopReason: null, inferred: false }, t)).toBe('');
  });

  it('has a text for every stop reason in every language', () => {
    const locales = join(__dirname, '../../../locales');
    for (const lang of readdirSync(locales)) {
      const file = join(locales, lang, 'history.json');
      const reasons = JSON.parse(readFileSync(file, 'utf8')).history.events.reasons as Record<string, string>;
      for (const r of STOP_REASONS) expect(reasons[r], `${lang} ${r}`).toMatch(/\S/);
    }
  });
});
