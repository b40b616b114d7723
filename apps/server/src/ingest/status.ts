/**
 * The running ingest's status (IngestStatus of the contract) for the admin console route and the
 * Prometheus metrics. main.ts publishes a source once the ingest runs; the readers ask it at request or
 * scrape time. One ingest per process, so one module-level source (tests publish their own and retract it).
 */

import { hostname } from 'node:os';
import type { IngestStatus } from '@ems/contract/api/ingest';
import type { EmbeddedBroker } from './broker';
import { type ClusterStatus, combineIngestStatus } from './cluster-status';
import { gateRefusedList } from './device-gate';
import type { Ingest } from './ingest';

let source: (() => IngestStatus) | null = null;
/** This process's name and the other processes' counters (cluster-status.ts), once main.ts shares them. */
let cluster: { name: string; peers: ClusterStatus } | null = null;

/** Makes `read` the status source. @returns a function that retracts it. */
export function publishIngestStatus(read: () => IngestStatus): () => void {
  source = read;
  return () => {
    if (source === read) source = null;
  };
}

/** Makes `peers` the other processes' counters, this process being `name`. @returns the retraction. */
export function publishClusterStatus(name: string, peers: ClusterStatus): () => void {
  const mine = { name, peers };
  cluster = mine;
  return () => {
    if (cluster === mine) cluster = null;
  };
}

/** This process's status (Prometheus scrapes each process), or null when no ingest runs in it. */
export function readIngestStatus(): IngestStatus | null {
  return source ? source() : null;
}

/**
 * The platform's status for the console: this process's counters plus those of every other process
 * heard from (combineIngestStatus), or null when no ingest runs in this process.
 */
export function readPlatformIngestStatus(): IngestStatus | null {
  const own = readIngestStatus();
  if (!own) return null;
  return combineIngestStatus(cluster?.name ?? hostname(), own, cluster?.peers.others() ?? []);
}

/** Batch latency totals kept from the batcher's onBatch callback. */
export interface BatchTimes {
  count: number;
  sumSeconds: number;
}

/** Builds the status of `ingest` (and the embedded `broker`, if any). */
export function ingestStatusOf(
  ingest: Ingest,
  broker: EmbeddedBroker | null,
  times: BatchTimes,
): IngestStatus {
  const s = ingest.stats();
  return {
    broker: broker ? 'embedded' : 'external',
    linkUp: s.linkUp,
    connectedClients: broker ? broker.connectedClients() : null,
    messagesReceived: s.messages,
    samplesReceived: s.received,
    samplesStored: s.stored,
    duplicatesIgnored: s.duplicates,
    invalidMessages: s.invalid,
    badTimestamps: s.badTimestamps,
    unknownDeviceMessages: s.unknownDevice,
    droppedByLimits: s.droppedByLimits,
    rateLimited: s.rateLimited,
    rateLimitedDevices: ingest.rateLimitedDevices(10),
    // The process's gate counters, OCPP's included: the same ones the metrics port exports.
    gateRefused: gateRefusedList(),
    oversizePackets: broker ? broker.stats().oversizePackets : 0,
    samplesFailed: s.failed,
    writeErrors: s.writeErrors,
    batches: s.batches,
    queueDepth: s.pending,
    lastBatchMs: s.lastFlushMs,
    meanBatchMs: times.count > 0 ? (times.sumSeconds / times.count) * 1000 : 0,
    // Filled per process by readPlatformIngestStatus.
    nodes: [],
  };
}
