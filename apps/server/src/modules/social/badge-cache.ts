/**
 * The top-bar badge counts (user/badges, issue 10 §6) served from memory, exact after every change
 * (docs/decisions/0014-badge-counts.md). Counting afresh for each of 1,000 browsers every 5 s starved
 * list/real on PGlite (every statement on the Node process's one thread) and on PostgreSQL too once ingest
 * shared its two cores (p99 30 ms against 9 without the badge statements); here an unchanged user's
 * counts cost no statement.
 *
 * What tells the cache that something changed is the database, not the callers: statement triggers on
 * alarms, stations, station_shares and friendships (migrations 0009, 0011) NOTIFY badge_counts with the
 * table's name at the writer's commit, whoever the writer is (API, ingest, rules engine, cascades, another
 * API process, psql). Two generations follow the notifications:
 * - alarms: the active-alarm counts of every station by level, one statement for everyone, reloaded on
 *   the first call after an alarm changed;
 * - access: per user (and system type) the visible station ids (the access module's own query) and the
 *   pending friend requests and shares, reloaded on the user's next call after any of the other tables
 *   changed.
 * A load records the generation it started under, so a change that lands during the load makes its
 * result stale at once (never served as fresh).
 *
 * When changes arrive: on PGlite before the writer's query resolves, so the next call already sees them;
 * on PostgreSQL over a listening connection a few ms after the commit. While that connection is down
 * (notifications missed) every call counts afresh, and once it listens again everything held is reloaded.
 */
import type { BadgeCounts } from '@ems/contract/api/social';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { isAdmin } from '../access/require-admin';
import { accessibleStationIds } from '../access/station-access';
import { countActiveByStation } from '../alarms/repo';
import { addToCount, emptyCount } from '../alarms/service';
import { badgeCounts } from './badges';
import { pendingSocialCounts } from './friends-service';

/** The NOTIFY channel of migration 0009's triggers; the payload is the changed table's name. */
export const BADGE_CHANNEL = 'badge_counts';

/**
 * Longest an entry is served without a reload, as a backstop against a change no trigger sees (a manual
 * `SET session_replication_role = replica` in psql); triggers make every ordinary change visible at once.
 */
const MAX_AGE_MS = 10 * 60_000;
/** Entries kept before the per-user map is emptied (a bound on memory with many signed-in users). */
const MAX_USERS = 50_000;

/** Source of the combined badge counts. */
export interface BadgeCounter {
  /** Counts for `user`, alarms of `systemType` when given; equal to badgeCounts at this moment. */
  counts(user: SessionUser, systemType?: number): Promise<BadgeCounts>;
  /** Stops listening (the app's onClose). */
  close(): Promise<void>;
}

/** Active alarms of one station: count per level. */
type LevelCounts = { level: number; count: number }[];

interface UserEntry {
  gen: number;
  at: number;
  stationIds: number[];
  social: { friendRequests: number; shares: number };
}

/**
 * The badge counter of `db`, listening before it resolves (no change is missed); while it cannot listen
 * (PostgreSQL connection lost) it counts afresh on every call.
 */
export async function createBadgeCounter(db: DbHandle): Promise<BadgeCounter> {
  let alarmGen = 0;
  let accessGen = 0;
  let listening = false;
  const unlisten = await db.listen(BADGE_CHANNEL, {
    onNotify(table) {
      if (table === 'alarms') alarmGen++;
      else accessGen++;
    },
    onListening(now) {
      // Whatever was loaded before may have missed a change while nobody listened.
      alarmGen++;
      accessGen++;
      listening = now;
    },
  });

  let alarms: { gen: number; at: number; byStation: Map<number, LevelCounts> } | null = null;
  let alarmLoad: { gen: number; promise: Promise<Map<number, LevelCounts>> } | null = null;
  const users = new Map<string, UserEntry>();

  function activeAlarms(): Promise<Map<number, LevelCounts>> {
    if (alarms && alarms.gen === alarmGen && Date.now() - alarms.at < MAX_AGE_MS) {
      return Promise.resolve(alarms.byStation);
    }
    // One load per generation however many callers ask meanwhile.
    if (alarmLoad?.gen === alarmGen) return alarmLoad.promise;
    const gen = alarmGen;
    const at = Date.now();
    const promise = loadActiveAlarms(db).then(
      (byStation) => {
        if (!alarms || alarms.gen <= gen) alarms = { gen, at, byStation };
        return byStation;
      },
      (err: unknown) => {
        if (alarmLoad?.promise === promise) alarmLoad = null;
        throw err;
      },
    );
    alarmLoad = { gen, promise };
    return promise;
  }

  async function userEntry(user: SessionUser, systemType?: number): Promise<UserEntry> {
    const key = `${user.userId}:${isAdmin(user) ? 'admin' : ''}:${systemType ?? ''}`;
    const cached = users.get(key);
    if (cached && cached.gen === accessGen && Date.now() - cached.at < MAX_AGE_MS) return cached;
    const gen = accessGen;
    const at = Date.now();
    const [stationIds, social] = await Promise.all([
      accessibleStationIds(db, user, systemType),
      pendingSocialCounts(db, user.userId),
    ]);
    const entry = { gen, at, stationIds, social };
    if (users.size >= MAX_USERS) users.clear();
    users.set(key, entry);
    return entry;
  }

  return {
    async counts(user, systemType) {
      if (!listening) return badgeCounts(db, user, systemType);
      const [entry, byStation] = await Promise.all([userEntry(user, systemType), activeAlarms()]);
      const out = emptyCount();
      for (const id of entry.stationIds) {
        for (const { level, count } of byStation.get(id) ?? []) addToCount(out, level, count);
      }
      return { alarms: out, ...entry.social };
    },
    close: async () => {
      // The database may already be closing with the app; nothing is left to undo then.
      await unlisten().catch(() => {});
    },
  };
}

/** Active alarms of every station, per level (the alarms_active partial index holds exactly these). */
async function loadActiveAlarms(db: DbHandle): Promise<Map<number, LevelCounts>> {
  const byStation = new Map<number, LevelCounts>();
  for (const r of await countActiveByStation(db, null)) {
    const levels = byStation.get(r.station_id) ?? [];
    if (levels.length === 0) byStation.set(r.station_id, levels);
    levels.push({ level: r.level, count: r.count });
  }
  return byStation;
}
