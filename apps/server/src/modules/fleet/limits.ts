/** Spec §9 quantity limits of an account: its own setting, else the contract's default. */
import { DEFAULT_MAX_DEVICES, DEFAULT_MAX_STATIONS } from '@ems/contract/constants';
import type { DbHandle } from '../../db/client';

/** Maximum sites and devices `userId` may own. */
export interface AccountLimits {
  maxStations: number;
  maxDevices: number;
}

/** The limits of `userId` (defaults for an unknown user, who cannot create anything anyway). */
export async function accountLimits(db: DbHandle, userId: number): Promise<AccountLimits> {
  const res = await db.query<{ max_stations: number | null; max_devices: number | null }>(
    'SELECT max_stations, max_devices FROM users WHERE id = $1',
    [userId],
  );
  const r = res.rows[0];
  return {
    maxStations: r?.max_stations ?? DEFAULT_MAX_STATIONS,
    maxDevices: r?.max_devices ?? DEFAULT_MAX_DEVICES,
  };
}

/** How many sites `userId` owns. */
export async function ownedStationCount(db: DbHandle, userId: number): Promise<number> {
  const res = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stations WHERE owner_id = $1', [
    userId,
  ]);
  return res.rows[0]?.n ?? 0;
}

/** How many devices sit on sites `userId` owns. */
export async function ownedDeviceCount(db: DbHandle, userId: number): Promise<number> {
  const res = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM devices d JOIN stations s ON s.id = d.station_id WHERE s.owner_id = $1',
    [userId],
  );
  return res.rows[0]?.n ?? 0;
}
