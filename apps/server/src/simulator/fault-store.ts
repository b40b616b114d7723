/** Writes the backfill's past faults (fault-history.ts) as cleared alarms that are never pushed. */
import type { DbHandle } from '../db/client';
import { catalogFamily, lookupAlarm } from '../modules/alarms/catalog';
import { type HistoricAlarm, insertHistoricAlarms } from '../modules/alarms/history-repo';
import type { PastFault } from './fault-history';
import type { FleetSite } from './fleet-store';

/** Writes `faults` of `sites`' devices (devices without an id are skipped). @returns how many were written. */
export function writePastFaults(
  db: DbHandle,
  sites: readonly FleetSite[],
  faults: PastFault[],
): Promise<number> {
  const devices = new Map(
    sites.flatMap((s) => s.spec.devices.map((d) => [d.sn, { spec: d, id: s.deviceIds[d.sn] }] as const)),
  );
  const alarms: HistoricAlarm[] = [];
  for (const f of faults) {
    const d = devices.get(f.sn);
    if (d?.id === undefined) continue;
    const catalog = catalogFamily(d.spec.type, d.spec.product.manufacturer, d.spec.product.model);
    const entry = lookupAlarm(catalog, f.code) ?? { level: 3, desc: f.code };
    alarms.push({
      deviceId: d.id,
      code: f.code,
      level: entry.level,
      desc: entry.desc,
      catalog,
      start: f.start,
      end: f.end,
    });
  }
  return insertHistoricAlarms(db, alarms);
}
