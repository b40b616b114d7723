/**
 * Test util: a throwaway RabbitMQ (Debian's rabbitmq-server, MQTT plugin) running the shipped
 * deploy/rabbitmq.conf and deploy/enabled_plugins on free loopback ports, in a temporary directory,
 * as a child process the test controls: `stop` and `start` keep its data (queues, messages), so a test
 * can restart or kill it mid-stream. Anonymous MQTT logins are let in as `guest` (loopback only).
 *
 * Run as root it works as well: the node runs as whoever runs the tests (Debian's `/usr/sbin` wrapper
 * would switch to the rabbitmq user; this starts `/usr/lib/rabbitmq/bin/rabbitmq-server` directly).
 * The Erlang port mapper (epmd) it starts on 4369 stays up after the test, shared by every node.
 * A first start takes 9 s on this 2-core machine when it is quiet, up to 20 s under load (the MQTT plugin
 * alone waits 3–6 s for cluster peers before electing itself), a restart with data 5 s (7 s under
 * load), a clean stop 1–3 s: one instance per test file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqplib from 'amqplib';
import { requireEngines } from '../test/engines';
import { stopChild } from '../test/stop-child';
import { declareIngestQueue } from './ingest-amqp';
import { accepts, freePort } from './test-mosquitto';

const DEPLOY = new URL('../../../../deploy/', import.meta.url);
const SERVER_BIN = '/usr/lib/rabbitmq/bin/rabbitmq-server';

/** Declares the ingest's queue and bindings on the RabbitMQ at `amqpUrl` (before devices publish). */
export async function declareQueueAt(amqpUrl: string): Promise<void> {
  const connection = await amqplib.connect(amqpUrl);
  try {
    await declareIngestQueue(await connection.createChannel());
  } finally {
    await connection.close();
  }
}

/** A running throwaway RabbitMQ. */
export interface TestRabbitmq {
  /** `mqtt://127.0.0.1:port`: devices and the server's commands (MQTT_URL). */
  mqttUrl: string;
  /** `amqp://guest:guest@127.0.0.1:port`: the ingest nodes (INGEST_AMQP_URL). */
  amqpUrl: string;
  /** Milliseconds the last start took until both listeners accepted connections. */
  startMs: number;
  /** The broker's process id while it runs (CPU accounting in benchmarks). */
  pid(): number | undefined;
  /** The end of the broker's own log (its files under RABBITMQ_LOG_BASE), to explain a failed test. */
  logTail(chars?: number): string;
  /** Resolves once the first start is complete (startTestRabbitmq's `wait: false`). */
  ready: Promise<void>;
  /** Stops it: SIGTERM shuts it down cleanly, SIGKILL kills it (both keep its data). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same ports and data. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/**
 * Starts RabbitMQ with the shipped settings on free loopback ports; resolves once it accepts, or at once
 * with `wait: false` (then `ready` tells), so a caller can start what connects to it meanwhile.
 */
export async function startTestRabbitmq(opts: { wait?: boolean } = {}): Promise<TestRabbitmq> {
  requireEngines('rabbitmq');
  const dir = mkdtempSync(join(tmpdir(), 'ems-rabbitmq-'));
  const [amqpPort, mqttPort, distPort] = [await freePort(), await freePort(), await freePort()];
  const conf = readFileSync(new URL('rabbitmq.conf', DEPLOY), 'utf8')
    .replace(/^listeners\.tcp\.default = .*$/m, `listeners.tcp.default = 127.0.0.1:${amqpPort}`)
    .replace(/^mqtt\.listeners\.tcp\.default = .*$/m, `mqtt.listeners.tcp.default = 127.0.0.1:${mqttPort}`)
    .replace(/^mqtt\.allow_anonymous = .*$/m, 'mqtt.allow_anonymous = true')
    .replace(/^disk_free_limit\.absolute = .*$/m, 'disk_free_limit.absolute = 50MB');
  writeFileSync(join(dir, 'rabbitmq.conf'), conf);
  writeFileSync(join(dir, 'enabled_plugins'), readFileSync(new URL('enabled_plugins', DEPLOY)));
  writeFileSync(join(dir, 'rabbitmq-env.conf'), '');
  mkdirSync(join(dir, 'home'));
  const env = {
    ...process.env,
    // The Erlang cookie is created in HOME: a private one per instance.
    HOME: join(dir, 'home'),
    RABBITMQ_NODENAME: `ems-test-${process.pid}-${amqpPort}@localhost`,
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    // The script then execs the VM itself, so the child's pid is the broker's (SIGKILL reaches it).
    RUNNING_UNDER_SYSTEMD: 'true',
  };
  let child: ChildProcess | null = null;
  let output = '';

  const handle: TestRabbitmq = {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    amqpUrl: `amqp://guest:guest@127.0.0.1:${amqpPort}`,
    startMs: 0,
    ready: Promise.resolve(),
    pid: () => child?.pid,
    logTail(chars = 12000) {
      const logs = join(dir, 'log');
      const text = existsSync(logs)
        ? readdirSync(logs)
            .filter((f) => f.endsWith('.log'))
            .map((f) => `== ${f}\n${readFileSync(join(logs, f), 'utf8').slice(-chars)}`)
            .join('\n')
        : '';
      return text || output.slice(-chars);
    },
    async start() {
      const t0 = performance.now();
      output = '';
      const c = spawn(SERVER_BIN, [], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      const keep = (d: Buffer) => {
        output = (output + d.toString()).slice(-10_000);
      };
      c.stdout!.on('data', keep);
      c.stderr!.on('data', keep);
      const end = Date.now() + 120_000;
      while (!((await accepts(mqttPort)) && (await accepts(amqpPort)))) {
        if (c.exitCode !== null)
          throw new Error(`rabbitmq exited with ${c.exitCode}: ${output.slice(-3000)}`);
        if (Date.now() > end) throw new Error(`rabbitmq did not start: ${output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      handle.startMs = Math.round(performance.now() - t0);
    },
    async stop(signal = 'SIGTERM') {
      const c = child;
      child = null;
      await stopChild(c, signal);
    },
    async dispose() {
      await handle.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  handle.ready = handle.start();
  if (opts.wait === false)
    handle.ready.catch(() => {}); // the caller awaits `ready`
  else await handle.ready;
  return handle;
}
