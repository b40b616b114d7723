/**
 * OCPP 1.6 core profile, transactions (issue 22 item 2): StartTransaction, StopTransaction and
 * MeterValues. Timestamps are the charger's own, so a queue replayed after an offline period lands at the
 * times it happened; replays are matched (sessions-repo.ts) and samples deduplicated by the writer.
 */

import { toTelemetryRow } from '../../ingest/point-mapping';
import { writeSamples } from '../../ingest/writer';
import { baselineCacheOf } from '../telemetry/baseline-cache';
import { refreshLiveStatus } from './charger-repo';
import type { ChargerContext } from './context';
import { timeOf } from './handlers-core';
import { idTagStatus } from './id-tags-repo';
import { pointsOfSampledValues, type SampledValue } from './meter-values';
import { closeSession, noteSessionMeter, openSession } from './sessions-repo';

/** StartTransaction.req. */
interface StartParams {
  connectorId: number;
  idTag: string;
  meterStart: number;
  reservationId?: number;
  timestamp: string;
}

/**
 * StartTransaction: a session with an id from the database sequence, the same id for a replay of the
 * same start. The id tag is checked as Authorize does; an unknown tag still gets its transaction recorded
 * (OCPP: the charger may have started offline) and is answered Invalid, so the charger stops it.
 */
export async function startTransaction(c: ChargerContext, p: StartParams) {
  const status = await idTagStatus(c.db, c.deviceId, p.idTag);
  const { id, created } = await openSession(c.db, {
    deviceId: c.deviceId,
    connectorId: p.connectorId,
    idTag: p.idTag,
    authStatus: status,
    meterStart: p.meterStart,
    startedAt: timeOf(p.timestamp),
    reservationId: p.reservationId ?? null,
  });
  // The site's limit is divided anew with this charger charging (a replayed start changes nothing).
  if (created) await c.smartCharging?.chargerChanged(c.deviceId);
  return { transactionId: id, idTagInfo: { status } };
}

/** StopTransaction.req (transactionData's meter values are stored as MeterValues are). */
interface StopParams {
  idTag?: string;
  meterStop: number;
  timestamp: string;
  transactionId: number;
  reason?: string;
  transactionData?: { timestamp: string; sampledValue: SampledValue[] }[];
}

/**
 * StopTransaction: closes the session (energy = meterStop − meterStart, the reason). A replayed stop
 * changes nothing; a stop for a transaction the platform does not know is recorded and answered all the
 * same, as OCPP requires (the charger would otherwise resend it forever).
 */
export async function stopTransaction(c: ChargerContext, p: StopParams) {
  if (p.transactionData?.length) await storeMeterValues(c, p.transactionId, p.transactionData);
  const outcome = await closeSession(c.db, {
    deviceId: c.deviceId,
    transactionId: p.transactionId,
    idTag: p.idTag ?? null,
    meterStop: p.meterStop,
    stoppedAt: timeOf(p.timestamp),
    reason: p.reason ?? null,
  });
  if (outcome === 'closed') await c.smartCharging?.chargerChanged(c.deviceId);
  if (outcome === 'unknown')
    c.log.warn(
      { identity: c.identity, transactionId: p.transactionId },
      'OCPP stop for an unknown transaction',
    );
  if (!p.idTag) return {};
  return { idTagInfo: { status: await idTagStatus(c.db, c.deviceId, p.idTag) } };
}

/** MeterValues.req. */
interface MeterParams {
  connectorId: number;
  transactionId?: number;
  meterValue: { timestamp: string; sampledValue: SampledValue[] }[];
}

/** MeterValues: energy register and power into telemetry through the MQTT ingest's writer. */
export async function meterValues(c: ChargerContext, p: MeterParams) {
  await storeMeterValues(c, p.transactionId, p.meterValue);
  return {};
}

/**
 * Writes meter values as telemetry rows of the charger (WH → e_in, W → w: history, reports and energy
 * read them as any charger's), each at its own timestamp; with a transaction, SessionWh too.
 */
async function storeMeterValues(
  c: ChargerContext,
  transactionId: number | undefined,
  values: { timestamp: string; sampledValue: SampledValue[] }[],
): Promise<void> {
  const sampled = values
    .map((mv) => ({
      ts: mv.timestamp,
      points: pointsOfSampledValues(mv.sampledValue) as Record<string, number>,
    }))
    .filter((v) => Object.keys(v.points).length > 0);
  if (sampled.length === 0) return;
  if (transactionId !== undefined) {
    // One statement for the message's readings (a replayed queue sends many): the highest register.
    const registers = sampled.flatMap((v) => (v.points.WH === undefined ? [] : [v.points.WH]));
    const highest = registers.length > 0 ? Math.max(...registers) : null;
    const start = await noteSessionMeter(c.db, c.deviceId, transactionId, highest);
    if (start !== null)
      for (const v of sampled)
        if (v.points.WH !== undefined) v.points.SessionWh = Math.max(0, v.points.WH - start);
  }
  const rows = sampled.map((v) => toTelemetryRow(c.deviceId, 'charger', v, timeOf(v.ts)));
  await writeSamples(c.db, rows);
  // A charger's offline queue replays old readings: today's figures of every process take them in.
  const baselines = baselineCacheOf(c.db);
  for (const row of rows) baselines.sampleWritten(c.deviceId, row.ts.getTime());
  // The writer puts the newest sample's points in device_latest: the connector status stays beside them.
  await refreshLiveStatus(c.db, c.deviceId);
}
