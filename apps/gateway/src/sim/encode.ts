/**
 * From engineering values to a simulated device's raw registers: the inverse of the gateway's decoding,
 * so the demo's devices hold what a real one would (value ÷ 10^scale factor, in the point's type).
 */
import { modelDef } from '../models';
import type { RawValues } from './sunspec-server';

/** Raw ranges per type, leaving out each type's "not implemented" value (0x8000, 0xFFFF, acc 0). */
const RANGE: Record<string, [number, number]> = {
  int16: [-32767, 32767],
  uint16: [0, 65534],
  enum16: [0, 65534],
  bitfield16: [0, 65534],
  acc16: [1, 65535],
  int32: [-2147483647, 2147483647],
  uint32: [0, 4294967294],
  acc32: [1, 4294967295],
};

/**
 * The raw values of SunSpec model `modelId` for `values` (engineering units, by point name). `sf` gives the
 * exponent of each scale-factor point (e.g. `{ W_SF: 0, Hz_SF: -2 }`); they are written too. A point whose
 * scale factor is not in `sf` is left out (it would read as not implemented), as is a point or value the
 * model lacks; a value past its type's range is held at the range's end.
 * @throws Error when the model is not shipped.
 */
export function encodeModel(
  modelId: number,
  values: Readonly<Record<string, number>>,
  sf: Readonly<Record<string, number>>,
): RawValues {
  const def = modelDef(modelId);
  if (!def) throw new Error(`no JSON model ${modelId}`);
  const out: RawValues = {};
  for (const p of def.points) {
    if (p.type === 'sunssf') {
      if (sf[p.name] !== undefined) out[p.name] = sf[p.name]!;
      continue;
    }
    const v = values[p.name];
    if (v === undefined || !Number.isFinite(v)) continue;
    const exp = typeof p.sf === 'number' ? p.sf : p.sf === undefined ? 0 : sf[p.sf];
    if (exp === undefined) continue;
    const [lo, hi] = RANGE[p.type] ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    out[p.name] = Math.min(hi, Math.max(lo, Math.round(v / 10 ** exp)));
  }
  return out;
}
