/**
 * Command round trip (issue 21 item 8; docs/commands.md "Measured"): `POST device/params/set` through the
 * real app with the owner's token → dispatcher (job queue) → MQTT downlink → a logger over MQTT applies it
 * and answers on `…/command/ack` → the answer recorded: **applied**; the logger then reports its values
 * in telemetry → **verified**. Loggers run in a child process (bench/commands-loggers.ts).
 *
 * Observed as a client would see it: the command's state row (device_commands) is read every
 * COMMANDS_BENCH_POLL_MS, one query for every open command (so figures are up to one poll late). The
 * stage table splits the time with the row's own timestamps (recorded, sent, answer recorded) and the
 * logger's receipt time.
 *
 * Cases, through the embedded broker (aedes) and through Mosquitto (skipped when it is not installed):
 * one device × COMMANDS_BENCH_SEQUENTIAL (50) commands one after another (each waits for the previous
 * to be verified), and COMMANDS_BENCH_DEVICES (1,000) devices with one command each, all asked at once.
 * PGlite on disk, and PostgreSQL when DATABASE_URL is set. Target: p99 set → applied ≤ 2 s on one node.
 *
 * Run alone: `node --import tsx bench/commands.ts`. Knobs: COMMANDS_BENCH_DEVICES (1000),
 * COMMANDS_BENCH_SEQUENTIAL (50), COMMANDS_BENCH_POLL_MS (50), COMMANDS_BENCH_VERIFY (1; 0 stops at
 * applied and loggers do not report), COMMANDS_BENCH_BROKER (`aedes` or `mosquitto`: that broker only),
 * COMMANDS_BENCH_DB (`pglite` or `postgresql`: that database only).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { engineInstalled } from '../apps/server/src/test/engines';
import type { LoggersJob, LoggersResult } from './commands-loggers';
import { type BenchBroker, type CommandServer, startCommandServer } from './commands-server';
import { type BenchDbKind, startChild } from './harness';
import { quantile, wallMs } from './stats';
import { printTable, type Row } from './table';

const DEVICES = Number(process.env.COMMANDS_BENCH_DEVICES ?? 1000);
const SEQUENTIAL = Number(process.env.COMMANDS_BENCH_SEQUENTIAL ?? 50);
const POLL_MS = Number(process.env.COMMANDS_BENCH_POLL_MS ?? 50);
const VERIFY = process.env.COMMANDS_BENCH_VERIFY !== '0';
const BROKERS = (['aedes (embedded)', 'Mosquitto'] as const).filter(
  (b) => !process.env.COMMANDS_BENCH_BROKER || b.toLowerCase().startsWith(process.env.COMMANDS_BENCH_BROKER),
);
/** Longest a case may run. */
const CASE_LIMIT_MS = 180_000;
const TARGET_P99_MS = 2000;

