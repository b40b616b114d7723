/**
 * Decodes a SunSpec model block (the registers from its `ID` point on) into point values, applying
 * scale factors and leaving out SunSpec's "not implemented" values, so they never become numbers.
 */
import type { ModelDef, ModelPoint } from './models';

/** A decoded value: a scaled number or a string (SunSpec `string` points). */
export type PointValue = number | string;

/** Raw "not implemented" marker per type (SunSpec Information Model Specification). */
const NOT_IMPLEMENTED: Record<string, bigint> = {
  int16: 0x8000n,
  sunssf: 0x8000n,
  uint16: 0xffffn,
  count: 0xffffn,
  enum16: 0xffffn,
  bitfield16: 0xffffn,
  acc16: 0n,
  int32: 0x80000000n,
  uint32: 0xffffffffn,
  enum32: 0xffffffffn,
  bitfield32: 0xffffffffn,
  acc32: 0n,
  int64: 0x8000000000000000n,
  uint64: 0xffffffffffffffffn,
  acc64: 0n,
};

const SIGNED = new Set(['int16', 'sunssf', 'int32', 'int64']);

/** The unsigned big-endian integer held by `size` registers from `at`. */
function rawAt(regs: readonly number[], at: number, size: number): bigint {
  let v = 0n;
  for (let i = 0; i < size; i++) v = (v << 16n) | BigInt((regs[at + i] ?? 0) & 0xffff);
  return v;
}

/**
 * The integer value of point `p` (signed types as two's complement), or undefined when the register
 * holds the type's "not implemented" value. Floats and strings are not integers: undefined.
 */
export function integerOf(p: ModelPoint, regs: readonly number[], at: number): number | undefined {
  const marker = NOT_IMPLEMENTED[p.type];
  if (marker === undefined) return undefined;
  const raw = rawAt(regs, at, p.size);
  if (raw === marker) return undefined;
  if (SIGNED.has(p.type)) {
    const bits = BigInt(p.size * 16);
    const signed = raw >= 1n << (bits - 1n) ? raw - (1n << bits) : raw;
    return Number(signed);
  }
  return Number(raw);
}

function stringOf(regs: readonly number[], at: number, size: number): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < size; i++) {
    const r = regs[at + i] ?? 0;
    bytes.push(r >> 8, r & 0xff);
  }
  const end = bytes.indexOf(0);
  const text = Buffer.from(end === -1 ? bytes : bytes.slice(0, end))
    .toString('latin1')
    .trim();
  return text === '' ? undefined : text;
}

function floatOf(regs: readonly number[], at: number): number | undefined {
  const b = Buffer.alloc(4);
  b.writeUInt16BE(regs[at] ?? 0, 0);
  b.writeUInt16BE(regs[at + 1] ?? 0, 2);
  const v = b.readFloatBE(0);
  return Number.isFinite(v) ? v : undefined;
}

/** `value × 10^sf`, without binary noise (230.5, not 230.50000000000003). */
export function scale(value: number, sf: number): number {
  if (sf === 0) return value;
  return sf < 0 ? value / 10 ** -sf : value * 10 ** sf;
}

/** The scale factor of point `p`: a sunssf point of the same block or a literal; undefined when not implemented. */
export function scaleFactorOf(def: ModelDef, p: ModelPoint, regs: readonly number[]): number | undefined {
  if (p.sf === undefined) return 0;
  if (typeof p.sf === 'number') return p.sf;
  const sfPoint = def.points.find((q) => q.name === p.sf);
  if (!sfPoint) return undefined;
  const sf = integerOf(sfPoint, regs, sfPoint.offset);
  // SunSpec limits scale factors to -10…10; anything else is a broken map, not a value to trust.
  return sf !== undefined && sf >= -10 && sf <= 10 ? sf : undefined;
}

/**
 * Every implemented top-level point of model block `regs` (register 0 = the model's `ID`), by SunSpec
 * point name, scaled by its scale factor. Left out: `ID`, `L`, scale factors themselves, `pad`, points
 * past the block's end (a shorter model version), not-implemented values, and values whose scale factor
 * is not implemented.
 */
export function decodeModel(def: ModelDef, regs: readonly number[]): Record<string, PointValue> {
  const out: Record<string, PointValue> = {};
  for (const p of def.points) {
    if (p.name === 'ID' || p.name === 'L' || p.type === 'pad' || p.type === 'sunssf') continue;
    if (p.offset + p.size > regs.length) continue;
    if (p.type === 'string') {
      const s = stringOf(regs, p.offset, p.size);
      if (s !== undefined) out[p.name] = s;
      continue;
    }
    if (p.type === 'float32') {
      const f = floatOf(regs, p.offset);
      if (f !== undefined) out[p.name] = f;
      continue;
    }
    const v = integerOf(p, regs, p.offset);
    if (v === undefined) continue;
    const sf = scaleFactorOf(def, p, regs);
    if (sf === undefined) continue;
    out[p.name] = scale(v, sf);
  }
  return out;
}

/**
 * The registers that write `value` (in the point's units) to point `name` of model block `regs`:
 * its address offset from the model's `ID` and the raw words. Throws when the point is not in the
 * model, is read-only, or its scale factor is not implemented.
 */
export function encodePoint(
  def: ModelDef,
  regs: readonly number[],
  name: string,
  value: number,
): { offset: number; words: number[] } {
  const p = def.points.find((q) => q.name === name);
  if (!p) throw new Error(`model ${def.id} has no point ${name}`);
  if (p.access !== 'RW') throw new Error(`${name} of model ${def.id} is read-only`);
  const sf = scaleFactorOf(def, p, regs);
  if (sf === undefined) throw new Error(`${name}: scale factor not implemented`);
  let raw = BigInt(Math.round(sf < 0 ? value * 10 ** -sf : value / 10 ** sf));
  const bits = BigInt(p.size * 16);
  if (raw < 0n) raw += 1n << bits;
  const words: number[] = [];
  for (let i = p.size - 1; i >= 0; i--) words.push(Number((raw >> BigInt(i * 16)) & 0xffffn));
  return { offset: p.offset, words };
}
