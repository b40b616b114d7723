/**
 * Issue 31, the gate's property: whatever a device sends (any timestamp, number, string or id, through
 * each protocol's mapping), it is refused and counted, or stored so that every report and rollup of the
 * device still answers. The bounds themselves are checked over arbitrary values (MQTT's mapping is these
 * functions); OCPP's through a real ocpp-rpc charger, after which the rollup job sets nothing aside and
 * station/statistics answers for every period.
 */
import { TelemetryPayloadSchema, toDate } from '@ems/contract/telemetry';
import fc from 'fast-check';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_BOUNDS, gateCounts, pointsRefusal, timeRefusal, valueRefusal } from '../../ingest/device-gate';
import { localToday } from '../../shared/zoned-time';
import { rollupJob } from '../telemetry/rollup-refresh';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

/** Numbers a device might send, the hostile ones weighted in. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e308,
    -1e308,
    -0,
    1e15,
    1e16,
    // Found by the property below through a real charger: a `real` column refuses the underflow.
    5e-324,
    -1e-40,
  ),
  fc.integer(),
);
/** Timestamps as MQTT carries them: epoch seconds or ms, or ISO-8601 of any year. */
const anyTs = fc.oneof(
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00.000Z'),
);

describe('the gate bounds (every protocol maps onto them)', () => {
  it('passes only finite numbers whose sums stay finite and that fit a real column', () => {
    fc.assert(
      fc.property(anyNumber, (v) => {
        if (valueRefusal('v', v)) return;
        expect(Number.isFinite(v)).toBe(true);
        expect(Math.abs(v * 1e6)).toBeLessThan(3.4e38);
        expect(Number.isFinite(Math.fround(v))).toBe(true);
        // Nor does it underflow one: 0 stays 0, anything else stays other than 0.
        expect(Math.fround(v) === 0).toBe(v === 0);
      }),
      { numRuns: 5000 },
    );
  });

  it('passes only MQTT timestamps between 2000 and 10 minutes ahead, readable as a local day', () => {
    fc.assert(
      fc.property(anyTs, fc.constantFrom('UTC', 'Pacific/Kiritimati', 'America/Adak'), (ts, zone) => {
        if (!TelemetryPayloadSchema.safeParse({ ts, points: { W: 1 } }).success) return;
        const t = toDate(ts).getTime();
        if (timeRefusal('ts', t)) return;
        expect(t).toBeGreaterThanOrEqual(GATE_BOUNDS.earliestMs);
        expect(localToday(zone, t)).toMatch(/^2\d{3}-\d{2}-\d{2}$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a sample whose points hold any number out of bounds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), anyNumber), (points) => {
        const bad = Object.values(points).some((v) => valueRefusal('v', v) !== null);
        expect(pointsRefusal(points) !== null).toBe(bad);
      }),
    );
  });
});

describe('the gate through a real OCPP charger', () => {
  let b: OcppBench;
  let cp: RPCClient;
  beforeAll(async () => {
    b = await startOcppBench({ env: { DEVICE_RATE_PER_S: '10000', DEVICE_RATE_BURST: '10000' } });
    const { key } = await b.addCharger('CP-PROP-1');
    cp = await b.connect('CP-PROP-1', key);
    await cp.call('BootNotification', BOOT);
  });
  afterAll(async () => b?.close());

  it('refuses and counts, or stores so that rollups and statistics still answer', async () => {
    const now = Date.now();
    const timestamp = fc.oneof(
      {
        arbitrary: fc.integer({ min: -3600_000, max: 0 }).map((d) => new Date(now + d).toISOString()),
        weight: 3,
      },
      fc.integer({ min: -3600_000, max: 0 }).map((d) => new Date(now + d).toISOString()),
      fc
        .date({ min: new Date(-62135596800000), max: new Date(253402300799000), noInvalidDate: true })
        .map((d) => d.toISOString()),
      fc.constantFrom('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'),
    );
    const value = fc.oneof(
      anyNumber.map(String),
      fc.constantFrom('NaN', 'Infinity', '-0', '1e308', '1e400', '', ' '),
      fc.string({ maxLength: 12 }),
    );
    const measurand = fc.constantFrom(
      'Energy.Active.Import.Register',
      'Power.Active.Import',
      'Current.Import',
      'Voltage',
    );
    let gateRefused = 0;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(0, 1, 2), fc.integer({ min: -2, max: 2_000_000_000 })),
        timestamp,
        value,
        measurand,
        async (connectorId, ts, v, m) => {
          const before = gateCounts().ocpp;
          try {
            await cp.call('MeterValues', {
              connectorId,
              meterValue: [{ timestamp: ts, sampledValue: [{ value: v, measurand: m }] }],
            });
            answered++;
          } catch (err) {
            const code = (err as { rpcErrorCode?: string }).rpcErrorCode;
            const after = gateCounts().ocpp;
            const counted =
              Object.values(after).reduce((a, n) => a + n, 0) -
              Object.values(before).reduce((a, n) => a + n, 0);
            // Refused by the gate (counted), or by the 1.6J schema before it; never anything else.
            if (code === 'PropertyConstraintViolation') {
              expect(counted).toBe(1);
              gateRefused++;
            } else expect(code).toMatch(/Violation$/);
          }
        },
      ),
      { numRuns: 80 },
    );
    expect(gateRefused).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(0);

    const errors: unknown[] = [];
    const log = { ...b.t.app.log, error: (o: unknown) => errors.push(o) } as unknown as typeof b.t.app.log;
    await rollupJob.run({ db: b.t.db, config: b.t.config, log }, new Date());
    expect(errors).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    for (const type of [1, 2, 3]) {
      const res = await b.t.app.inject({
        method: 'GET',
        url: `/owner_api/webpvesc/ajax/station/statistics?stationId=${b.stationId}&statisticsType=${type}&searchDate=${today}`,
        headers: { token: b.token },
      });
      expect(res.json()).toMatchObject({ status: 0 });
    }
  });
});
