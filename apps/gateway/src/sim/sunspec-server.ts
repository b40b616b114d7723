/**
 * A SunSpec device server on Modbus TCP (modbus-serial's ServerTCP), built from the same JSON models the
 * gateway reads: the tests' and the demo's inverters, meters and batteries. Each unit id behind the port
 * is one device with its own map base (40000, 0 or 50000) and model chain.
 */
import net from 'node:net';
import { ServerTCP } from 'modbus-serial';
import { type ModelDef, modelDef } from '../models';

/** Raw register values of one model, by SunSpec point name: integers as the device stores them, strings as text. Points left out read as "not implemented". */
export type RawValues = Record<string, number | string>;

/** One simulated device: its unit id, map base and models (model 1 first). */
export interface SimDevice {
  unitId: number;
  base: 40000 | 0 | 50000;
  models: { id: number; values: RawValues }[];
}

/** The "not implemented" register pattern per type, most significant word first. */
const NI_WORDS: Record<string, number[]> = {
  int16: [0x8000],
  sunssf: [0x8000],
  pad: [0x8000],
  uint16: [0xffff],
  count: [0xffff],
  enum16: [0xffff],
  bitfield16: [0xffff],
  acc16: [0],
  int32: [0x8000, 0],
  uint32: [0xffff, 0xffff],
  enum32: [0xffff, 0xffff],
  bitfield32: [0xffff, 0xffff],
  acc32: [0, 0],
  float32: [0x7fc0, 0],
};

function wordsOf(size: number, value: number | string | undefined, type: string): number[] {
  if (typeof value === 'string') {
    const bytes = Buffer.alloc(size * 2);
    bytes.write(value, 'latin1');
    return Array.from({ length: size }, (_, i) => bytes.readUInt16BE(i * 2));
  }
  if (value === undefined) return NI_WORDS[type] ?? new Array(size).fill(0);
  let raw = BigInt(Math.trunc(value));
  if (raw < 0n) raw += 1n << BigInt(size * 16);
  return Array.from({ length: size }, (_, i) => Number((raw >> BigInt((size - 1 - i) * 16)) & 0xffffn));
}

/** Register images and addresses of the simulated devices. */
class Image {
  readonly regs = new Map<number, Map<number, number>>();
  /** (unit, model id) → address of the model's ID register. */
  readonly modelAt = new Map<string, { def: ModelDef; address: number }>();

  add(dev: SimDevice): void {
    const m = new Map<number, number>();
    let at = dev.base;
    const put = (words: number[]) => {
      for (const w of words) m.set(at++, w);
    };
    put([0x5375, 0x6e53]);
    for (const model of dev.models) {
      const def = modelDef(model.id);
      if (!def) throw new Error(`no JSON model ${model.id}`);
      this.modelAt.set(`${dev.unitId}/${model.id}`, { def, address: at });
      const length = def.points.reduce((n, p) => n + p.size, 0) - 2;
      for (const p of def.points) {
        if (p.name === 'ID') put([model.id]);
        else if (p.name === 'L') put([length]);
        else put(wordsOf(p.size, model.values[p.name], p.type));
      }
    }
    put([0xffff, 0]);
    this.regs.set(dev.unitId, m);
  }
}

/** The address of a free loopback TCP port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A running SunSpec device server; `url` is what the gateway's `--modbus` takes. */
export interface SunSpecServer {
  url: string;
  port: number;
  /** Sets point `point` of model `modelId` of unit `unitId` to the raw value `value`. */
  set(unitId: number, modelId: number, point: string, value: number | string | undefined): void;
  /** The raw integer held by a point (first word for 16 bits, both for 32). */
  get(unitId: number, modelId: number, point: string): number;
  close(): Promise<void>;
}

/**
 * Starts a SunSpec device server on 127.0.0.1 (a free port unless `port` is given) serving `devices`.
 * A unit id no device has answers exception 0x0B (gateway target failed), an address outside a map 0x02.
 */
export async function startSunSpecServer(devices: SimDevice[], port?: number): Promise<SunSpecServer> {
  const image = new Image();
  for (const d of devices) image.add(d);
  const regsOf = (unit: number) => {
    const m = image.regs.get(unit);
    if (!m) throw { modbusErrorCode: 0x0b, msg: 'no such unit' };
    return m;
  };
  const read = (addr: number, unit: number) => {
    const v = regsOf(unit).get(addr);
    if (v === undefined) throw { modbusErrorCode: 0x02, msg: 'illegal address' };
    return v;
  };
  const write = (addr: number, value: number, unit: number) => {
    const m = regsOf(unit);
    if (!m.has(addr)) throw { modbusErrorCode: 0x02, msg: 'illegal address' };
    m.set(addr, value & 0xffff);
  };
  const listenPort = port ?? (await freePort());
  const server = new ServerTCP(
    {
      getHoldingRegister: read,
      getMultipleHoldingRegisters: (addr: number, length: number, unit: number) =>
        Array.from({ length }, (_, i) => read(addr + i, unit)),
      setRegister: write,
      setRegisterArray: (addr: number, values: number[], unit: number) => {
        values.forEach((v, i) => {
          write(addr + i, v, unit);
        });
      },
    },
    { host: '127.0.0.1', port: listenPort, unitID: 255 },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    server.once('serverError', reject);
  });
  const pointAt = (unitId: number, modelId: number, point: string) => {
    const at = image.modelAt.get(`${unitId}/${modelId}`);
    const p = at?.def.points.find((q) => q.name === point);
    if (!at || !p) throw new Error(`unit ${unitId} has no ${modelId}.${point}`);
    return { address: at.address + p.offset, p };
  };
  return {
    url: `tcp://127.0.0.1:${listenPort}`,
    port: listenPort,
    set(unitId, modelId, point, value) {
      const { address, p } = pointAt(unitId, modelId, point);
      wordsOf(p.size, value, p.type).forEach((w, i) => {
        regsOf(unitId).set(address + i, w);
      });
    },
    get(unitId, modelId, point) {
      const { address, p } = pointAt(unitId, modelId, point);
      let v = 0;
      for (let i = 0; i < p.size; i++) v = v * 0x10000 + (regsOf(unitId).get(address + i) ?? 0);
      return v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of server.socks.keys()) sock.destroy();
        server.close(() => resolve());
      }),
  };
}
