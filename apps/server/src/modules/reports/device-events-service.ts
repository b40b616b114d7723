/**
 * Charger sessions and UPS on-battery events (issue 8 §5). An MQTT charger's sessions and a UPS's events
 * are derived from the devices' raw points: a session is a run of samples whose ConnectorStatus is not
 * "Available" (energy = the largest SessionWh seen), an event a run of OnBattery = true (lowest SoC seen).
 * An OCPP charger's sessions are its transactions (issue 22 item 4), with the period's kWh from PV surplus
 * under solar charging (issue 33).
 */
import type { ChargerSessions, UpsEvents } from '@ems/contract/api/report';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput } from '../../http/errors';
import { parseLocalDate } from '../../shared/zoned-time';
import { requireDeviceOfStation, requireStationAccess, type StationRow } from '../access/station-access';
import { listSessions, speaksOcpp } from '../ocpp/session-list-repo';
import { surplusOfDays } from '../ocpp/solar/days-repo';
import { localDayRange } from '../telemetry/bucket-edges';
import { loadRollupPower, loadStationDevices } from '../telemetry/repo';
import { ocppSessions, type SpannedSession } from './ocpp-sessions';
import { reportRange } from './report-service';
import { findRuns, type StateSample, solarShare } from './runs';

/** Samples further apart than this end a run: the device was not reporting. */
const MAX_GAP_MS = 15 * 60_000;

/** Query of both calls. */
export interface DeviceEventsQuery {
  stationId: number;
  deviceId: number;
  statisticsType: number;
  searchDate: string;
}

/** First and last local day (YYYY-MM-DD) of the month, year or (4) all time up to the end of searchDate's year. */
function periodDays(q: DeviceEventsQuery): { from: string; to: string } {
  return q.statisticsType === 4
    ? { from: '2000-01-01', to: `${q.searchDate.slice(0, 4)}-12-31` }
    : reportRange(q.statisticsType, q.searchDate);
}

/** [from, to) instants of periodDays in the site's time zone. */
function periodInstants(station: StationRow, q: DeviceEventsQuery): { from: Date; to: Date } {
  const { from, to } = periodDays(q);
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  if (!a || !b || !parseLocalDate(q.searchDate)) throw illegalInput();
  return {
    from: new Date(localDayRange(a, station.timeZone).start),
    to: new Date(localDayRange(b, station.timeZone).end),
  };
}

async function loadSamples(
  db: DbHandle,
  deviceId: number,
  from: Date,
  to: Date,
  onSql: string,
  valueSql: string,
): Promise<StateSample[]> {
  const res = await db.query<{ ts: Date; on: boolean; value: number | null }>(
    `SELECT ts, (${onSql}) AS on, (${valueSql})::float8 AS value FROM telemetry
     WHERE device_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts`,
    [deviceId, from.toISOString(), to.toISOString()],
  );
  return res.rows.map((r) => ({ ts: new Date(r.ts).getTime(), on: r.on === true, value: r.value }));
}

const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (a: number, b: number) => Math.round((b - a) / 60_000);

/** An answer with the time zone of its site (the CSV shows times in it). */
export interface InZone<T> {
  data: T;
  timeZone: string;
}

/** An MQTT charger's sessions: runs of samples whose connector is not Available (energy: largest SessionWh). */
async function mqttSessions(db: DbHandle, deviceId: number, from: Date, to: Date): Promise<SpannedSession[]> {
  const samples = await loadSamples(
    db,
    deviceId,
    from,
    to,
    "coalesce(points->>'ConnectorStatus', 'Available') <> 'Available'",
    "points->>'SessionWh'",
  );
  return findRuns(samples, MAX_GAP_MS).map((r) => ({
    startMs: r.start,
    endMs: r.end,
    session: {
      start: iso(r.start),
      end: r.ongoing ? null : iso(r.end),
      energyKwh: r.maxValue === null ? null : Math.round(r.maxValue) / 1000,
      durationMin: minutes(r.start, r.end),
      transactionId: null,
      connectorId: null,
      idTag: null,
      stopReason: null,
      inferred: null,
    },
  }));
}

