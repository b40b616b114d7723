import type { ChargerSessions, UpsEvents } from '@ems/contract/api/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TelemetryRow, writeSamples } from '../../ingest/writer';
import { buildDevice, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

const BASE = '/owner_api/webpvesc/ajax/report';

describe('charger sessions and UPS events (issue 8 §5)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let stationId = 0;
  let chargerId = 0;
  let upsId = 0;

  const get = (path: string, query: string, tok = token) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${path}?${query}`, headers: { token: tok } });

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    [token, otherToken] = await Promise.all([signIn(t.app, owner), signIn(t.app, other)]);
    // Berlin (UTC+2 in June): the CSV shows site-local times with their offset, the JSON ISO instants.
    const station = await buildStation(t.db, { ownerId: owner.id, timeZone: 'Europe/Berlin' });
    stationId = station.id;
    await buildDevice(t.db, { stationId, deviceType: 'inverter' });
    const meter = await buildDevice(t.db, { stationId, deviceType: 'meter' });
    const charger = await buildDevice(t.db, { stationId, deviceType: 'charger' });
    const ups = await buildDevice(t.db, { stationId, deviceType: 'ups' });
    chargerId = charger.id;
    upsId = ups.id;
    const rows: TelemetryRow[] = [];
    const base = Date.parse('2026-06-10T09:50:00Z');
    // Plugged and charging at 7 kW from 10:00 to 11:00 (61 samples), the meter buying half of it.
    for (let m = 0; m <= 80; m++) {
      const ts = new Date(base + m * 60_000);
      const plugged = m >= 10 && m <= 70;
      const w = plugged ? 7000 : 0;
      const sessionWh = plugged ? Math.round((7000 * (m - 10)) / 60) : 0;
      rows.push({
        deviceId: charger.id,
        ts,
        w,
        soc: null,
        eIn: null,
        eOut: null,
        points: { W: w, SessionWh: sessionWh, ConnectorStatus: plugged ? 'Charging' : 'Available' },
      });
      rows.push({
        deviceId: meter.id,
        ts,
        w: plugged ? 3500 : 0,
        soc: null,
        eIn: null,
        eOut: null,
        points: { W: w / 2 },
      });
    }
    // On battery 12:00–12:20, SOC from 100 down to 80.
    for (let m = 0; m <= 40; m++) {
      const ts = new Date(Date.parse('2026-06-10T11:50:00Z') + m * 60_000);
      const on = m >= 10 && m <= 30;
      const soc = on ? 100 - (m - 10) : 100;
      rows.push({
        deviceId: ups.id,
        ts,
        w: 1000,
        soc,
        eIn: null,
        eOut: null,
        points: { W: 1000, SoC: soc, OnBattery: on },
      });
    }
    await writeSamples(t.db, rows);
  });
  afterAll(() => t.close());

  it('finds the charging session with its energy, duration and solar share', async () => {
    const res = await get(
      'charger-sessions',
      `stationId=${stationId}&deviceId=${chargerId}&statisticsType=2&searchDate=2026-06-01`,
    );
    const body = res.json() as { status: number; data: ChargerSessions };
    expect(body.status).toBe(0);
    expect(body.data.sessions).toEqual([
      {
        start: '2026-06-10T10:00:00.000Z',
        end: '2026-06-10T11:00:00.000Z',
        energyKwh: 7,
        durationMin: 60,
        solarShare: 50,
        // An MQTT charger has no OCPP transaction.
        transactionId: null,
        connectorId: null,
        idTag: null,
        stopReason: null,
        inferred: null,
      },
    ]);
    expect(body.data.energyKwh).toBe(7);
  });

  it('downloads the sessions as CSV with units in the headers', async () => {
    const res = await get(
      'charger-sessions',
      `stationId=${stationId}&deviceId=${chargerId}&statisticsType=3&searchDate=2026-06-01&format=csv`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Start,End,Energy (kWh),Duration (min),Solar share (%)');
    expect(lines[1]).toBe('2026-06-10 12:00:00 +02:00,2026-06-10 13:00:00 +02:00,7,60,50');
  });

  it('derives the UPS on-battery event with its lowest SOC', async () => {
    const res = await get(
      'ups-events',
      `stationId=${stationId}&deviceId=${upsId}&statisticsType=4&searchDate=2026-06-01`,
    );
    const body = res.json() as { status: number; data: UpsEvents };
    expect(body.data).toEqual([
      { start: '2026-06-10T12:00:00.000Z', end: '2026-06-10T12:20:00.000Z', durationMin: 20, minSoc: 80 },
    ]);
  });

  it('refuses another user and the wrong device type', async () => {
    const denied = await get(
      'ups-events',
      `stationId=${stationId}&deviceId=${upsId}&searchDate=2026-06-01`,
      otherToken,
    );
    expect(denied.json().status).toBe(40300);
    const wrong = await get(
      'ups-events',
      `stationId=${stationId}&deviceId=${chargerId}&searchDate=2026-06-01`,
    );
    expect(wrong.json().status).toBe(40000);
  });
});
