/**
 * Records of devices the platform has not confirmed yet (docs/gateway.md "Buffering"), kept on disk per
 * device until it is: a broker may acknowledge a sample and still drop it (Mosquitto's static ACL before
 * it lists a newly announced device), so nothing of such a device is sent, and the main buffer moves on
 * for the others. Each device's records are a SampleBuffer of their own under `{dir}/held/{hex SN}`, so
 * they survive a restart and keep their order.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type BufferedRecord, SampleBuffer } from './buffer';

const hex = (sn: string) => Buffer.from(sn, 'utf8').toString('hex');
const fromHex = (name: string) => Buffer.from(name, 'hex').toString('utf8');

/** The held records of every unconfirmed device of one gateway's buffer directory. */
export class HeldRecords {
  private readonly root: string;
  private readonly bySn = new Map<string, SampleBuffer>();

  /** Opens `{dir}/held`, with what a previous run held; each device holds at most `maxRecords`. */
  constructor(
    dir: string,
    private readonly maxRecords: number,
  ) {
    this.root = join(dir, 'held');
    let names: string[] = [];
    try {
      names = readdirSync(this.root);
    } catch {
      // Nothing held yet.
    }
    for (const name of names) {
      if (!/^([0-9a-f]{2})+$/.test(name)) continue;
      const buf = new SampleBuffer(join(this.root, name), maxRecords);
      if (buf.size > 0) this.bySn.set(fromHex(name), buf);
      else rmSync(join(this.root, name), { recursive: true, force: true });
    }
  }

  /** Whether device `sn` has held records (its newer ones must wait behind them). */
  has(sn: string): boolean {
    return this.bySn.has(sn);
  }

  /** Devices with held records. */
  devices(): string[] {
    return [...this.bySn.keys()];
  }

  /** Held records, every device together. */
  get size(): number {
    let n = 0;
    for (const b of this.bySn.values()) n += b.size;
    return n;
  }

  /** Records dropped because a device's hold was full. */
  get dropped(): number {
    let n = 0;
    for (const b of this.bySn.values()) n += b.dropped;
    return n;
  }

  /** Appends each device's `records` (in order) to its hold, fsynced (SampleBuffer.append). */
  append(records: readonly BufferedRecord[]): void {
    const bySn = new Map<string, BufferedRecord[]>();
    for (const r of records) {
      const list = bySn.get(r.sn);
      if (list) list.push(r);
      else bySn.set(r.sn, [r]);
    }
    for (const [sn, list] of bySn) {
      let buf = this.bySn.get(sn);
      if (!buf) {
        buf = new SampleBuffer(join(this.root, hex(sn)), this.maxRecords);
        this.bySn.set(sn, buf);
      }
      buf.append(list);
    }
  }

  /**
   * Sends device `sn`'s held records oldest first with `send` (resolves once acknowledged), deleting each
   * batch after it; false when a send failed (the rest stays held).
   */
  async release(
    sn: string,
    batchRecords: number,
    send: (records: BufferedRecord[]) => Promise<boolean>,
  ): Promise<boolean> {
    const buf = this.bySn.get(sn);
    if (!buf) return true;
    buf.seal();
    for (let batch = buf.oldestBatch(batchRecords); batch.length > 0; batch = buf.oldestBatch(batchRecords)) {
      if (!(await send(batch.flatMap((s) => s.records)))) return false;
      for (const seg of batch) buf.remove(seg.seq);
    }
    buf.close();
    this.bySn.delete(sn);
    rmSync(join(this.root, hex(sn)), { recursive: true, force: true });
    return true;
  }

  /** Closes every device's open segment. */
  close(): void {
    for (const b of this.bySn.values()) b.close();
  }
}
