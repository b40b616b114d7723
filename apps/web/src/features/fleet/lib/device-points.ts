/**
 * The device detail's point groups (issue 7 §4, UX.md "Device detail"): every point a device reports
 * (docs/device-protocol.md §5) placed in the group SunSpec puts it in (status, AC, DC, battery,
 * charging, energy, environment), with the kind that decides its unit and formatting. A point the
 * table does not know still shows, under "other", with its raw value, so nothing a device sends is hidden.
 */

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
  SoC: { group: 'battery', kind: 'percent' },
  SoH: { group: 'battery', kind: 'percent' },
  V: { group: 'battery', kind: 'voltage' },
  SessionWh: { group: 'charging', kind: 'energyWh' },
  WH: { group: 'energy', kind: 'energyWh' },
  PVWH: { group: 'energy', kind: 'energyWh' },
  DCWhAbs: { group: 'energy', kind: 'energyWh' },
  DCWhInj: { group: 'energy', kind: 'energyWh' },
  TotWhImp: { group: 'energy', kind: 'energyWh' },
  TotWhExp: { group: 'energy', kind: 'energyWh' },
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
    const item: PointItem = { key, kind: def?.kind ?? 'raw', value: points[key]!, known: def !== undefined };
    const group = def?.group ?? 'other';
    byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  }
  return POINT_GROUPS.filter((g) => byGroup.has(g)).map((group) => ({ group, items: byGroup.get(group)! }));
}
