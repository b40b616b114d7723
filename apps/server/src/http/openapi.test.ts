import { readFileSync } from 'node:fs';
import { API_PREFIX } from '@ems/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/helper';
import { generateOpenApi } from './openapi';

describe('OpenAPI document', () => {
  it('is generated from the route schemas and the committed copy in docs/api is current', async () => {
    const generated = await generateOpenApi();
    const doc = JSON.parse(generated) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/owner_api/webpvesc/ajax/language/list');
    const committed = readFileSync(new URL('../../../../docs/api/openapi.json', import.meta.url), 'utf8');
    // On failure run `npm run openapi` and commit docs/api/openapi.json.
    expect(committed).toBe(generated);
  });
});

type Operation = {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: { required?: string[]; properties?: object } }> };
};

/**
 * Issue 19 §8: what the document calls optional is what validation lets a caller leave out, and the
 * reverse, for every parameter and body field of every route listed from the running server.
 */
describe('OpenAPI document and validation agree on what may be left out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('every field is required in the document exactly when its schema refuses its absence', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const disagree: string[] = [];
    let fields = 0;
    for (const route of t.app.routeCatalogue.filter((r) => r.url.startsWith(API_PREFIX))) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const schema = (route.schema ?? {}) as { hide?: boolean } & Record<string, unknown>;
      if (schema.hide) continue;
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const op = doc.paths[path]?.[method.toLowerCase()];
        if (!op) {
          disagree.push(`${method} ${route.url}: not in the document`);
          continue;
        }
        const parts = [
          ['querystring', 'query'],
          ['params', 'path'],
          ['body', 'body'],
        ] as const;
        for (const [part, where] of parts) {
          const root = schema[part];
          if (!(root instanceof z.ZodObject)) continue;
          const bodyRequired = op.requestBody?.content?.['application/json']?.schema?.required ?? [];
          for (const [name, field] of Object.entries(root.shape as Record<string, z.ZodType>)) {
            fields += 1;
            const refusesAbsence = !field.safeParse(undefined).success;
            const documented =
              where === 'body'
                ? bodyRequired.includes(name)
                : op.parameters?.some((p) => p.name === name && p.in === where && p.required) === true;
            if (refusesAbsence !== documented) {
              disagree.push(
                `${method} ${route.url} ${where} ${name}: ${documented ? 'required' : 'optional'} in the document, ${refusesAbsence ? 'required' : 'optional'} by validation`,
              );
            }
          }
        }
      }
    }
    expect(fields).toBeGreaterThan(100);
    expect(disagree).toEqual([]);
  });
});
