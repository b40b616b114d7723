/**
 * Issue 23 §6: ingest with one and with two server processes dividing RabbitMQ's queue
 * (INGEST_AMQP_URL, docs/decisions/0023-rabbitmq-ingest-queue.md), on a throwaway PostgreSQL and
 * RabbitMQ (deploy/rabbitmq.conf) on this machine. For each case, 100 data loggers (bench/ingest-publisher.ts,
 * MQTT 3.1.1, QoS 1, one 10-point sample per message) first fill the queue with MESSAGES messages while
 * no ingest runs; then the server processes (main.ts, simulator off) start together and drain it.
 * Measured from the moment every process has taken messages to the last sample stored: messages/s,
 * and the CPU time (from /proc) of the server processes and of RabbitMQ per message, so the table shows
 * what a node costs even where a shared 2-core machine cannot show what it gains.
 *
 * Run alone: `node --import tsx bench/ingest-nodes.ts`. Knob: INGEST_NODES_MESSAGES (default 100,000).
 * Needs rabbitmq-server and PostgreSQL installed (as CI has them).
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { serverProcess, until } from '../apps/server/src/ingest/restart-harness';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { freePort } from '../apps/server/src/ingest/test-mosquitto';
import { startTestPostgres } from '../apps/server/src/ingest/test-postgres';
import {
  declareQueueAt,
  startTestRabbitmq,
  type TestRabbitmq,
} from '../apps/server/src/ingest/test-rabbitmq';
import { engineInstalled } from '../apps/server/src/test/engines';
import { runChild } from './harness';
import type { PublisherJob, PublisherResult } from './ingest-publisher';
import { processCpuUs } from './proc-cpu';
import { printTable, type Row } from './table';

const MESSAGES = Number(process.env.INGEST_NODES_MESSAGES ?? 100_000);
const DEVICES = 100;
/** The ingest's received-messages counter of a server, read from its /metrics port (0 while unreachable). */
async function handled(metricsPort: number): Promise<number> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return Number(/^ems_ingest_messages_received_total (\d+)/m.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function nodesCase(nodes: number, dbUrl: string, rabbit: TestRabbitmq): Promise<Row> {
  const db = await openDb({ url: dbUrl }, { onConnectionError: () => {} });
  const station = await createTestStation(db);
  const devices = [];
  for (let i = 0; i < DEVICES; i++) devices.push(await createTestDevice(db, 'inverter', station));
  const ids = devices.map((d) => d.id);
  const stored = async () =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM telemetry WHERE device_id = ANY($1::int[])',
        [ids],
      )
    ).rows[0]!.n;

  // Fill the queue while no ingest consumes it.
  await declareQueueAt(rabbit.amqpUrl);
  const published = await runChild<PublisherJob, PublisherResult>('ingest-publisher.ts', {
    url: rabbit.mqttUrl,
    devices: devices.map((d) => ({ sn: d.sn, secret: '' })),
    samplesPerMessage: 1,
    seconds: 120,
    maxSamples: MESSAGES,
    startTs: Date.UTC(2026, 0, 1),
  });

  const metricsPorts = await Promise.all(Array.from({ length: nodes }, () => freePort()));
  const servers = await Promise.all(
    metricsPorts.map(async (metricsPort, i) =>
      serverProcess({
        PORT: String(await freePort()),
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: dbUrl,
        MQTT_URL: rabbit.mqttUrl,
        INGEST_AMQP_URL: rabbit.amqpUrl,
        NODE_NAME: `bench-${i}`,
        ADMIN_PASSWORD: 'Bench@Nodes2026',
        LOG_LEVEL: 'info',
        DEVICE_RATE_PER_S: '1000000',
      }),
    ),
  );
  try {
    // Each ingest consumes as soon as it is up, before its server is ready: measured from the moment
    // every process has taken messages (its metrics port is up a moment after its ingest).
    const started = Promise.all(servers.map((s) => s.start()));
    started.catch(() => {});
    let counts: number[] = [];
    await until(
      async () => {
        counts = await Promise.all(metricsPorts.map(handled));
        return counts.every((n) => n > 0);
      },
      60_000,
      'every ingest process to take messages',
    );
    const t0 = performance.now();
    const stored0 = await stored();
    const cpu0 = servers.map((s) => processCpuUs(s.pid()));
    const rabbitCpu0 = processCpuUs(rabbit.pid());
    // Counted every 250 ms: the count's own cost stays small beside the writes it measures.
    const end = performance.now() + 300_000;
    while ((await stored()) < published.samples) {
      if (performance.now() > end) throw new Error('ingest-nodes bench: the queue did not drain');
      await new Promise((r) => setTimeout(r, 250));
    }
    await started;
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = servers.reduce((sum, s, i) => sum + processCpuUs(s.pid()) - cpu0[i]!, 0);
    const rabbitCpu = processCpuUs(rabbit.pid()) - rabbitCpu0;
    const drained = published.samples - stored0;
    counts = await Promise.all(metricsPorts.map(handled));
    const total = counts.reduce((a, b) => a + b, 0);
    return {
      'ingest processes': nodes,
      'messages queued': published.samples,
      'measured messages': drained,
      seconds: Math.round(seconds * 10) / 10,
      'messages/s': Math.round(drained / seconds),
      'server CPU µs/msg': Math.round(serverCpu / drained),
      'RabbitMQ CPU µs/msg': Math.round(rabbitCpu / drained),
      'share per process': counts.map((n) => `${Math.round((n / total) * 100)} %`).join(' / '),
      'handled in all': total,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await db.close();
  }
}

/** The table rows: one and two ingest processes, with what the figures mean on this machine. */
export async function runIngestNodesBench(): Promise<Row[]> {
  if (!engineInstalled('rabbitmq') || !engineInstalled('postgresql'))
    return [{ case: 'not run: needs rabbitmq-server and PostgreSQL installed' }];
  const [pg, rabbit] = await Promise.all([startTestPostgres(), startTestRabbitmq()]);
  try {
    const db = await openDb({ url: pg.url }, { onConnectionError: () => {} });
    await migrate(db);
    await db.close();
    const one = await nodesCase(1, pg.url, rabbit);
    const two = await nodesCase(2, pg.url, rabbit);
    // Every process of the run shares this machine's cores.
    const cores = availableParallelism();
    one.note = `${cores} cores for PostgreSQL, RabbitMQ, publisher and ingest`;
    two.note = `same ${cores} cores: the 2nd process shows its cost (CPU µs/msg), not its gain`;
    return [one, two];
  } finally {
    await rabbit.dispose();
    pg.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(
    'Ingest nodes on RabbitMQ: one and two processes draining one queue (issue 23 §6)',
    await runIngestNodesBench(),
  );
  process.exit(0);
}
