/**
 * The ingest's per-message shortcuts answer exactly as what they replace: fastTelemetrySamples never
 * accepts a body TelemetryPayloadSchema refuses and reads it the same way; deviceTopicKind and toDate
 * agree with the `topics` strings and the digit-count rule on generated inputs (fast-check, fixed seed).
 */
import {
  DEVICE_LIMITS,
  deviceTopicKind,
  parseDeviceTopic,
  TelemetryPayloadSchema,
  toDate,
  topicSerial,
  topics,
} from '@ems/contract/telemetry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastTelemetrySamples, samplesOf } from './payload-check';

const SEED = 20261124;

const name = fc.oneof(
  fc.constantFrom('W', 'WH', 'SoC', '', '__proto__', 'x'.repeat(32), 'x'.repeat(33), '😀'.repeat(17)),
  fc.string({ maxLength: 40 }),
);
const value = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 70 }),
  fc.constantFrom('x'.repeat(64), 'x'.repeat(65), '😀'.repeat(33)),
  fc.constant([1]),
);
const ts = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 40 }),
  fc.constantFrom(0, 1.5, 2 ** 53 - 1, 2 ** 53, 1_767_225_600, 1_767_225_600_000),
  fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01T00:00:00+08:00', '2026-01-01', 'x'),
  fc.constant(undefined),
);
const points = fc.oneof(fc.dictionary(name, value, { maxKeys: 6 }), fc.constant([]), fc.constant(null));
const hostileSample = fc.record({ ts, points }, { requiredKeys: [] });
// Mostly-valid samples, so that the comparison often goes through the fast path.
const goodSample = fc.record({
  ts: fc.integer({ min: 1, max: 2 ** 42 }),
  points: fc.dictionary(
    fc.oneof(fc.constantFrom('W', 'SoC', 'x'.repeat(32)), fc.string({ minLength: 1, maxLength: 5 })),
    fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.string({ maxLength: 64 }),
    ),
    { minKeys: 1, maxKeys: 5 },
  ),
});
const sample = fc.oneof(goodSample, hostileSample);
const body = fc.oneof(
  sample,
  fc.record({ samples: fc.array(sample, { maxLength: 4 }) }),
  fc.record({ samples: fc.array(sample, { maxLength: 2 }), ts, points }, { requiredKeys: ['samples'] }),
  fc.constantFrom(null, 1, 'x', [], [{ ts: 1, points: { W: 1 } }]),
);

describe('fastTelemetrySamples', () => {
  it('accepts only what the schema accepts, with the same samples (through JSON, as a message)', () => {
    let decided = 0;
    fc.assert(
      fc.property(body, (b) => {
        const parsed = JSON.parse(JSON.stringify(b) ?? 'null');
        const fast = fastTelemetrySamples(parsed);
        const zod = TelemetryPayloadSchema.safeParse(parsed);
        if (fast) {
          decided++;
          expect(zod.success).toBe(true);
          const want = samplesOf(zod.data!).map((s) => ({ ts: s.ts, points: { ...s.points } }));
          expect(fast.map((s) => ({ ts: s.ts, points: { ...s.points } }))).toEqual(want);
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // The generator must reach the fast path often enough for the comparison to mean something.
    expect(decided).toBeGreaterThan(100);
  });

  it('decides the shapes devices send: one sample, and a replayed buffer at the limits', () => {
    const one = { ts: 1_767_225_600_000, points: { W: 2500, St: 'OK', On: true } };
    expect(fastTelemetrySamples(one)).toEqual([one]);
    const many = Array.from({ length: DEVICE_LIMITS.maxSamplesPerMessage }, (_, i) => ({
      ts: i + 1,
      points: { W: i },
    }));
    expect(fastTelemetrySamples({ samples: many })).toHaveLength(DEVICE_LIMITS.maxSamplesPerMessage);
    // A sample with `samples` beside it is that one sample, as the schema's union reads it.
    expect(fastTelemetrySamples({ ...one, samples: many })).toEqual([{ ...one, samples: many }]);
  });

  it('leaves ISO timestamps and over-long names to the schema', () => {
    expect(fastTelemetrySamples({ ts: '2026-01-01T00:00:00Z', points: { W: 1 } })).toBeUndefined();
    expect(fastTelemetrySamples({ ts: 1, points: { ['😀'.repeat(17)]: 1 } })).toBeUndefined();
    expect(fastTelemetrySamples({ samples: [] })).toBeUndefined();
  });
});

describe('topic and timestamp shortcuts', () => {
  const serial = fc.oneof(
    fc.constantFrom('SN1', 'a/b', '', 'ems', 'SN1/telemetry'),
    fc.string({ maxLength: 8 }),
  );
  const suffix = fc.constantFrom(
    'telemetry',
    'status',
    'alarm',
    'command',
    'command/ack',
    'x',
    '',
    'telemetry/',
  );
  const topic = fc.oneof(
    fc.tuple(serial, suffix).map(([sn, s]) => `ems/v1/${sn}/${s}`),
    fc.tuple(serial, suffix).map(([sn, s]) => `ems/v2/${sn}/${s}`),
    fc.string({ maxLength: 30 }),
  );
  const kinds = ['telemetry', 'status', 'alarm', 'command', 'commandAck'] as const;

  it('deviceTopicKind(t, sn) is the `topics` entry t equals', () => {
    fc.assert(
      fc.property(topic, serial, (t, sn) => {
        const want = kinds.find((k) => t === topics[k](sn));
        expect(deviceTopicKind(t, sn)).toBe(want);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("parseDeviceTopic reads the topic's own serial number as topicSerial does", () => {
    fc.assert(
      fc.property(topic, (t) => {
        const sn = topicSerial(t);
        const want = sn === undefined ? undefined : { sn, kind: kinds.find((k) => t === topics[k](sn)) };
        expect(parseDeviceTopic(t)).toEqual(want);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    expect(parseDeviceTopic('ems/v1/SN1/command/ack')).toEqual({ sn: 'SN1', kind: 'commandAck' });
  });

  it('toDate reads up to 10 digits as seconds, more as milliseconds', () => {
    const byDigits = (n: number) => new Date(String(n).length <= 10 ? n * 1000 : n).getTime();
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e14 }), fc.double({ noNaN: true })), (n) => {
        expect(toDate(n).getTime()).toBe(byDigits(n));
      }),
      { seed: SEED, numRuns: 3000 },
    );
    expect(toDate(9_999_999_999).getTime()).toBe(9_999_999_999_000);
    expect(toDate(10_000_000_000).getTime()).toBe(10_000_000_000);
  });
});
