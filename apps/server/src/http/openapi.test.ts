import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
