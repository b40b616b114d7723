/**
 * The telemetry payload's points (docs/device-protocol.md §4) are checked in one pass over the record
 * (contract telemetry.ts PointsSchema, issue 36). It must take what the schema per name and per value took
 * before: names 1–32 characters, text values up to 64, neither with NUL or a lone surrogate, 1–500 points;
 * but a point named `__proto__`, which that schema dropped, makes the sample invalid.
 */
import { isSafeText } from '@ems/contract/bounds';
import { DEVICE_LIMITS, SampleSchema, TelemetryPayloadSchema } from '@ems/contract/telemetry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** The former points schema, a check per name and per value: the oracle the one-pass check must match. */
const perNamePoints = z
  .record(
    z.string().min(1).max(32).refine(isSafeText),
    z.union([z.number(), z.string().max(64).refine(isSafeText), z.boolean()]),
  )
  .refine((p) => {
    const n = Object.keys(p).length;
    return n > 0 && n <= DEVICE_LIMITS.maxPointsPerSample;
  });

const ts = Date.UTC(2026, 0, 1);
const accepts = (points: unknown) => SampleSchema.safeParse({ ts, points }).success;

describe('a sample’s points', () => {
  it.each([
    ['a number, a text and a boolean', { W: 1, Note: 'ok', On: true }, true],
    ['a name of 32 characters', { ['N'.repeat(32)]: 1 }, true],
    ['a text of 64 characters', { Note: 't'.repeat(64) }, true],
    ['an empty name', { '': 1 }, false],
    ['a name of 33 characters', { ['N'.repeat(33)]: 1 }, false],
    ['a name with NUL', { 'W\u0000': 1 }, false],
    ['a name with a lone surrogate', { 'W\ud800': 1 }, false],
    ['a text of 65 characters', { Note: 't'.repeat(65) }, false],
    ['a text with NUL', { Note: 'a\u0000b' }, false],
    ['no points', {}, false],
    ['501 points', Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`P${i}`, i])), false],
    ['an object as a value', { W: { v: 1 } }, false],
    ['null as a value', { W: null }, false],
    ['an array instead of points', [1, 2], false],
    ['no points at all', undefined, false],
    // JSON.parse makes "__proto__" an own property; the former schema dropped it, this one refuses it.
    ['a point named __proto__', JSON.parse('{"__proto__": 1, "W": 2}'), false],
  ])('%s: accepted %s', (_name, points, ok) => {
    expect(accepts(points)).toBe(ok);
  });

  it('names the point a bad name or text is under', () => {
    const r = TelemetryPayloadSchema.safeParse({ ts, points: { W: 1, Note: 'a\u0000b' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.path.at(-1) === 'Note')).toBe(true);
  });

  it('names the point whose value is of no point type, and says what a value may be', () => {
    const r = SampleSchema.safeParse({ ts, points: { W: 1, Mode: { on: true } } });
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path.at(-1) === 'Mode');
    expect(issue?.message).toBe('a point value is a number, text or true/false');
  });

  it('says why a point named __proto__ is refused, not that its name is too long', () => {
    const r = SampleSchema.safeParse({ ts, points: JSON.parse('{"W": 1, "__proto__": 2}') });
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path.at(-1) === '__proto__');
    expect(issue?.message).toBe('a point may not be named __proto__');
  });

  it('passes the points on as the message gave them', () => {
    const points = { W: 2500, Note: 'ok', On: true };
    const r = SampleSchema.safeParse({ ts, points });
    expect(r.success && r.data.points).toEqual({ W: 2500, Note: 'ok', On: true });
  });

  it('takes what a check per name and per value took, but a point named __proto__', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(
        '',
        'W',
        'a\u0000b',
        '\ud800',
        'x'.repeat(32),
        'x'.repeat(33),
        'y'.repeat(64),
        'y'.repeat(65),
      ),
    );
    const value = fc.oneof(fc.double(), fc.integer(), text, fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.dictionary(text, value, { maxKeys: 6 }), (points) => {
        // The one intended difference: a point named __proto__ (fast-check makes such keys) is refused,
        // where the former schema dropped it.
        const took = !Object.hasOwn(points, '__proto__') && perNamePoints.safeParse(points).success;
        expect(accepts(points)).toBe(took);
      }),
      { numRuns: 2000 },
    );
  });
});
