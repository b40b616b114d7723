/**
 * The device-input gate (issue 31, docs/device-protocol.md "What the gate guarantees"): the one place that
 * says which device input may be stored. Every protocol maps its messages onto these checks before
 * anything is written or acted on (MQTT in ingest-telemetry.ts and ingest-events.ts, OCPP in
 * modules/ocpp/gate-mapping.ts); a new protocol adds a mapping, never a copy of a check. Each refusal is
 * counted per protocol and reason.
 */
import { GATE_PROTOCOLS, GATE_REASONS, type GateProtocol, type GateReason } from '@ems/contract/api/ingest';

/** Bounds of what a device may send, the same for every protocol. */
export const GATE_BOUNDS = {
  /** Earliest sample time accepted (epoch ms): nothing the platform shows predates 2000. */
  earliestMs: Date.UTC(2000, 0, 1),
  /** How far ahead of the server clock a device's clock may run (ms). */
  maxAheadMs: 10 * 60_000,
  /**
   * Largest magnitude of a measured number (W, Wh, A, V, %…). Far above any real reading (1 PW, 1 TWh),
   * below where a `real` column overflows (3.4e38) and where sums of many readings lose whole numbers
   * (2^53 ≈ 9e15), so every report and rollup that adds them up stays finite.
   */
  maxAbsValue: 1e15,
  /**
   * Smallest magnitude of a measured number other than 0: a `real` column (W, SoC) cannot hold less (its
   * smallest normal number; PostgreSQL refuses the underflow of 5e-324), and no reading is that small.
   */
  minAbsValue: 1.1754943508222875e-38,
  /**
   * Highest OCPP connector id: 0 is the charger as a whole (OCPP 1.6 §4.9), 1… its connectors. OCPP sets
   * no maximum; no charger the platform knows has more than a few, and 100 leaves room.
   */
  maxConnectorId: 100,
  /** Largest id a device may name (transaction, reservation): the `integer` columns that keep them. */
  maxId: 2_147_483_647,
} as const;

export type { GateProtocol, GateReason };

/** A refusal: the reason and the field of the message that caused it (for the log and the CALLERROR). */
export interface GateRefusal {
  reason: GateReason;
  field: string;
}

/** Refusal of a sample time (a Date, or epoch ms) outside [earliestMs, now + maxAheadMs], or null. */
export function timeRefusal(field: string, ts: Date | number, now = Date.now()): GateRefusal | null {
  const t = typeof ts === 'number' ? ts : ts.getTime();
  return t >= GATE_BOUNDS.earliestMs && t <= now + GATE_BOUNDS.maxAheadMs
    ? null
    : { reason: 'timestamp', field };
}

/**
 * Refusal of a measured number that is not finite, beyond ±maxAbsValue or, other than 0, nearer to 0 than
 * ±minAbsValue; or null (−0 passes).
 */
export function valueRefusal(field: string, v: number): GateRefusal | null {
  const abs = Math.abs(v);
  return Number.isFinite(v) && abs <= GATE_BOUNDS.maxAbsValue && (abs === 0 || abs >= GATE_BOUNDS.minAbsValue)
    ? null
    : { reason: 'value', field };
}

/**
 * Refusal of the first number in `points` (a sample's point name → value) that valueRefusal refuses; text
 * and booleans pass (their length and characters are the protocol schema's job).
 */
export function pointsRefusal(points: Record<string, unknown>): GateRefusal | null {
  // for…in, not Object.entries: no array of pairs per sample on the ingest's hot path (issue 36).
  for (const name in points) {
    const v = points[name];
    if (typeof v === 'number') {
      const r = valueRefusal(`points.${name}`, v);
      if (r) return r;
    }
  }
  return null;
}

/** Refusal of an OCPP connector id outside 0..maxConnectorId (or not whole), or null. */
export function connectorRefusal(field: string, id: number): GateRefusal | null {
  return Number.isInteger(id) && id >= 0 && id <= GATE_BOUNDS.maxConnectorId
    ? null
    : { reason: 'connector', field };
}

/** Refusal of an id (transaction, reservation) outside the `integer` column's range, or null. */
export function idRefusal(field: string, id: number): GateRefusal | null {
  return Number.isInteger(id) && Math.abs(id) <= GATE_BOUNDS.maxId ? null : { reason: 'id', field };
}

/** The first refusal of `checks` (evaluated in order), or null when all pass. */
export function firstRefusal(checks: Iterable<GateRefusal | null>): GateRefusal | null {
  for (const c of checks) if (c) return c;
  return null;
}

/** Refusals counted per protocol and reason since the process started. */
export type GateCounts = Record<GateProtocol, Record<GateReason, number>>;

const zero = () => Object.fromEntries(GATE_REASONS.map((r) => [r, 0])) as Record<GateReason, number>;
const counts = Object.fromEntries(GATE_PROTOCOLS.map((p) => [p, zero()])) as GateCounts;

/**
 * Counts one refusal of `protocol`: the one source of the console's counts (gateRefusedList) and of the
 * metric `ems_device_gate_refused_total`.
 */
export function countRefusal(protocol: GateProtocol, refusal: GateRefusal): void {
  counts[protocol][refusal.reason] += 1;
}

/** A copy of the refusal counters of this process. */
export function gateCounts(): GateCounts {
  return Object.fromEntries(GATE_PROTOCOLS.map((p) => [p, { ...counts[p] }])) as GateCounts;
}

/** The counters as the contract's `gateRefused` list: every protocol × reason, zeros included, in order. */
export function gateRefusedList(
  c: GateCounts = gateCounts(),
): { protocol: GateProtocol; reason: GateReason; messages: number }[] {
  return GATE_PROTOCOLS.flatMap((protocol) =>
    GATE_REASONS.map((reason) => ({ protocol, reason, messages: c[protocol][reason] })),
  );
}
