/**
 * CPU time from Linux's /proc (user + system, in clock ticks of 10 ms): what a bench charges to RabbitMQ,
 * PostgreSQL's backends, a child process or the push bench's mail server beside its own
 * process.cpuUsage(), and its own process's split by thread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { DbHandle } from '../apps/server/src/db/client';

/** Linux clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on every Linux port in use). */
const TICKS_PER_S = 100;

/** The fields of /proc/PID/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone
  }
}

/** µs of `ticks` clock ticks. */
const ticksUs = (ticks: number) => (ticks * 1_000_000) / TICKS_PER_S;

/** Ticks of user + system time in statFields' `f` (after the name: state, ppid, …; utime, stime 12th, 13th). */
const ownTicks = (f: string[]) => Number(f[11]) + Number(f[12]);

/** CPU time (user + system) of process `pid` so far, µs; 0 when it is unknown or gone. */
export function processCpuUs(pid: number | undefined): number {
  const f = pid ? statFields(pid) : null;
  return f ? ticksUs(ownTicks(f)) : 0;
}

/**
 * CPU time of the PostgreSQL server behind `db` so far, µs: its postmaster and every child (backends,
 * WAL writer, checkpointer…), with what its exited children used (the postmaster's cutime and cstime).
 * 0 when it runs elsewhere or cannot be read (PGlite, another machine, another user's server).
 */
export async function postgresCpuUs(db: DbHandle): Promise<number> {
  try {
    const dir = (await db.query<{ d: string }>('SELECT current_setting($1) AS d', ['data_directory']))
      .rows[0]!.d;
    const postmaster = readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]!.trim();
    let ticks = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const f = statFields(pid);
      if (!f || (pid !== postmaster && f[1] !== postmaster)) continue;
      ticks += ownTicks(f);
      if (pid === postmaster) ticks += Number(f[13]) + Number(f[14]);
    }
    return ticksUs(ticks);
  } catch {
    return 0;
  }
}

/**
 * CPU time of each thread of process `pid` so far, µs, summed by the thread's name (/proc/PID/task/TID/comm:
 * `MainThread`, `V8Worker` (garbage collection and compilation helpers), `libuv-worker`, and worker threads
 * by the name they were started with, such as the server's `ems-pglite` and `ems-smtp`).
 */
export function threadsCpuUs(pid: number = process.pid): Map<string, number> {
  const byName = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    const f = statFields(`${pid}/task/${tid}`);
    if (!f) continue;
    let name = '?';
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {}
    byName.set(name, (byName.get(name) ?? 0) + ticksUs(ownTicks(f)));
  }
  return byName;
}
