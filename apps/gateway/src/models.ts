/**
 * SunSpec information models, read as data from SunSpec's own JSON files (apps/gateway/data/sunspec-models/, Apache-2.0,
 * see SOURCE.md there). Imported as JSON so that the single-file build carries them; nothing is retyped.
 */
import m1 from '../data/sunspec-models/model_1.json' with { type: 'json' };
import m101 from '../data/sunspec-models/model_101.json' with { type: 'json' };
import m102 from '../data/sunspec-models/model_102.json' with { type: 'json' };
import m103 from '../data/sunspec-models/model_103.json' with { type: 'json' };
import m111 from '../data/sunspec-models/model_111.json' with { type: 'json' };
import m112 from '../data/sunspec-models/model_112.json' with { type: 'json' };
import m113 from '../data/sunspec-models/model_113.json' with { type: 'json' };
import m120 from '../data/sunspec-models/model_120.json' with { type: 'json' };
import m121 from '../data/sunspec-models/model_121.json' with { type: 'json' };
import m123 from '../data/sunspec-models/model_123.json' with { type: 'json' };
import m124 from '../data/sunspec-models/model_124.json' with { type: 'json' };
import m160 from '../data/sunspec-models/model_160.json' with { type: 'json' };
import m201 from '../data/sunspec-models/model_201.json' with { type: 'json' };
import m202 from '../data/sunspec-models/model_202.json' with { type: 'json' };
import m203 from '../data/sunspec-models/model_203.json' with { type: 'json' };
import m204 from '../data/sunspec-models/model_204.json' with { type: 'json' };
import m211 from '../data/sunspec-models/model_211.json' with { type: 'json' };
import m212 from '../data/sunspec-models/model_212.json' with { type: 'json' };
import m213 from '../data/sunspec-models/model_213.json' with { type: 'json' };
import m214 from '../data/sunspec-models/model_214.json' with { type: 'json' };
import m701 from '../data/sunspec-models/model_701.json' with { type: 'json' };
import m702 from '../data/sunspec-models/model_702.json' with { type: 'json' };
import m704 from '../data/sunspec-models/model_704.json' with { type: 'json' };
import m713 from '../data/sunspec-models/model_713.json' with { type: 'json' };
import m802 from '../data/sunspec-models/model_802.json' with { type: 'json' };

/** One point as SunSpec's JSON model defines it (only the fields the gateway reads). */
export interface ModelPoint {
  name: string;
  /** SunSpec type: int16, uint16, acc32, string, sunssf, pad, enum16, bitfield32, … */
  type: string;
  /** Size in 16-bit registers. */
  size: number;
  /** Scale factor: the name of a sunssf point of the same model, or a fixed power of ten. */
  sf?: string | number;
  /** 'RW' when the point may be written; read-only otherwise. */
  access?: string;
  units?: string;
  symbols?: { name: string; value: number }[];
}

interface RawGroup {
  name: string;
  points?: ModelPoint[];
}

/** A model's top-level points with their register offsets from the model's `ID` register. */
export interface ModelDef {
  id: number;
  name: string;
  points: (ModelPoint & { offset: number })[];
}

const RAW: { id: number; group: RawGroup }[] = [
  m1,
  m101,
  m102,
  m103,
  m111,
  m112,
  m113,
  m120,
  m121,
  m123,
  m124,
  m160,
  m201,
  m202,
  m203,
  m204,
  m211,
  m212,
  m213,
  m214,
  m701,
  m702,
  m704,
  m713,
  m802,
] as unknown as { id: number; group: RawGroup }[];

function define(raw: { id: number; group: RawGroup }): ModelDef {
  let offset = 0;
  const points = (raw.group.points ?? []).map((p) => {
    const placed = { ...p, offset };
    offset += p.size;
    return placed;
  });
  return { id: raw.id, name: raw.group.name, points };
}

const MODELS = new Map<number, ModelDef>(RAW.map((r) => [r.id, define(r)]));

/**
 * The shipped definition of SunSpec model `id`, or undefined for a model the gateway does not carry
 * (the chain walk then steps over it by its length). Repeating groups (e.g. model 160's modules) are
 * not decoded: only the top-level points are.
 */
export function modelDef(id: number): ModelDef | undefined {
  return MODELS.get(id);
}

/** Every model id the gateway can decode. */
export function knownModelIds(): number[] {
  return [...MODELS.keys()];
}
