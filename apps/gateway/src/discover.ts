/**
 * SunSpec discovery: finds the `SunS` marker (at 40000, else 0, else 50000) and walks the model chain
 * to its end marker (ID 0xFFFF).
 */
import type { ModbusLink } from './modbus';

/** Where SunSpec maps may start, in the order the specification says to try them. */
export const BASE_ADDRESSES = [40000, 0, 50000] as const;

/** 'SunS' as two registers. */
const SUNS = [0x5375, 0x6e53] as const;
const END_ID = 0xffff;
/** A chain longer than this is a broken map, not a device. */
const MAX_MODELS = 64;

/** One model found in a device's chain: its id, its `ID` register address and its length `L` (registers after `L`). */
export interface ModelLocation {
  id: number;
  address: number;
  length: number;
}

/** A device's SunSpec map: where it starts and the models in chain order. */
export interface SunSpecMap {
  unitId: number;
  base: number;
  models: ModelLocation[];
}

/**
 * The base address whose first two registers hold `SunS` for unit `unitId`, or undefined when none
 * does (a read error at an address counts as "not there").
 */
export async function findBase(link: ModbusLink, unitId: number): Promise<number | undefined> {
  for (const base of BASE_ADDRESSES) {
    const regs = await link.read(unitId, base, 2).catch(() => undefined);
    if (regs && regs[0] === SUNS[0] && regs[1] === SUNS[1]) return base;
  }
  return undefined;
}

/**
 * Discovers the SunSpec map of unit `unitId`, or undefined when the unit has none. The first model
 * must be model 1 (Common). Throws when the link fails mid-walk.
 */
export async function discover(link: ModbusLink, unitId: number): Promise<SunSpecMap | undefined> {
  const base = await findBase(link, unitId);
  if (base === undefined) return undefined;
  const models: ModelLocation[] = [];
  let address = base + 2;
  while (models.length < MAX_MODELS) {
    const [id, length] = await link.read(unitId, address, 2);
    if (id === undefined || id === END_ID || length === undefined) break;
    models.push({ id, address, length });
    address += 2 + length;
  }
  if (models[0]?.id !== 1) return undefined;
  return { unitId, base, models };
}

/**
 * Every unit id in `unitIds` behind `link` with a SunSpec map, in order. Units that do not answer
 * are skipped (a scan over 1–247 mostly meets silence).
 */
export async function discoverUnits(link: ModbusLink, unitIds: readonly number[]): Promise<SunSpecMap[]> {
  const found: SunSpecMap[] = [];
  for (const unitId of unitIds) {
    const map = await discover(link, unitId).catch(() => undefined);
    if (map) found.push(map);
  }
  return found;
}
