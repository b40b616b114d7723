/**
 * Prometheus metrics of the ingest (prom-client), served as text at `/metrics` on a separate port
 * (METRICS_PORT, on METRICS_HOST = loopback by default): a scraper needs no session, and the port is not
 * the public one, so only the host's network (or what an operator forwards) reaches it. The values are
 * read from the ingest's status (status.ts) at scrape time; batch latency is a histogram fed by the
 * batcher's onBatch. Metric names are listed in README.md (Monitoring the ingest).
 */
import { createServer, type Server } from 'node:http';
import type { IngestStatus } from '@ems/contract/api/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type GateProtocol, type GateReason, gateCounts } from './device-gate';
import type { BatchTimes } from './status';

/** Counters of IngestStatus exposed as `ems_ingest_{name}_total`. */
const COUNTERS: [keyof IngestStatus, string, string][] = [
  ['messagesReceived', 'ems_ingest_messages_received_total', 'Telemetry messages received'],
  ['samplesReceived', 'ems_ingest_samples_received_total', 'Samples accepted from valid messages'],
  ['samplesStored', 'ems_ingest_samples_stored_total', 'Samples newly stored'],
  [
    'duplicatesIgnored',
    'ems_ingest_samples_duplicate_total',
    'Samples already stored (device + ts), ignored',
  ],
  ['invalidMessages', 'ems_ingest_messages_invalid_total', 'Messages dropped: not JSON or not the schema'],
  ['badTimestamps', 'ems_ingest_samples_bad_timestamp_total', 'Samples dropped for an impossible timestamp'],
  ['unknownDeviceMessages', 'ems_ingest_messages_unknown_device_total', 'Messages of unknown serial numbers'],
  ['droppedByLimits', 'ems_ingest_messages_dropped_limits_total', 'Messages over the device limits'],
  ['rateLimited', 'ems_ingest_messages_rate_limited_total', 'Messages past their device message rate'],
  ['oversizePackets', 'ems_broker_oversize_packets_total', 'Connections closed for a packet over 256 KB'],
  ['samplesFailed', 'ems_ingest_samples_failed_total', 'Samples the database refused as bad data'],
  ['writeErrors', 'ems_ingest_write_errors_total', 'Batch writes failed (database away) and retried'],
];

/** The metrics registry and the batch latency it records. */
export interface IngestMetrics {
  registry: Registry;
  /** Pass as startIngest's onBatch. */
  observeBatch(seconds: number, rows: number): void;
  /** Totals of the observed batches (for the console's mean). */
  times: BatchTimes;
}

/** Creates the registry; `read` gives the current status (null: no ingest yet, nothing reported). */
export function createIngestMetrics(read: () => IngestStatus | null): IngestMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const [key, name, help] of COUNTERS) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const s = read();
        this.reset();
        if (s) this.inc(Number(s[key]));
      },
    });
  }
  // The device gate's refusals of every protocol (issue 31), by protocol and reason (device-gate.ts).
  new Counter({
    name: 'ems_device_gate_refused_total',
    help: 'Device input refused by the device gate, by protocol and reason',
    labelNames: ['protocol', 'reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [protocol, reasons] of Object.entries(gateCounts()) as [
        GateProtocol,
        Record<GateReason, number>,
      ][])
        for (const [reason, n] of Object.entries(reasons)) this.inc({ protocol, reason }, n);
    },
  });
  new Gauge({
    name: 'ems_ingest_queue_depth',
    help: 'Samples queued or being written, not yet committed',
    registers: [registry],
    collect() {
      this.set(read()?.queueDepth ?? 0);
    },
  });
  new Gauge({
    name: 'ems_ingest_broker_link_up',
    help: '1 while the ingest is connected to the broker (always 1 in-process)',
    registers: [registry],
    collect() {
      this.set(read()?.linkUp ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ems_broker_connected_clients',
    help: 'Clients connected to the embedded broker',
    registers: [registry],
    collect() {
      this.set(read()?.connectedClients ?? 0);
    },
  });
  const latency = new Histogram({
    name: 'ems_ingest_batch_duration_seconds',
    help: 'Duration of one committed batch write',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const times: BatchTimes = { count: 0, sumSeconds: 0 };
  return {
    registry,
    times,
    observeBatch: (seconds) => {
      latency.observe(seconds);
      times.count++;
      times.sumSeconds += seconds;
    },
  };
}

/** Serves `GET /metrics` on host:port (port 0: a free one). */
export async function startMetricsServer(opts: {
  registry: Registry;
  host: string;
  port: number;
  log: FastifyBaseLogger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    opts.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': opts.registry.contentType }).end(text),
      (err: unknown) => {
        opts.log.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log.info({ port, host: opts.host }, 'Prometheus metrics at /metrics');
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
