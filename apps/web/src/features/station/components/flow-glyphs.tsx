/**
 * Glyphs of the energy-flow nodes, drawn in a 24×24 box centred on (0, 0) so a node can place them
 * with one translate. Decorative: the node's label names it.
 */
import type { FlowNode } from '../lib/flow-math';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The glyph of one flow node. */
export function FlowGlyph({ node }: { node: FlowNode }) {
  switch (node) {
    case 'pv':
      return (
        <g {...stroke}>
          <circle r="4.5" />
          {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
            <line key={a} x1="0" y1="-7.5" x2="0" y2="-10" transform={`rotate(${a})`} />
          ))}
        </g>
      );
    case 'grid':
      return (
        <g {...stroke}>
          <path d="M-6 10 0 -10 6 10M-7 -5h14M-8.5 1h17M-4 4.5 4 -5M4 4.5 -4 -5" />
        </g>
      );
    case 'load':
      return (
        <g {...stroke}>
          <path d="M-9 -1 0 -9l9 8M-6.5 -3v11h13V-3" />
          <path d="M-2 8v-5h4v5" />
        </g>
      );
    case 'battery':
      return (
        <g {...stroke}>
          <rect x="-6" y="-8" width="12" height="17" rx="2" />
          <path d="M-2.5 -10.5h5M0 -4l-2.5 4h5L0 4" />
        </g>
      );
    case 'charger':
      return (
        <g {...stroke}>
          <rect x="-7" y="-9" width="10" height="18" rx="2" />
          <path d="M3 -3h2.5a2 2 0 0 1 2 2v6a1.5 1.5 0 0 0 3 0v-8M-3.5 -4.5 -5 0h3l-1.5 4.5" />
        </g>
      );
  }
}

/** Six-step battery icon (0 empty … 5 full) beside the SOC. */
export function BatteryLevelIcon({ step, x, y }: { step: number | null; x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`} className="battery-level" data-step={step ?? ''}>
      <rect x="0" y="0" width="26" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <rect x="26.5" y="3.5" width="2.5" height="5" rx="1" fill="currentColor" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect
          key={i}
          x={2 + i * 4.6}
          y="2"
          width="3.8"
          height="8"
          rx="0.8"
          fill={step !== null && i < step ? (step <= 1 ? '#e5484d' : '#0ebe54') : 'rgba(127,127,127,0.18)'}
        />
      ))}
    </g>
  );
}
