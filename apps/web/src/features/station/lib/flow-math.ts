/**
 * Live energy-flow geometry of the station page (UX.md "Station, live"): which lines flow, which way,
 * how fast, and in which colour. Sign conventions are the contract's EnergyFlow: gridW > 0 buys,
 * batteryW > 0 discharges. Nothing flows at or below IDLE_THRESHOLD_W.
 */
import type { EnergyFlow } from '@ems/contract/api/station';
import { IDLE_THRESHOLD_W } from '@ems/contract/constants';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';

/** The five nodes of the diagram. */
export type FlowNode = 'pv' | 'grid' | 'battery' | 'load' | 'charger';

/** One line of the diagram. `toHub` is true when energy runs from the node towards the centre. */
export interface FlowLine {
  node: FlowNode;
  active: boolean;
  toHub: boolean;
  /** |P| as a share (0–1) of the power passing through the centre. */
  share: number;
  /** Seconds per dash cycle: shorter for a larger share. */
  durationS: number;
  color: string;
}

/** Grid exchange in words; none when the site has no grid meter. */
export type GridState = 'buy' | 'sell' | 'idle' | 'none';
/** Battery in words; none when the site reports no battery power. */
export type BatteryState = 'charge' | 'discharge' | 'idle' | 'none';

const SLOWEST_S = 3;
const FASTEST_S = 0.6;

/** True when |w| is above the idle threshold. */
export function isFlowing(w: number | null): w is number {
  return w !== null && Math.abs(w) > IDLE_THRESHOLD_W;
}

/** Buy, sell or idle from the grid power sign. */
export function gridState(gridW: number | null): GridState {
  if (gridW === null) return 'none';
  if (!isFlowing(gridW)) return 'idle';
  return gridW > 0 ? 'buy' : 'sell';
}

/** Charge, discharge or idle from the battery power sign. */
export function batteryState(batteryW: number | null): BatteryState {
  if (batteryW === null) return 'none';
  if (!isFlowing(batteryW)) return 'idle';
  return batteryW > 0 ? 'discharge' : 'charge';
}

/** Battery icon step 0–5 (six steps) of a SOC in %, or null without SOC. */
export function socStep(soc: number | null): number | null {
  if (soc === null || !Number.isFinite(soc)) return null;
  return Math.round(Math.min(100, Math.max(0, soc)) / 20);
}

/** Dash cycle duration for a share: 3 s for a trickle down to 0.6 s for everything. */
export function durationFor(share: number): number {
  const s = Math.min(1, Math.max(0, share));
  return Number((SLOWEST_S - (SLOWEST_S - FASTEST_S) * s).toFixed(2));
}

/** The five lines of the diagram for one live sample. */
export function flowLines(flow: EnergyFlow): Record<FlowNode, FlowLine> {
  const pv = isFlowing(flow.pvW) && flow.pvW > 0 ? flow.pvW : 0;
  const grid = isFlowing(flow.gridW) ? flow.gridW : 0;
  const battery = isFlowing(flow.batteryW) ? flow.batteryW : 0;
  const load = isFlowing(flow.loadW) && flow.loadW > 0 ? flow.loadW : 0;
  const charger = isFlowing(flow.chargerW) && flow.chargerW > 0 ? flow.chargerW : 0;
  const into = pv + Math.max(grid, 0) + Math.max(battery, 0);
  const out = load + Math.max(-grid, 0) + Math.max(-battery, 0);
  const through = Math.max(into, out, 1);

  const line = (node: FlowNode, w: number, toHub: boolean, color: string): FlowLine => {
    const share = Math.abs(w) / through;
    return { node, active: w !== 0, toHub, share, durationS: durationFor(share), color };
  };
  return {
    pv: line('pv', pv, true, SERIES_COLORS.production),
    grid: line('grid', grid, grid > 0, grid < 0 ? SERIES_COLORS.gridSell : SERIES_COLORS.gridBuy),
    battery: line(
      'battery',
      battery,
      battery > 0,
      battery < 0 ? SERIES_COLORS.charge : SERIES_COLORS.discharge,
    ),
    load: line('load', load, false, SERIES_COLORS.consumption),
    // The charger hangs off the load; its share is of the same total.
    charger: line('charger', charger, false, SERIES_COLORS.directConsumption),
  };
}
