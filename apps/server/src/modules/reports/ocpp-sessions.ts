/**
 * An OCPP charger's transactions as sessions of the sessions list (issue 22 item 4, docs/ocpp.md "Sessions
 * and reports"). Pure: the rows come from modules/ocpp/session-list-repo.ts.
 */
import type { ChargerSession } from '@ems/contract/api/report';
import type { SessionListRow } from '../ocpp/session-list-repo';

/** A session before its solar share is known, with its span in epoch ms for working that out. */
export interface SpannedSession {
  session: Omit<ChargerSession, 'solarShare'>;
  startMs: number;
  endMs: number;
}

const kwh = (wh: number) => Math.round(wh) / 1000;

/**
 * Maps transactions to sessions: energy meterStop − meterStart, or for an open one its latest reading
 * less meterStart (null before any reading); an open one lasts until `nowMs`.
 */
export function ocppSessions(rows: readonly SessionListRow[], nowMs: number): SpannedSession[] {
  return rows.map((r) => {
    const startMs = r.startedAt.getTime();
    const endMs = r.stoppedAt === null ? Math.max(startMs, nowMs) : r.stoppedAt.getTime();
    const openWh = r.meterLast === null ? null : Math.max(0, r.meterLast - r.meterStart);
    const wh = r.stoppedAt === null ? openWh : r.energyWh;
    return {
      startMs,
      endMs,
      session: {
        start: new Date(startMs).toISOString(),
        end: r.stoppedAt === null ? null : r.stoppedAt.toISOString(),
        energyKwh: wh === null ? null : kwh(wh),
        durationMin: Math.round((endMs - startMs) / 60_000),
        transactionId: r.transactionId,
        connectorId: r.connectorId,
        idTag: r.idTag,
        stopReason: r.stopReason,
        inferred: r.inferred,
      },
    };
  });
}
