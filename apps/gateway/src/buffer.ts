/**
 * Store-and-forward (device-protocol.md §6): every sample and alarm event is appended to an on-disk
 * segment and fsynced before anything is sent, and a segment is deleted only once every message carrying
 * it was acknowledged (PUBACK). A SIGKILL therefore loses nothing that was written; a segment half sent
 * when the process died is sent again whole (the platform stores each device and ts once).
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** One buffered record: a telemetry sample or an alarm event of device `sn`. */
export type BufferedRecord =
  | { kind: 'sample'; sn: string; ts: number; points: Record<string, number | boolean> }
  | { kind: 'alarm'; sn: string; ts: number; code: string; active: boolean };

/** Records per segment file: the granularity of sending and of dropping the oldest. */
const SEGMENT_RECORDS = 1000;
const SEGMENT = /^seg-(\d{12})\.jsonl$/;
const DROPPED_FILE = 'dropped.json';

/** A sealed segment waiting to be sent. */
export interface Segment {
  seq: number;
  records: BufferedRecord[];
}

/** The on-disk buffer of `dir`, holding at most `maxRecords` records (oldest segments dropped first). */
export class SampleBuffer {
  private seq = 0;
  private fd: number | undefined;
  private openCount = 0;
  /** Records per sealed segment, by sequence number. */
  private readonly sealed = new Map<number, number>();
  /** Records dropped because the buffer was full, since the buffer was created (kept on disk). */
  dropped = 0;

  constructor(
    private readonly dir: string,
    private readonly maxRecords = 500_000,
  ) {
    mkdirSync(dir, { recursive: true });
    // Every segment left from a previous run is sealed: appending to it again would mix runs.
    for (const name of readdirSync(dir).sort()) {
      const m = SEGMENT.exec(name);
      if (!m) continue;
      const seq = Number(m[1]);
      this.sealed.set(seq, this.readSegment(seq).length);
      this.seq = Math.max(this.seq, seq + 1);
    }
    try {
      this.dropped = Number(JSON.parse(readFileSync(join(dir, DROPPED_FILE), 'utf8')).dropped) || 0;
    } catch {
      this.dropped = 0;
    }
  }

  private path(seq: number): string {
    return join(this.dir, `seg-${String(seq).padStart(12, '0')}.jsonl`);
  }

  private readSegment(seq: number): BufferedRecord[] {
    const out: BufferedRecord[] = [];
    for (const line of readFileSync(this.path(seq), 'utf8').split('\n')) {
      if (!line) continue;
      try {
        out.push(JSON.parse(line) as BufferedRecord);
      } catch {
        // A line torn by a crash mid-write (before its fsync returned) was never acknowledged to anyone.
      }
    }
    return out;
  }

  /** Records held (sealed and open). */
  get size(): number {
    let n = this.openCount;
    for (const c of this.sealed.values()) n += c;
    return n;
  }

  /** Appends `records` and fsyncs them; drops the oldest segments past the bound. */
  append(records: BufferedRecord[]): void {
    if (records.length === 0) return;
    if (this.fd === undefined) {
      this.fd = openSync(this.path(this.seq), 'a');
      this.openCount = 0;
    }
    writeSync(this.fd, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fsyncSync(this.fd);
    this.openCount += records.length;
    if (this.openCount >= SEGMENT_RECORDS) this.seal();
    this.bound();
  }

  /** Closes the open segment so that it can be sent. */
  seal(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    this.sealed.set(this.seq, this.openCount);
    this.seq++;
    this.openCount = 0;
  }

  private bound(): void {
    while (this.size > this.maxRecords && this.sealed.size > 0) {
      const oldest = Math.min(...this.sealed.keys());
      this.dropped += this.sealed.get(oldest) ?? 0;
      this.remove(oldest);
      const f = openSync(join(this.dir, DROPPED_FILE), 'w');
      writeSync(f, JSON.stringify({ dropped: this.dropped }));
      fsyncSync(f);
      closeSync(f);
    }
  }

  /**
   * The oldest sealed segments, in order, holding together at most `maxRecords` records (at least one
   * segment whatever its size); empty when none waits. Sent together, a day's buffer of many devices
   * goes out in messages of hundreds of samples per device instead of one segment's few.
   */
  oldestBatch(maxRecords: number): Segment[] {
    const out: Segment[] = [];
    let n = 0;
    for (const seq of [...this.sealed.keys()].sort((a, b) => a - b)) {
      const count = this.sealed.get(seq) ?? 0;
      if (out.length > 0 && n + count > maxRecords) break;
      out.push({ seq, records: this.readSegment(seq) });
      n += count;
    }
    return out;
  }

  /** Deletes segment `seq`: call only after every message carrying it was acknowledged. */
  remove(seq: number): void {
    if (!this.sealed.delete(seq)) return;
    try {
      unlinkSync(this.path(seq));
    } catch {
      // Already gone: nothing to keep.
    }
  }

  /** Closes the open segment's file. */
  close(): void {
    this.seal();
  }
}
