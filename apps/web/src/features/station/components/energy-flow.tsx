import type { EnergyFlow as Flow } from '@ems/contract/api/station';
import { useTranslation } from 'react-i18next';
import { formatPercent, powerFormatter } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { batteryState, type FlowLine, type FlowNode, flowLines, gridState, socStep } from '../lib/flow-math';
import { BatteryLevelIcon, FlowGlyph } from './flow-glyphs';

const HUB = { x: 200, y: 190 };
const R = 34;
const POS: Record<FlowNode, { x: number; y: number }> = {
  pv: { x: 200, y: 58 },
  grid: { x: 62, y: 190 },
  load: { x: 338, y: 190 },
  battery: { x: 200, y: 322 },
  charger: { x: 338, y: 322 },
};

/** Straight segment between two node rims, drawn from where energy leaves to where it arrives. */
function segment(from: { x: number; y: number }, to: { x: number; y: number }, rFrom: number, rTo: number) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  return `M${from.x + ux * rFrom} ${from.y + uy * rFrom}L${to.x - ux * rTo} ${to.y - uy * rTo}`;
}

function Line({ line }: { line: FlowLine }) {
  const node = POS[line.node];
  const [from, to, rFrom, rTo] =
    line.node === 'charger' ? [POS.load, node, R, R] : line.toHub ? [node, HUB, R, 6] : [HUB, node, 6, R];
  return (
    <path
      d={segment(from, to, rFrom, rTo)}
      className={line.active ? 'flow-line flow-line-active' : 'flow-line'}
      style={line.active ? { stroke: line.color, animationDuration: `${line.durationS}s` } : undefined}
      data-flow={line.active ? (line.toHub ? 'in' : 'out') : 'none'}
    />
  );
}

function Node(props: {
  node: FlowNode;
  color: string;
  label: string;
  value: string;
  state?: string;
  testId: string;
}) {
  const { x, y } = POS[props.node];
  const below = props.node !== 'pv';
  return (
    <g className="flow-node" transform={`translate(${x} ${y})`}>
      <circle r={R} className="flow-node-ring" stroke={props.color} />
      <g style={{ color: props.color }} transform="translate(0 -9)">
        <FlowGlyph node={props.node} />
      </g>
      <text y="17" className="flow-value" data-testid={props.testId}>
        {props.value}
      </text>
      <text y={below ? R + 15 : -R - 8} className="flow-label">
        {props.label}
        {props.state ? ` · ${props.state}` : ''}
      </text>
    </g>
  );
}

/**
 * Live energy flow (UX.md "Station, live"): PV top, grid left, load right, battery bottom, charger off
 * the load. Lines flow only above 49 W, in the sign's direction, faster for a larger share; CSS stops
 * the motion for users who prefer reduced motion. Nodes a site does not have (null) are left out.
 * Every value is in one unit chosen from the largest of them.
 */
export function EnergyFlow({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const lines = flowLines(flow);
  const fmt = powerFormatter([flow.pvW, flow.gridW, flow.batteryW, flow.loadW, flow.chargerW], locale);
  const abs = (w: number | null) => (w === null ? null : Math.abs(w));
  const grid = gridState(flow.gridW);
  const battery = batteryState(flow.batteryW);
  const step = socStep(flow.soc);
  const has: Record<FlowNode, boolean> = {
    pv: flow.pvW !== null,
    grid: flow.gridW !== null,
    load: flow.loadW !== null,
    battery: flow.batteryW !== null || flow.soc !== null,
    charger: flow.chargerW !== null,
  };
  const shown = (Object.keys(has) as FlowNode[]).filter((n) => has[n]);

  return (
    <svg
      // Without PV the top row would stay empty: start the picture just above the middle row.
      viewBox={has.pv ? '0 0 400 380' : '0 120 400 260'}
      className="energy-flow"
      role="img"
      aria-label={t('station.flow.label')}
    >
      {shown.map((n) => (
        <Line key={n} line={lines[n]} />
      ))}
      <circle cx={HUB.x} cy={HUB.y} r="6" className="flow-hub" />
      {has.pv && (
        <Node
          node="pv"
          color={lines.pv.color}
          label={t('station.flow.pv')}
          value={fmt(abs(flow.pvW))}
          testId="flow-pv-power"
        />
      )}
      {has.grid && (
        <Node
          node="grid"
          color={lines.grid.color}
          label={t('station.flow.grid')}
          state={t(`station.flow.gridState.${grid}`)}
          value={fmt(abs(flow.gridW))}
          testId="flow-grid-power"
        />
      )}
      {has.load && (
        <Node
          node="load"
          color={lines.load.color}
          label={t('station.flow.load')}
          value={fmt(abs(flow.loadW))}
          testId="flow-load-power"
        />
      )}
      {has.battery && (
        <>
          <Node
            node="battery"
            color={lines.battery.color}
            label={t('station.flow.battery')}
            state={battery === 'none' ? undefined : t(`station.flow.batteryState.${battery}`)}
            value={fmt(abs(flow.batteryW))}
            testId="flow-battery-power"
          />
          <g className="flow-soc-group">
            <BatteryLevelIcon step={step} x={POS.battery.x - 84} y={POS.battery.y - 8} />
            <text x={POS.battery.x - 71} y={POS.battery.y + 20} className="flow-soc" data-testid="flow-soc">
              {formatPercent(flow.soc, locale)}
            </text>
          </g>
        </>
      )}
      {has.charger && (
        <Node
          node="charger"
          color={lines.charger.color}
          label={t('station.flow.charger')}
          value={fmt(abs(flow.chargerW))}
          testId="flow-charger-power"
        />
      )}
    </svg>
  );
}