/** Solar share (%, one decimal) of the charger's power in [startMs, endMs] against the site meter's. */
async function sessionSolarShare(
  db: DbHandle,
  chargerId: number,
  meterId: number,
  startMs: number,
  endMs: number,
): Promise<number | null> {
  const rows = await loadRollupPower(
    db,
    [chargerId, meterId],
    new Date(startMs - 300_000),
    new Date(endMs + 1),
  );
  const byBucket = new Map<number, { chargerW: number; gridW: number }>();
  for (const row of rows) {
    const key = new Date(row.bucket).getTime();
    const b = byBucket.get(key) ?? { chargerW: 0, gridW: 0 };
    const w = row.wCount > 0 ? row.wSum / row.wCount : 0;
    if (row.deviceId === chargerId) b.chargerW = w;
    else b.gridW = w;
    byBucket.set(key, b);
  }
  const s = solarShare([...byBucket.values()]);
  return s === null ? null : Math.round(s * 1000) / 10;
}

/**
 * Sessions of a charger in the period: an OCPP charger's transactions started in it (docs/ocpp.md
 * "Sessions and reports"), else an MQTT charger's runs of plugged-in samples. `ocpp` says which.
 * @throws AppError noPermission for another user's site or a device of another site; illegalInput
 * when the device is not a charger.
 */
export async function chargerSessions(
  db: DbHandle,
  user: SessionUser,
  q: DeviceEventsQuery,
): Promise<InZone<ChargerSessions> & { ocpp: boolean }> {
  const station = await requireStationAccess(db, user, q.stationId);
  const device = await requireDeviceOfStation(db, station, q.deviceId);
  if (device.deviceType !== 'charger') throw illegalInput();
  const { from, to } = periodInstants(station, q);
  const ocpp = await speaksOcpp(db, device.id);
  const spans = ocpp
    ? ocppSessions(await listSessions(db, device.id, from, to), Date.now())
    : await mqttSessions(db, device.id, from, to);
  const siteDevices = await loadStationDevices(db, station.id);
  const meter = siteDevices.find((d) => d.deviceType === 'meter');
  const hasPv = siteDevices.some((d) => d.deviceType === 'inverter');
  const sessions = await Promise.all(
    spans.map(async (s) => ({
      ...s.session,
      solarShare:
        hasPv && meter ? await sessionSolarShare(db, device.id, meter.deviceId, s.startMs, s.endMs) : null,
    })),
  );
  const energy = sessions.reduce((a, s) => a + (s.energyKwh ?? 0), 0);
  const days = periodDays(q);
  const surplus = ocpp ? await surplusOfDays(db, device.id, days.from, days.to) : null;
  return {
    data: { sessions, energyKwh: Number(energy.toFixed(3)), surplus },
    timeZone: station.timeZone,
    ocpp,
  };
}

/**
 * On-battery events of a UPS in the period.
 * @throws AppError noPermission as chargerSessions; illegalInput when the device is not a UPS.
 */
export async function upsEvents(
  db: DbHandle,
  user: SessionUser,
  q: DeviceEventsQuery,
): Promise<InZone<UpsEvents>> {
  const station = await requireStationAccess(db, user, q.stationId);
  const device = await requireDeviceOfStation(db, station, q.deviceId);
  if (device.deviceType !== 'ups') throw illegalInput();
  const { from, to } = periodInstants(station, q);
  const samples = await loadSamples(db, device.id, from, to, "points->>'OnBattery' = 'true'", 'soc');
  const data = findRuns(samples, MAX_GAP_MS).map((r) => ({
    start: iso(r.start),
    end: r.ongoing ? null : iso(r.end),
    durationMin: minutes(r.start, r.end),
    minSoc: r.minValue,
  }));
  return { data, timeZone: station.timeZone };
}
