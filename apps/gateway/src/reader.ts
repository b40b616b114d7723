/** Reads one discovered SunSpec device: its identity (model 1) and every decodable model's points. */
import { decodeModel, type PointValue } from './decode';
import type { ModelLocation, SunSpecMap } from './discover';
import type { ModbusLink } from './modbus';
import { modelDef } from './models';

/** A model's decoded points plus its raw block, kept for scale factors when writing. */
export interface ModelReading {
  location: ModelLocation;
  points: Record<string, PointValue>;
  regs: number[];
}

/** One poll of one device: model id → reading, for the models the gateway carries. */
export type DeviceReading = Map<number, ModelReading>;

/** Reads the block of model `loc` (its ID and L registers included) and decodes it. */
export async function readModel(
  link: ModbusLink,
  unitId: number,
  loc: ModelLocation,
): Promise<ModelReading | undefined> {
  const def = modelDef(loc.id);
  if (!def) return undefined;
  const regs = await link.read(unitId, loc.address, loc.length + 2);
  return { location: loc, points: decodeModel(def, regs), regs };
}

/** Reads every model of `map` the gateway can decode. Throws when the link fails. */
export async function readDevice(link: ModbusLink, map: SunSpecMap): Promise<DeviceReading> {
  const out: DeviceReading = new Map();
  for (const loc of map.models) {
    const r = await readModel(link, map.unitId, loc);
    if (r) out.set(loc.id, r);
  }
  return out;
}
