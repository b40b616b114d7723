/**
 * Energy of many devices over consecutive buckets, each figure from the device's counter where it sends
 * one and from integrated power otherwise (issue 12, docs/energy.md). Shared by station/statistics and
 * the reports (issue 8), so a report's day equals the statistics' day.
 */
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { loadEnergyBuckets, loadPowerEnergy } from './energy-repo';
import { type BucketEnergy, type PickedEnergy, pickEnergy, powerDirection } from './energy-source';
import { loadCounterBaselines } from './repo';

/** A device whose energy is read. */
export interface EnergyDevice {
  deviceId: number;
  deviceType: string;
}

/** One device's energy per bucket (Wh, in the order of `starts`); null where nothing was measured. */
export interface DeviceBucketEnergy {
  deviceId: number;
  type: DeviceType;
  eIn: (number | null)[];
  eOut: (number | null)[];
}

/** One device's energy parts per bucket (in the order of `starts`), before the source is picked. */
export interface DeviceBucketParts {
  deviceId: number;
  type: DeviceType;
  eIn: BucketEnergy[];
  eOut: BucketEnergy[];
}

/**
 * Energy parts per device and bucket from the 5-minute rollup; buckets are [starts[i], starts[i+1])
 * and the last ends at `end`. The daily rollup stores these parts (rollup-refresh.ts).
 * @returns one entry per device, in the order given.
 */
export async function loadBucketParts(
  db: DbHandle,
  devices: readonly EnergyDevice[],
  starts: readonly Date[],
  end: Date,
): Promise<DeviceBucketParts[]> {
  const ids = devices.map((d) => d.deviceId);
  // Only meters and batteries have an e_out counter; asking others would walk their whole history.
  const baselines = await loadCounterBaselines(
    db,
    devices.map((d) => ({
      deviceId: d.deviceId,
      before: starts[0]!,
      eIn: true,
      eOut: d.deviceType === 'meter' || d.deviceType === 'battery',
    })),
    false,
  );
  const rows = await loadEnergyBuckets(db, ids, starts, end, baselines);

  const none = (): BucketEnergy[] =>
    starts.map(() => ({ counterWh: null, counterWhole: false, powerWh: null }));
  const energy = new Map(ids.map((id) => [id, { eIn: none(), eOut: none() }]));
  const typeOf = new Map(devices.map((d) => [d.deviceId, d.deviceType]));
  const power = (dir: 'pos' | 'neg' | null, pos: number | null, neg: number | null) =>
    dir === 'pos' ? pos : dir === 'neg' ? neg : null;
  // Counters that start within a bucket: power energy up to their first reading, in one query.
  const counterStarts: {
    deviceId: number;
    from: Date;
    until: Date;
    set(pos: number | null, neg: number | null): void;
  }[] = [];
  for (const r of rows) {
    const acc = energy.get(r.deviceId);
    if (!acc || r.index < 0 || r.index >= starts.length) continue;
    const type = typeOf.get(r.deviceId)!;
    const inDir = powerDirection(type, 'eIn');
    const outDir = powerDirection(type, 'eOut');
    const eIn: BucketEnergy = {
      counterWh: r.inWh,
      counterWhole: r.inWhole,
      powerWh: power(inDir, r.posWh, r.negWh),
    };
    const eOut: BucketEnergy = {
      counterWh: r.outWh,
      counterWhole: r.outWhole,
      powerWh: power(outDir, r.posWh, r.negWh),
    };
    acc.eIn[r.index] = eIn;
    acc.eOut[r.index] = eOut;
    const from = starts[r.index]!;
    // A counter that starts in this bucket: the power energy before its first reading belongs here too.
    for (const [start, wh, energy, dir] of [
      [r.inStart, r.inWh, eIn, inDir],
      [r.outStart, r.outWh, eOut, outDir],
    ] as const) {
      if (!start || wh === null) continue;
      counterStarts.push({
        deviceId: r.deviceId,
        from,
        until: new Date(start),
        set: (p, n) => {
          energy.powerBeforeWh = power(dir, p, n);
        },
      });
    }
  }
  const before = await loadPowerEnergy(db, counterStarts);
  for (const [i, s] of counterStarts.entries()) s.set(before[i]?.pos ?? null, before[i]?.neg ?? null);
  return devices.map((d) => ({
    deviceId: d.deviceId,
    type: d.deviceType as DeviceType,
    ...energy.get(d.deviceId)!,
  }));
}

/**
 * Picks each part's figure (counter where read, power otherwise) and collects the sources.
 * @returns figures per device and bucket, and the source of every figure (for combineSources).
 */
export function pickParts(parts: readonly DeviceBucketParts[]): {
  devices: DeviceBucketEnergy[];
  sources: PickedEnergy['source'][];
} {
  const sources: PickedEnergy['source'][] = [];
  const pickAll = (list: BucketEnergy[]) =>
    list.map((e) => {
      const picked = pickEnergy(e);
      sources.push(picked.source);
      return picked.wh;
    });
  return {
    devices: parts.map((p) => ({
      deviceId: p.deviceId,
      type: p.type,
      eIn: pickAll(p.eIn),
      eOut: pickAll(p.eOut),
    })),
    sources,
  };
}

/**
 * Energy per device and bucket straight from the 5-minute rollup; buckets are [starts[i], starts[i+1])
 * and the last ends at `end`. Month, year and total figures read the daily rollups instead (rollup-read.ts).
 * @returns one entry per device (in the order given) and the source of every figure read (for
 *   combineSources: counter, power, mixed).
 */
export async function loadBucketEnergy(
  db: DbHandle,
  devices: readonly EnergyDevice[],
  starts: readonly Date[],
  end: Date,
): Promise<{ devices: DeviceBucketEnergy[]; sources: PickedEnergy['source'][] }> {
  return pickParts(await loadBucketParts(db, devices, starts, end));
}
