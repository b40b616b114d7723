import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

const API = '/owner_api/webpvesc/ajax/language/list';

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)]),
  );
}

describe.each([
  { https: false, env: { HTTPS: 'off' } },
  { https: true, env: { HTTPS: 'on' } },
])('security headers (https: $https)', ({ https, env }) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ems-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp({ WEB_DIST: dist, ...env });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['an API answer', API],
    ['an API error', '/owner_api/webpvesc/no-such-route'],
    ['index.html', '/'],
    ['the SPA fallback', '/station?stationId=3'],
  ])('are sent on %s', async (_what, url) => {
    const res = await t.app.inject({ url });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toBe("'self'");
    expect(policy['default-src']).toBe("'self'");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(policy['object-src']).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    if (https) {
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(policy).toHaveProperty('upgrade-insecure-requests');
    } else {
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    }
  });
});