/** One command followed from its set call (wall clock ms). */
interface Tracked {
  id: string;
  t0: number;
  answered: number;
  applied?: number;
  verified?: number;
  /** failed, timedOut or expired. */
  ended?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const finished = (t: Tracked) => t.ended !== undefined || (VERIFY ? t.verified : t.applied) !== undefined;

/** POST device/params/set as the owner; throws unless a command was recorded. */
async function set(s: CommandServer, deviceId: number, params: Record<string, unknown>): Promise<Tracked> {
  const t0 = wallMs();
  const res = await s.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/device/params/set`,
    headers: { [TOKEN_HEADER]: s.token, [LANGUAGE_HEADER]: '1' },
    payload: { deviceId, params },
  });
  const body = res.json() as { status: number; msg: string; data?: { commandId: string | null } };
  if (body.status !== Status.OK || !body.data?.commandId) throw new Error(`set: ${res.body}`);
  return { id: body.data.commandId, t0, answered: wallMs() };
}

/** Reads the open commands' states every POLL_MS until `done()` or the case's time is up. */
async function watch(s: CommandServer, tracked: Map<string, Tracked>, done: () => boolean): Promise<void> {
  const deadline = wallMs() + CASE_LIMIT_MS;
  while (!done() && wallMs() < deadline) {
    const open = [...tracked.values()].filter((t) => !finished(t)).map((t) => t.id);
    if (open.length > 0) {
      const { rows } = await s.db.query<{ id: string; state: string }>(
        'SELECT id, state FROM device_commands WHERE id = ANY($1::uuid[])',
        [open],
      );
      const at = wallMs();
      for (const { id, state } of rows) {
        const t = tracked.get(id)!;
        if ((state === 'applied' || state === 'verified') && t.applied === undefined) t.applied = at;
        if (state === 'verified') t.verified = at;
        if (state === 'failed' || state === 'timedOut' || state === 'expired') t.ended = state;
      }
      if (done()) return;
    }
    await sleep(POLL_MS);
  }
}

/** One device, SEQUENTIAL commands one after another (socLowerOnGrid 21, 22, …: each differs). */
async function sequential(s: CommandServer): Promise<Tracked[]> {
  const tracked = new Map<string, Tracked>();
  const device = s.devices[0]!;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = await set(s, device.id, { socLowerOnGrid: 21 + (i % 50) });
    tracked.set(t.id, t);
    await watch(s, tracked, () => finished(t));
  }
  return [...tracked.values()];
}

/** Every device one command (socLowerOnGrid 75), all set calls started at once. */
async function burst(s: CommandServer): Promise<Tracked[]> {
  const tracked = new Map<string, Tracked>();
  let answered = 0;
  const calls = Promise.all(
    s.devices.map((d) =>
      set(s, d.id, { socLowerOnGrid: 75 }).then((t) => {
        tracked.set(t.id, t);
        answered++;
      }),
    ),
  );
  await watch(s, tracked, () => answered === s.devices.length && [...tracked.values()].every(finished));
  await calls;
  return [...tracked.values()];
}

/** Stage times of the commands (ms after their set call, from the rows and the loggers' receipts). */
interface Stages {
  answered: number[];
  recorded: number[];
  sent: number[];
  atDevice: number[];
  acked: number[];
  applied: number[];
  verified: number[];
}

async function stagesOf(
  s: CommandServer,
  cmds: Tracked[],
  received: LoggersResult['received'],
): Promise<Stages> {
  const { rows } = await s.db.query<{
    id: string;
    created: number;
    sent: number | null;
    acked: number | null;
  }>(
    `SELECT id, extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM sent_at) * 1000 AS sent,
            extract(epoch FROM acked_at) * 1000 AS acked
     FROM device_commands WHERE id = ANY($1::uuid[])`,
    [cmds.map((c) => c.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const st: Stages = {
    answered: [],
    recorded: [],
    sent: [],
    atDevice: [],
    acked: [],
    applied: [],
    verified: [],
  };
  const add = (list: number[], at: number | null | undefined, t0: number) => {
    if (at !== null && at !== undefined) list.push(Number(at) - t0);
  };
  for (const c of cmds) {
    const r = byId.get(c.id);
    add(st.answered, c.answered, c.t0);
    add(st.recorded, r?.created, c.t0);
    add(st.sent, r?.sent, c.t0);
    add(st.atDevice, received[c.id], c.t0);
    add(st.acked, r?.acked, c.t0);
    add(st.applied, c.applied, c.t0);
    add(st.verified, c.verified, c.t0);
  }
  for (const list of Object.values(st) as number[][]) list.sort((a, b) => a - b);
  return st;
}

/** Rows of the round-trip table and of the stage table for one case. */
function rowsOf(base: Row, n: number, st: Stages): { round: Row; stages: Row } {
  const ms = (list: number[], q: number) => (list.length ? Math.round(quantile(list, q)) : Number.NaN);
  const both = (list: number[]) => (list.length ? `${ms(list, 0.5)} / ${ms(list, 0.99)}` : '–');
  const p99 = ms(st.applied, 0.99);
  return {
    round: {
      ...base,
      commands: n,
      applied: st.applied.length,
      'applied p50 ms': ms(st.applied, 0.5),
      'applied p99 ms': p99,
      'applied max ms': ms(st.applied, 1),
      'verified p50 ms': VERIFY ? ms(st.verified, 0.5) : '–',
      'verified p99 ms': VERIFY ? ms(st.verified, 0.99) : '–',
      'p99 ≤ 2 s': st.applied.length === n && p99 <= TARGET_P99_MS ? 'yes' : 'no',
    },
    stages: {
      ...base,
      'set answered': both(st.answered),
      'recorded (created_at)': both(st.recorded),
      'sent (sent_at)': both(st.sent),
      'at the logger': both(st.atDevice),
      'answer recorded (acked_at)': both(st.acked),
      'applied seen': both(st.applied),
    },
  };
}

/** Both cases on one database and broker. */
async function casesOn(kind: BenchDbKind, broker: BenchBroker): Promise<{ round: Row[]; stages: Row[] }> {
  const s = await startCommandServer(kind, broker, DEVICES);
  const loggers = startChild<LoggersJob, { ready: number }>('commands-loggers.ts', {
    url: s.ti.mqttUrl,
    devices: s.devices,
    params: { socLowerOnGrid: 20, socLowerOffGrid: 10 },
    report: VERIFY,
  });
  try {
    await loggers.first;
    // Every logger's status "online" has reached the ingest (an external broker's devices are known so).
    await s.ti.waitFor(() => s.onlineCount() === s.devices.length, 120_000);
    const seq = await sequential(s);
    const all = await burst(s);
    const { received } = await loggers.finish<LoggersResult>({ stop: true });
    const cases: [string, Tracked[], number][] = [
      [`1 device × ${SEQUENTIAL} in a row`, seq, SEQUENTIAL],
      [`${DEVICES} devices × 1 at once`, all, DEVICES],
    ];
    const round: Row[] = [];
    const stages: Row[] = [];
    for (const [name, cmds, n] of cases) {
      const r = rowsOf({ db: kind, broker, case: name }, n, await stagesOf(s, cmds, received));
      round.push(r.round);
      stages.push(r.stages);
    }
    return { round, stages };
  } finally {
    await s.stop();
  }
}

/** Every case on PGlite (and PostgreSQL with DATABASE_URL), through aedes and Mosquitto. */
export async function runCommandBench(): Promise<{ round: Row[]; stages: Row[] }> {
  const round: Row[] = [];
  const stages: Row[] = [];
  const kinds = (process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite']).filter(
    (k) => !process.env.COMMANDS_BENCH_DB || k.toLowerCase() === process.env.COMMANDS_BENCH_DB,
  ) as BenchDbKind[];
  for (const kind of kinds) {
    for (const broker of BROKERS) {
      if (broker === 'Mosquitto' && !engineInstalled('mosquitto')) {
        round.push({ db: kind, broker, case: 'skipped: mosquitto is not installed' });
        continue;
      }
      const r = await casesOn(kind, broker);
      round.push(...r.round);
      stages.push(...r.stages);
    }
  }
  return { round, stages };
}

/** Prints the two tables of runCommandBench. */
export function printCommandBench(r: { round: Row[]; stages: Row[] }): void {
  printTable('Commands: set → applied / verified (issue 21; target p99 ≤ 2 s)', r.round);
  printTable('Commands: where the time goes (ms after the set call, p50 / p99)', r.stages);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`Commands bench on ${process.version}, ${new Date().toISOString()}, load average ${load}`);
  printCommandBench(await runCommandBench());
  process.exit(0);
}
