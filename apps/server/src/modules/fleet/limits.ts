/**
 * Spec §9 quantity limits of an account: its own setting, else the contract's default. Creating a site
 * or adding a device counts and inserts under a lock on the owner's users row, so concurrent creates
 * by one account cannot each see "one below the limit" and all insert (issue 7 §8).
 */
import { DEFAULT_MAX_DEVICES, DEFAULT_MAX_STATIONS } from '@ems/contract/constants';
import { sql } from 'drizzle-orm';
import type { Db, DbHandle } from '../../db/client';
import { limitReached } from './errors';

/** A transaction of the Drizzle database (what Db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Maximum sites and devices `userId` may own. */
export interface AccountLimits {
  maxStations: number;
  maxDevices: number;
}

type LimitRow = { max_stations: number | null; max_devices: number | null };

/** The limits of `userId` (defaults for an unknown user, who cannot create anything anyway). */
export async function accountLimits(db: DbHandle, userId: number): Promise<AccountLimits> {
  const res = await db.query<LimitRow>('SELECT max_stations, max_devices FROM users WHERE id = $1', [userId]);
  return toLimits(res.rows[0]);
}

function toLimits(r: LimitRow | undefined): AccountLimits {
  return {
    maxStations: r?.max_stations ?? DEFAULT_MAX_STATIONS,
    maxDevices: r?.max_devices ?? DEFAULT_MAX_DEVICES,
  };
}

/**
 * Locks `userId`'s users row for the rest of transaction `tx`: the lock insertWithinLimit takes, so a
 * device move and an add of the same owner cannot both take a site's last free bus address.
 */
export async function lockOwner(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** What a limited insert counts: the sites `userId` owns, or the devices on those sites. */
export type LimitedThing = 'stations' | 'devices';

async function countOwned(tx: Tx, userId: number, thing: LimitedThing): Promise<number> {
  const res =
    thing === 'stations'
      ? await tx.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM stations WHERE owner_id = ${userId}`,
        )
      : await tx.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM devices d JOIN stations s ON s.id = d.station_id
              WHERE s.owner_id = ${userId}`,
        );
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Runs `insert` in a transaction that first locks `userId`'s users row (SELECT … FOR UPDATE) and checks
 * that the account owns fewer `thing`s than its limit. A second create of the same account waits for
 * the first to commit and then counts its row (READ COMMITTED takes a new snapshot per statement; PGlite
 * runs transactions one at a time).
 * @returns what `insert` returns.
 * @throws limitReached ("quantity reached upper limit") at the limit; nothing is inserted then.
 */
export async function insertWithinLimit<T>(
  db: DbHandle,
  userId: number,
  thing: LimitedThing,
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.db.transaction(async (tx) => {
    const locked = await tx.execute<LimitRow>(
      sql`SELECT max_stations, max_devices FROM users WHERE id = ${userId} FOR UPDATE`,
    );
    const limits = toLimits(locked.rows[0]);
    const max = thing === 'stations' ? limits.maxStations : limits.maxDevices;
    if ((await countOwned(tx, userId, thing)) >= max) throw limitReached();
    return insert(tx);
  });
}
