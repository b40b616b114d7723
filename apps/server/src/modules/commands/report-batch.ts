/**
 * The devices' parameter reports taken together (issue 21 §8; shared/batch-loader.ts, decision 0022):
 * the reports arriving while a batch is written go into the next one, three statements per batch
 * instead of three per report: store them, read the devices' applied commands, mark verified those the
 * stored values show.
 */
import type { DbHandle } from '../../db/client';
import { oneBatchAtATime } from '../../shared/batch-loader';
import { shows } from './ack-batch';
import { markVerified, type ParamReport, unverifiedOf, upsertReports } from './repo';

/** Most reports in one batch. */
export const REPORT_BATCH_MAX = 200;

/** Splits `reports` into rounds holding each device once, in arrival order (a device's repeats go later). */
function roundsOf(reports: readonly ParamReport[]): ParamReport[][] {
  const rounds: ParamReport[][] = [];
  const seen = new Map<number, number>();
  for (const r of reports) {
    const round = seen.get(r.deviceId) ?? 0;
    seen.set(r.deviceId, round + 1);
    if (round === rounds.length) rounds.push([]);
    rounds[round]!.push(r);
  }
  return rounds;
}

/**
 * A loader of reports: `load(report)` resolves with how many commands the report verified, once it is
 * stored (0 also when a newer report was stored before it).
 */
export function createReportBatcher(db: DbHandle) {
  return oneBatchAtATime<ParamReport, number>(async (reports) => {
    const verifiedBy = new Map<ParamReport, number>();
    for (const round of roundsOf(reports)) {
      const stored = await upsertReports(db, round);
      const open = await unverifiedOf(db, [...stored.keys()]);
      const shown = open.filter((c) => shows(stored.get(c.deviceId)!, c.params));
      await markVerified(
        db,
        shown.map((c) => c.id),
      );
      const perDevice = new Map<number, number>();
      for (const c of shown) perDevice.set(c.deviceId, (perDevice.get(c.deviceId) ?? 0) + 1);
      for (const r of round) verifiedBy.set(r, perDevice.get(r.deviceId) ?? 0);
    }
    return reports.map((r) => verifiedBy.get(r) ?? 0);
  }, REPORT_BATCH_MAX);
}
