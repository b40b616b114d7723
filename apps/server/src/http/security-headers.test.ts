import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
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

/** Sends `request` as raw bytes to `port`; resolves with the status code and the headers of the answer. */
function rawExchange(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

describe('security headers on the framework’s own answers (issue 19 §3)', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => t?.close());

  it.each([
    ['a URL the router cannot decode', 'GET /%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    [
      'headers past the parser’s limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      431,
    ],
    ['a header the parser cannot read', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
  ])('%s answers with every security header', async (_what, request, status) => {
    const res = await rawExchange(port, request);
    expect(res.status).toBe(status);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toBe("'self'");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
