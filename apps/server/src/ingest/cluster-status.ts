/**
 * The ingest status of every server process (issue 23): each process NOTIFYs its own counters on
 * `ingest_status` every STATUS_SHARE_MS and keeps what the others said, so the administrator's console
 * shows the whole platform's counters whichever process answers (behind a round-robin proxy each 5-s
 * refresh lands on another one). No table: a process not heard from for STATUS_STALE_MS is left out.
 */
import type { IngestStatus } from '@ems/contract/api/ingest';
import type { DbHandle } from '../db/client';

/** Channel of the processes' ingest counters. */
export const STATUS_CHANNEL = 'ingest_status';
/** How often a process tells its counters. */
export const STATUS_SHARE_MS = 5_000;
/** A process silent this long is gone (stopped, or its database link down). */
export const STATUS_STALE_MS = 15_000;

/** One process's counters as the others heard them. */
interface Heard {
  status: IngestStatus;
  at: number;
}

/** The counters of the other processes, and how to stop sharing. */
export interface ClusterStatus {
  /** What the other processes said last, fresh ones only. */
  others(now?: number): { name: string; status: IngestStatus }[];
  stop(): Promise<void>;
}

/**
 * Shares `read()` as process `name` on `db` and listens to the others. A failed NOTIFY is retried at the
 * next tick (the console then shows this process's last figures a little longer elsewhere).
 */
export async function shareIngestStatus(
  db: DbHandle,
  name: string,
  read: () => IngestStatus,
): Promise<ClusterStatus> {
  const heard = new Map<string, Heard>();
  const stopListening = await db.listen(STATUS_CHANNEL, {
    onNotify(payload) {
      try {
        const msg = JSON.parse(payload) as { name: string; status: IngestStatus };
        if (msg.name !== name) heard.set(msg.name, { status: msg.status, at: Date.now() });
      } catch {
        // Not ours: ignored.
      }
    },
    onListening: () => {},
  });
  const tell = () => {
    // rateLimitedDevices stay per process (the console lists the answering one's): keeps the payload small.
    const { rateLimitedDevices: _r, nodes: _n, ...status } = read();
    const payload = JSON.stringify({ name, status: { ...status, rateLimitedDevices: [], nodes: [] } });
    void db.query('SELECT pg_notify($1, $2)', [STATUS_CHANNEL, payload]).catch(() => {});
  };
  tell();
  const timer = setInterval(tell, STATUS_SHARE_MS);
  timer.unref();
  return {
    others(now = Date.now()) {
      return [...heard]
        .filter(([, h]) => now - h.at <= STATUS_STALE_MS)
        .map(([n, h]) => ({ name: n, status: h.status }));
    },
    async stop() {
      clearInterval(timer);
      await stopListening();
    },
  };
}

const SUMMED = [
  'messagesReceived',
  'samplesReceived',
  'samplesStored',
  'duplicatesIgnored',
  'invalidMessages',
  'badTimestamps',
  'unknownDeviceMessages',
  'droppedByLimits',
  'rateLimited',
  'oversizePackets',
  'samplesFailed',
  'writeErrors',
  'batches',
  'queueDepth',
] as const satisfies readonly (keyof IngestStatus)[];

/**
 * This process's status (`own`, as process `name`) with the others' added: counters summed, the link up
 * only when every process's is, the last batch the slowest, the mean batch weighted by batches; `nodes`
 * lists each process, this one first.
 */
export function combineIngestStatus(
  name: string,
  own: IngestStatus,
  others: { name: string; status: IngestStatus }[],
): IngestStatus {
  const all = [{ name, status: own }, ...others];
  const total = { ...own };
  for (const key of SUMMED) total[key] = all.reduce((sum, n) => sum + n.status[key], 0);
  const batchTime = all.reduce((sum, n) => sum + n.status.meanBatchMs * n.status.batches, 0);
  return {
    ...total,
    linkUp: all.every((n) => n.status.linkUp),
    connectedClients: own.connectedClients,
    lastBatchMs: Math.max(...all.map((n) => n.status.lastBatchMs)),
    meanBatchMs: total.batches > 0 ? batchTime / total.batches : 0,
    gateRefused: own.gateRefused.map((g) => ({
      ...g,
      messages: all.reduce(
        (sum, n) =>
          sum +
          // A peer of an older version may not report the gate yet.
          (n.status.gateRefused?.find((o) => o.protocol === g.protocol && o.reason === g.reason)?.messages ??
            0),
        0,
      ),
    })),
    nodes: all.map((n) => ({
      name: n.name,
      linkUp: n.status.linkUp,
      messagesReceived: n.status.messagesReceived,
      samplesStored: n.status.samplesStored,
      duplicatesIgnored: n.status.duplicatesIgnored,
      queueDepth: n.status.queueDepth,
    })),
  };
}
