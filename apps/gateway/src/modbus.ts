/** A Modbus TCP link to one device address (host:port), through modbus-serial (decision 0026). */
import ModbusRTU from 'modbus-serial';

/** Modbus allows at most 125 registers in one read (function 3). */
const MAX_READ = 125;

/** Reads and writes holding registers of any unit id behind one Modbus TCP address. */
export class ModbusLink {
  private readonly client = new ModbusRTU();
  /** Requests go one at a time: a Modbus TCP device (or its serial bridge) serves one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  /** `url` is `tcp://HOST[:PORT]` (port 502 by default); `timeoutMs` bounds each request. */
  constructor(
    readonly url: string,
    private readonly timeoutMs = 3000,
  ) {}

  /** Opens the TCP connection. Throws when the device does not answer. */
  async open(): Promise<void> {
    const u = new URL(this.url);
    if (u.protocol !== 'tcp:') throw new Error(`unsupported Modbus address ${this.url} (tcp://HOST:PORT)`);
    this.client.setTimeout(this.timeoutMs);
    await this.client.connectTCP(u.hostname, { port: Number(u.port || 502) });
    this.closed = false;
  }

  /** Set by close(): modbus-serial marks its port closed only once the socket's close event comes. */
  private closed = true;

  /** True while the TCP connection is open (false from close() on). */
  get isOpen(): boolean {
    return !this.closed && this.client.isOpen;
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** `length` holding registers of unit `unitId` from `address`, in reads of up to 125. Throws on a Modbus exception or timeout. */
  read(unitId: number, address: number, length: number): Promise<number[]> {
    return this.serial(async () => {
      this.client.setID(unitId);
      const out: number[] = [];
      for (let at = 0; at < length; at += MAX_READ) {
        const n = Math.min(MAX_READ, length - at);
        const r = await this.client.readHoldingRegisters(address + at, n);
        out.push(...r.data);
      }
      return out;
    });
  }

  /** Writes `words` to holding registers of unit `unitId` from `address` (function 16). */
  write(unitId: number, address: number, words: number[]): Promise<void> {
    return this.serial(async () => {
      this.client.setID(unitId);
      await this.client.writeRegisters(address, words);
    });
  }

  /**
   * Drops the connection at once (the socket destroyed, pending requests cancelled); never throws, and
   * resolves within the request timeout whatever the device does. A graceful close (FIN, then waiting for
   * the device's) left the link "open" until a later request failed, and a device that never closes its
   * side could hold it so: the next poll then found it open and read a dead socket instead of reconnecting.
   */
  close(): Promise<void> {
    const wasOpen = this.isOpen;
    this.closed = true;
    return new Promise((resolve) => {
      if (!wasOpen) return resolve();
      const late = setTimeout(resolve, this.timeoutMs);
      this.client.destroy(() => {
        clearTimeout(late);
        resolve();
      });
    });
  }
}
