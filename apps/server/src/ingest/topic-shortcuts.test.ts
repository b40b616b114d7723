/**
 * The ingest's per-message topic and timestamp shortcuts answer exactly as what they replace:
 * deviceTopicKind and toDate agree with the `topics` strings and the digit-count rule on generated inputs
 * (fast-check, fixed seed).
 */
import { deviceTopicKind, parseDeviceTopic, toDate, topicSerial, topics } from '@ems/contract/telemetry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const SEED = 20261124;

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
