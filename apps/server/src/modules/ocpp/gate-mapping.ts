/**
 * OCPP 1.6J calls mapped onto the device-input gate (ingest/device-gate.ts, issue 31): which fields of
 * each call are times, measured numbers, connector ids and ids. The 1.6J schema (strict mode) has already
 * checked types and text lengths; the gate adds what the schema cannot say: the time window, finite
 * numbers within the columns' range, connector ids 0..100 and ids within `integer`.
 */
import {
  connectorRefusal,
  firstRefusal,
  type GateRefusal,
  idRefusal,
  pointsRefusal,
  timeRefusal,
  valueRefusal,
} from '../../ingest/device-gate';
import { pointsOfSampledValues, type SampledValue } from './meter-values';

type Params = Record<string, unknown>;
type MeterValue = { timestamp?: unknown; sampledValue?: SampledValue[] };

/** An OCPP dateTime as epoch ms (NaN when it does not parse: the gate refuses it as a time). */
const ms = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : Number.NaN);

function* meterValueChecks(field: string, values: unknown): Generator<GateRefusal | null> {
  if (!Array.isArray(values)) return;
  for (const [i, mv] of (values as MeterValue[]).entries()) {
    yield timeRefusal(`${field}[${i}].timestamp`, ms(mv.timestamp));
    const sampled = mv.sampledValue ?? [];
    // A raw reading is a decimal number (OCPP 1.6 §7.43): NaN, Infinity and 1e400 are refused, not skipped.
    for (const [j, v] of sampled.entries()) {
      if (v.format === 'SignedData') continue;
      const n = v.value.trim() === '' ? Number.NaN : Number(v.value);
      yield valueRefusal(`${field}[${i}].sampledValue[${j}].value`, n);
    }
    // kWh and kW are scaled to Wh and W: the scaled number must be within bounds too.
    yield pointsRefusal(pointsOfSampledValues(sampled));
  }
}

function* callChecks(action: string, p: Params): Generator<GateRefusal | null> {
  if ('connectorId' in p) yield connectorRefusal('connectorId', p.connectorId as number);
  if (typeof p.timestamp === 'string' || (action !== 'StatusNotification' && 'timestamp' in p))
    yield timeRefusal('timestamp', ms(p.timestamp));
  for (const f of ['transactionId', 'reservationId'] as const) if (f in p) yield idRefusal(f, p[f] as number);
  for (const f of ['meterStart', 'meterStop'] as const) if (f in p) yield valueRefusal(f, p[f] as number);
  if (action === 'MeterValues') yield* meterValueChecks('meterValue', p.meterValue);
  if (action === 'StopTransaction') yield* meterValueChecks('transactionData', p.transactionData);
}

/**
 * The gate's refusal of the OCPP call `action` with (schema-valid) `params`, or null when it may be
 * stored. Boot, Heartbeat and Authorize carry nothing the gate bounds beyond their schema.
 */
export function ocppRefusal(action: string, params: unknown): GateRefusal | null {
  if (typeof params !== 'object' || params === null) return null;
  return firstRefusal(callChecks(action, params as Params));
}
