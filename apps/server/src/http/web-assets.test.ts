import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/helper';
import { registerWebAssets } from './web-assets';

/** A dist/ laid out as the web build writes it: each text file with its .br and .gz beside it. */
function writeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ems-dist-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
    'assets/index-Ab12Cd34.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    'sw.js': "self.addEventListener('push', () => {});",
    'manifest.webmanifest': '{"name":"Energy Cloud","start_url":"/","display":"standalone"}',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

describe('web assets', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist();
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves brotli when accepted, with Vary and a year of immutable caching for hashed assets', async () => {
    const res = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log(');
  });

  it('serves gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log(');

    const plain = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('console.log(');
  });

  it('never caches index.html without revalidation, at / and as the SPA fallback', async () => {
    for (const url of ['/', '/index.html', '/station?stationId=1']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('has the service worker and the web app manifest revalidated, with their types (issue 20 §4)', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const policy = String(sw.headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it('gives other root files a short cache', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers an unknown API path with the enveloped 404, not the SPA', async () => {
    const res = await t.app.inject({
      url: '/owner_api/no/such/route',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: expect.any(Number), data: null });
    expect(res.json().msg).not.toMatch(/^common\./);
  });

  it('declares every static route public on the route itself, as the session hook reads it', async () => {
    // The session hook decides on request.routeOptions.config of the matched route; so does this one.
    const app = Fastify({ logger: false });
    const seen: Record<string, unknown> = {};
    app.addHook('onRequest', async (request) => {
      seen[request.url] = (request.routeOptions.config as { public?: boolean }).public;
    });
    await registerWebAssets(app, loadConfig({ WEB_DIST: dist }));
    const urls = ['/', '/index.html', '/favicon.svg', '/assets/index-Ab12Cd34.js'];
    for (const url of urls) expect((await app.inject({ url })).statusCode, url).toBe(200);
    await app.close();
    expect(seen).toEqual(Object.fromEntries(urls.map((u) => [u, true])));
  });
});
