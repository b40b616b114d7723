/**
 * Sends the buffer oldest segments first, several together (BATCH_RECORDS): each device's samples as
 * `{"samples":[…]}` messages of at most 1,000 samples and under the 256 KB packet limit (device-protocol.md
 * §4, §6), alarm events as `{"events":[…]}` of at most 100 (§10); segments are deleted once all the
 * messages carrying them were acknowledged. Only confirmed devices' records go out (held.ts).
 */
import type { BufferedRecord, SampleBuffer } from './buffer';
import type { HeldRecords } from './held';
import { gatewayTopics, type PlatformLink } from './platform-link';

/** Samples per message (DEVICE_LIMITS.samplesPerMessage). */
export const MAX_SAMPLES = 1000;
const MAX_EVENTS = 100;
/**
 * Records read and sent together (several segments): a buffer of many devices' polls holds each device's
 * samples a few per segment, and the platform admits each device a few messages per second once its burst
 * is spent (device-protocol.md §4), so a replay must carry many samples per message to drain in minutes.
 * 20,000 records (≈ 20 segments) give 100 devices messages of 200 samples, 20 devices of 1,000.
 */
export const BATCH_RECORDS = 20_000;
/** Below the 256 KB packet limit, with room for the topic and the envelope. */
const MAX_BYTES = 200_000;

/** One MQTT message to send: topic and JSON payload. */
export interface OutMessage {
  topic: string;
  payload: string;
}

/** The messages that carry `records`, in order per device. */
export function messagesOf(records: readonly BufferedRecord[]): OutMessage[] {
  const bySn = new Map<string, { samples: string[]; events: string[] }>();
  for (const r of records) {
    let g = bySn.get(r.sn);
    if (!g) {
      g = { samples: [], events: [] };
      bySn.set(r.sn, g);
    }
    if (r.kind === 'sample') g.samples.push(JSON.stringify({ ts: r.ts, points: r.points }));
    else g.events.push(JSON.stringify({ ts: r.ts, code: r.code, active: r.active }));
  }
  const out: OutMessage[] = [];
  for (const [sn, g] of bySn) {
    out.push(
      ...chunks(g.samples, MAX_SAMPLES).map((c) => ({
        topic: gatewayTopics.telemetry(sn),
        payload: `{"samples":[${c}]}`,
      })),
    );
    out.push(
      ...chunks(g.events, MAX_EVENTS).map((c) => ({
        topic: gatewayTopics.alarm(sn),
        payload: `{"events":[${c}]}`,
      })),
    );
  }
  return out;
}

function chunks(items: string[], max: number): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let bytes = 0;
  for (const s of items) {
    if (cur.length > 0 && (cur.length >= max || bytes + s.length + 1 > MAX_BYTES)) {
      out.push(cur.join(','));
      cur = [];
      bytes = 0;
    }
    cur.push(s);
    bytes += s.length + 1;
  }
  if (cur.length > 0) out.push(cur.join(','));
  return out;
}

/** Which devices the sender may send for now (createSender). */
export interface SendGate {
  /** Devices found on the Modbus side now: records of any other are dropped (the platform would refuse them). */
  present(): Set<string>;
  /** Devices the platform confirmed (device-protocol.md §11): records of the others are held. */
  confirmed(): Set<string>;
}

/**
 * Sends sealed segments while the link is up; returns when the buffer is empty or the link went down
 * (what was not acknowledged stays on disk). Never runs twice at once per buffer. Records of devices no
 * longer found are dropped and counted: the platform would refuse them and close the link. Records of a
 * device found but not confirmed go to `held` (on disk) instead of out, and are sent, before anything newer
 * of that device, once it is confirmed; the other devices' records go on meanwhile.
 */
export function createSender(buffer: SampleBuffer, held: HeldRecords, link: PlatformLink, gate: SendGate) {
  let running: Promise<void> | undefined;
  const send = async (records: readonly BufferedRecord[]): Promise<boolean> => {
    const results = await Promise.allSettled(
      messagesOf(records).map((m) => link.publish(m.topic, m.payload)),
    );
    return results.every((r) => r.status === 'fulfilled');
  };
  async function run(): Promise<void> {
    buffer.seal();
    while (link.connected) {
      const ok = gate.confirmed();
      for (const sn of held.devices()) {
        if (ok.has(sn) && !(await held.release(sn, BATCH_RECORDS, send))) return;
      }
      const batch = buffer.oldestBatch(BATCH_RECORDS);
      if (batch.length === 0) return;
      const here = gate.present();
      const all = batch.flatMap((seg) => seg.records);
      const records = all.filter((r) => here.has(r.sn));
      buffer.dropped += all.length - records.length;
      // A device with held records waits behind them even once confirmed: its order is kept.
      const sendable = (sn: string) => ok.has(sn) && !held.has(sn);
      if (!(await send(records.filter((r) => sendable(r.sn))))) return;
      held.append(records.filter((r) => !sendable(r.sn)));
      for (const seg of batch) buffer.remove(seg.seq);
    }
  }
  return {
    /** Starts sending unless a send is under way; resolves when that pass ends. */
    drain(): Promise<void> {
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
