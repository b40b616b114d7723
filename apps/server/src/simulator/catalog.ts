/**
 * The demo fleet, site by site: a pure function of the site's index, so every start (and every node)
 * agrees on names, serial numbers and ratings. Kinds cycle so that any fleet size covers all system
 * types: 1 PV, 6 home storage, 2 charging, 7 UPS and 3 other (power & environment monitoring).
 */
import type { DeviceType } from '@ems/contract/telemetry';
import { STATION_TEMPLATES } from '../db/seed/reference';
import {
  BATTERIES,
  CHARGERS,
  HYBRID_INVERTERS,
  METERS,
  PLACES,
  type Place,
  type Product,
  PV_INVERTERS,
  SENSORS,
  UPSES,
} from './catalog-data';
import { hashString, rand } from './random';

const SITE_KINDS = ['pv', 'storage', 'charging', 'ups', 'pe'] as const;

/** Kind of demo site; also its station template code. */
export type SiteKind = (typeof SITE_KINDS)[number];

function templateSystemType(kind: SiteKind): number {
  const template = STATION_TEMPLATES.find((t) => t.templateCode === kind);
  if (!template) throw new Error(`no station template '${kind}' for the demo fleet`);
  return template.systemType;
}

/** System type (spec §1) of each kind: that of the station template of the same code. */
export const SYSTEM_TYPE_OF = Object.fromEntries(
  SITE_KINDS.map((kind) => [kind, templateSystemType(kind)]),
) as Record<SiteKind, number>;

const KIND_CYCLE: readonly SiteKind[] = [
  'pv',
  'storage',
  'charging',
  'storage',
  'pv',
  'ups',
  'pe',
  'storage',
];

/** One device of a demo site. */
export interface DeviceSpec {
  sn: string;
  name: string;
  type: DeviceType;
  product: Product;
  ratedW: number | null;
  capacityWh: number | null;
}

/** One demo site. */
export interface SiteSpec {
  index: number;
  kind: SiteKind;
  systemType: number;
  name: string;
  address: string;
  place: Place;
  /** kWp for PV and storage sites, rated kW otherwise. */
  capacityKw: number;
  /** Household consumption per year (kWh), homes only. */
  annualKwh: number;
  /** Constant part of the load (W): server room / shelter / UPS output. */
  baseLoadW: number;
  seed: number;
  devices: DeviceSpec[];
  /**
   * The solar-charging demo's layout (solar-demo.ts): a charging site with a PV inverter and a grid meter
   * whose chargers are OCPP chargers run beside the model, not MQTT wallboxes.
   */
  solarCharging?: boolean;
}

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length)]!;
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The demo site number `index` (0-based). `snTag` goes between a product's serial prefix and the
 * device number, so fleets of two installations never share a serial number (fleet-store's fleetSnTag).
 * `solarCharging` gives a charging site the solar-charging demo's layout (SiteSpec.solarCharging).
 */
export function siteSpec(index: number, snTag = '', solarCharging = false): SiteSpec {
  const kind = KIND_CYCLE[index % KIND_CYCLE.length]!;
  const lap = Math.floor(index / PLACES.length);
  const base = PLACES[index % PLACES.length]!;
  const seed = hashString(`ems-demo-site-${index}`);
  const r = (k: number) => rand(seed, k);
  // Past the first lap of places, move a little so two sites never sit on the same spot.
  const place: Place =
    lap === 0
      ? base
      : {
          ...base,
          latitude: base.latitude + (r(90) - 0.5) * 0.2,
          longitude: base.longitude + (r(91) - 0.5) * 0.2,
        };
  const suffix = lap === 0 ? '' : ` ${lap + 1}`;
  const devices: DeviceSpec[] = [];
  const add = (type: DeviceType, name: string, product: Product, ratedW?: number) => {
    const sn = `${product.snPrefix}${snTag}${String(index * 10 + devices.length + 1).padStart(6, '0')}`;
    devices.push({
      sn,
      name,
      type,
      product,
      ratedW: ratedW ?? (product.ratedW || null),
      capacityWh: product.capacityWh,
    });
  };

  /** A PV inverter and a grid meter (the PV site's devices, and the solar charging site's); its kWp. */
  const addPvAndMeter = (): number => {
    const inv = pick(PV_INVERTERS, r(1));
    add('inverter', 'PV inverter', inv);
    add('meter', 'Grid meter', pick(METERS, r(4)));
    return round1((inv.ratedW / 1000) * (1.05 + 0.2 * r(2)));
  };

  let name: string;
  let capacityKw: number;
  let annualKwh = 0;
  let baseLoadW = 0;
  switch (kind) {
    case 'pv': {
      capacityKw = addPvAndMeter();
      annualKwh = Math.round(3500 + 2000 * r(3));
      name = `${base.family} PV, ${base.city}${suffix}`;
      break;
    }
    case 'storage': {
      const inv = pick(HYBRID_INVERTERS, r(1));
      capacityKw = round1((inv.ratedW / 1000) * (1.1 + 0.3 * r(2)));
      annualKwh = Math.round(4000 + 3000 * r(3));
      name = `${base.family} home storage, ${base.city}${suffix}`;
      add('inverter', 'Hybrid inverter', inv);
      add('battery', 'Home battery', pick(BATTERIES, r(5)));
      add('meter', 'Grid meter', pick(METERS, r(4)));
      break;
    }
    case 'charging': {
      if (solarCharging) {
        capacityKw = addPvAndMeter();
        annualKwh = Math.round(3500 + 1500 * r(3));
        name = `${base.family} solar charging, ${base.city}${suffix}`;
        break;
      }
      const chargers = 1 + (index % 2);
      annualKwh = Math.round(3500 + 1500 * r(3));
      name = `${base.family} EV charging, ${base.city}${suffix}`;
      for (let k = 0; k < chargers; k++) add('charger', `Wallbox ${k + 1}`, pick(CHARGERS, r(10 + k)));
      add('meter', 'Garage meter', pick(METERS, r(4)));
      capacityKw = devices.reduce((sum, d) => sum + (d.type === 'charger' ? (d.ratedW ?? 0) : 0), 0) / 1000;
      break;
    }
    case 'ups': {
      const ups = pick(UPSES, r(1));
      capacityKw = ups.ratedW / 1000;
      baseLoadW = Math.round(ups.ratedW * (0.3 + 0.2 * r(2)));
      name = `${base.business} UPS${suffix}`;
      add('ups', 'UPS', ups);
      break;
    }
    default: {
      baseLoadW = Math.round(1500 + 2500 * r(2));
      capacityKw = Math.ceil((baseLoadW * 3) / 1000);
      name = `${base.business} power & environment${suffix}`;
      add('meter', 'Mains meter', pick(METERS, r(4)));
      add('sensor', 'Room sensor', pick(SENSORS, r(6)));
    }
  }
  return {
    index,
    kind,
    systemType: SYSTEM_TYPE_OF[kind],
    name,
    address: `${base.street}, ${base.city}, ${base.country}`,
    place,
    capacityKw,
    annualKwh,
    baseLoadW,
    seed,
    devices,
    ...(solarCharging && kind === 'charging' ? { solarCharging } : {}),
  };
}
