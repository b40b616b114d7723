/**
 * The device detail's point groups (issue 7 §4, UX.md "Device detail"): every point a device reports
 * (docs/device-protocol.md §5) placed in the group SunSpec puts it in (status, AC, DC, battery,
 * charging, energy, environment), with the kind that decides its unit and formatting. The inverter's
 * reported parameters go under "settings", named as the Parameters tab names them (issue 34 item 6). A
 * point neither knows still shows, under "other", by its code with the unit its name implies (…V volts,
 * …A amperes, …Wh energy), so nothing a device sends is hidden.
 */
import type { ParamKey } from '@ems/contract/api/device-params';
import { PARAM_SPECS } from '@ems/contract/api/device-params';
import { unitOfPoint } from '../../../shared/domain/point-label';
import { paramOfPoint } from './param-points';

/** How a point's value is shown: the unit comes from the kind; enums and texts are translated. */
export type PointKind =
  | 'power'
  | 'energyWh'
  | 'voltage'
  | 'current'
  | 'frequency'
  | 'temperature'
  | 'percent'
  | 'enum'
  | 'boolean'
  | 'raw';

/** Card groups in display order. */
export const POINT_GROUPS = [
  'status',
  'ac',
  'dc',
  'battery',
  'charging',
  'energy',
  'environment',
  'settings',
  'other',
] as const;
export type PointGroup = (typeof POINT_GROUPS)[number];

/** Group and kind of every documented point name (device-protocol.md §5). */
const POINT_TABLE: Record<string, { group: PointGroup; kind: PointKind }> = {
  St: { group: 'status', kind: 'enum' },
  ChaSt: { group: 'battery', kind: 'enum' },
  ConnectorStatus: { group: 'charging', kind: 'enum' },
  OnBattery: { group: 'status', kind: 'boolean' },
  W: { group: 'ac', kind: 'power' },
  PhVphA: { group: 'ac', kind: 'voltage' },
  A: { group: 'ac', kind: 'current' },
  Hz: { group: 'ac', kind: 'frequency' },
  VIn: { group: 'ac', kind: 'voltage' },
  VOut: { group: 'ac', kind: 'voltage' },
  PVW: { group: 'dc', kind: 'power' },
  DCW: { group: 'dc', kind: 'power' },
  DCV: { group: 'dc', kind: 'voltage' },
  DCA: { group: 'dc', kind: 'current' },
  BusV: { group: 'dc', kind: 'voltage' },
  DCOutV: { group: 'dc', kind: 'voltage' },
  SoC: { group: 'battery', kind: 'percent' },
  SoH: { group: 'battery', kind: 'percent' },
  V: { group: 'battery', kind: 'voltage' },
  BatV: { group: 'battery', kind: 'voltage' },
  BatA: { group: 'battery', kind: 'current' },
  SessionWh: { group: 'charging', kind: 'energyWh' },
  WH: { group: 'energy', kind: 'energyWh' },
  PVWH: { group: 'energy', kind: 'energyWh' },
  DCWhAbs: { group: 'energy', kind: 'energyWh' },
  DCWhInj: { group: 'energy', kind: 'energyWh' },
  TotWhImp: { group: 'energy', kind: 'energyWh' },
  TotWhExp: { group: 'energy', kind: 'energyWh' },
  TotWhAbs: { group: 'energy', kind: 'energyWh' },
  TmpCab: { group: 'environment', kind: 'temperature' },
  TmpAmb: { group: 'environment', kind: 'temperature' },
  RH: { group: 'environment', kind: 'percent' },
};

/** Point names whose label the fleet locale has (`fleet.point.<name>`). */
export const KNOWN_POINTS = Object.keys(POINT_TABLE);

/** One reported point, ready to label and format. */
export interface PointItem {
  key: string;
  kind: PointKind;
  value: number | string | boolean;
  /** False for a point the table does not know (shown by its raw name). */
  known: boolean;
  /** The parameter the point reports (named by `deviceParams.field.<param>`), when it is one. */
  param?: ParamKey;
}

/** The kind a unit implies (a parameter's, or what an unknown point's name says). */
const KIND_OF_UNIT: Record<string, PointKind> = {
  W: 'power',
  Wh: 'energyWh',
  V: 'voltage',
  A: 'current',
  Hz: 'frequency',
  '°C': 'temperature',
  '%': 'percent',
};

/** Group and kind of a point the table does not know: a reported parameter, else "other". */
function untabled(key: string): { group: PointGroup; kind: PointKind; param?: ParamKey } {
  const param = paramOfPoint(key);
  if (param) {
    const spec: { kind: string; unit?: string } = PARAM_SPECS[param];
    const kind: PointKind =
      spec.kind === 'enum' || spec.kind === 'boolean'
        ? spec.kind
        : key === 'TouN' || spec.kind === 'slots'
          ? 'raw'
          : (KIND_OF_UNIT[spec.unit ?? ''] ?? 'raw');
    return { group: 'settings', kind, param };
  }
  return { group: 'other', kind: KIND_OF_UNIT[unitOfPoint(key)] ?? 'raw' };
}

/**
 * Groups `points` (list/real DeviceReal.points) into the detail's cards, in POINT_GROUPS order, points in
 * the table's order within a group, unknown points last by name. Empty groups are left out.
 */
export function groupPoints(
  points: Readonly<Record<string, number | string | boolean>>,
): { group: PointGroup; items: PointItem[] }[] {
  const order = new Map(KNOWN_POINTS.map((k, i) => [k, i]));
  const byGroup = new Map<PointGroup, PointItem[]>();
  const keys = Object.keys(points).sort(
    (a, b) => (order.get(a) ?? 1e6) - (order.get(b) ?? 1e6) || a.localeCompare(b),
  );
  for (const key of keys) {
    const def = POINT_TABLE[key];
    const { group, kind, param }: { group: PointGroup; kind: PointKind; param?: ParamKey } =
      def ?? untabled(key);
    const item: PointItem = { key, kind, value: points[key]!, known: def !== undefined };
    if (param) item.param = param;
    byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  }
  return POINT_GROUPS.filter((g) => byGroup.has(g)).map((group) => ({ group, items: byGroup.get(group)! }));
}
