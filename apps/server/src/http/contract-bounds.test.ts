/**
 * Every field of every route's request schemas is bounded (issue 6 §3). The routes come from the
 * running server, so a route added later is checked without anyone remembering to; each field (query,
 * body, path parameter, and each element of arrays and nested objects) is probed with values no field
 * may accept: over-long text, NUL, lone surrogates, non-finite and overflowing numbers, huge arrays.
 */
import { EPOCH_MS_MAX, TEXT_MAX } from '@ems/contract/bounds';
import { API_PREFIX } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/helper';
import { inputOf } from '../test/schema-input';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** Values every field must refuse. */
const ALWAYS_REFUSED: unknown[] = [
  'a'.repeat(TEXT_MAX + 1),
  'a\u0000b',
  '\ud800',
  'b\udfff',
  Number.POSITIVE_INFINITY,
  Number.NaN,
  1e308,
  -1e308,
  Array.from({ length: 10_001 }, () => 1),
];
/** Text a numeric field (one that takes a number) must refuse: it coerces to a non-finite number. */
const _NUMERIC_TEXT = ['Infinity', '-Infinity', 'NaN', '1e400'];
/** Text a numeric field (one that takes a number) must refuse: it coerces to a non-finite number. */
const NUMERIC_TEXT = ['Infinity', '-Infinity', 'NaN', '1e400'];
/** Whole numbers of requests live in PostgreSQL integers: a numeric field refuses the first value past int4. */
const INT4_OVERFLOW = [2_147_483_648, '2147483648', '99999999999999999999'];
/** Past the latest instant of an `epochTime` field (bounds.ts epochTimeField), the one numeric field past int4. */
const EPOCH_OVERFLOW = [EPOCH_MS_MAX + 1, String(EPOCH_MS_MAX + 1), '99999999999999999999'];

/** True for a field built on the contract's epochTimeField. */
const isEpochTime = (field: z.ZodType) => inputOf(field).meta()?.epochTime === true;

/** `[path, schema]` of every field below `schema` (object members, array elements, union options). */
function fieldsOf(schema: z.ZodType, path: string): Array<[string, z.ZodType]> {
  const inner = inputOf(schema);
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
      fieldsOf(v, `${path}.${k}`),
    );
  }
  const out: Array<[string, z.ZodType]> = [[path, schema]];
  if (inner instanceof z.ZodArray) out.push(...fieldsOf(inner.element as z.ZodType, `${path}[]`));
  return out;
}

describe('request schemas of every route are bounded', () => {
  it('every field refuses over-long, unsafe, non-finite and overflowing values', () => {
    const unbounded: string[] = [];
    let fields = 0;
    for (const route of t.app.routeCatalogue.filter((r) => r.url.startsWith(API_PREFIX))) {
      const schema = (route.schema ?? {}) as Record<string, z.ZodType | undefined>;
      for (const part of ['querystring', 'body', 'params'] as const) {
        const root = schema[part];
        if (!(root instanceof z.ZodType)) continue;
        for (const [path, field] of fieldsOf(root, `${route.method} ${route.url} ${part}`)) {
          fields += 1;
          const numeric = [1, 2, 3, 7, 10].some((n) => field.safeParse(n).success);
          const overflow = isEpochTime(field) ? EPOCH_OVERFLOW : INT4_OVERFLOW;
          const probes = [...ALWAYS_REFUSED, ...(numeric ? [...NUMERIC_TEXT, ...overflow] : [])];
          for (const probe of probes) {
            if (inputOf(field) instanceof z.ZodArray && !Array.isArray(probe)) continue;
            if (field.safeParse(probe).success) {
              unbounded.push(`${path} accepts ${JSON.stringify(probe)?.slice(0, 30) ?? String(probe)}`);
            }
          }
        }
      }
    }
    expect(fields).toBeGreaterThan(60);
    expect(unbounded).toEqual([]);
  });
});
