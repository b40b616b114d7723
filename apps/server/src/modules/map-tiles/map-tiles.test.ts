import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MapTilesConfig, MapTilesSettings } from '@ems/contract/api/map-tiles';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from '../admin/test-admin';

/** A 1×1 PNG, as a tile server would answer. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Issue 7 item 7: the console's tile-server setting and the maps' tile call. */
describe('street tiles: manage/map/tiles, map/tiles/config, map/tile', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let upstream: Server;
  let base = '';
  const asked: string[] = [];
  const get = async (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/owner_api${url}`, headers: { token } });
  const save = (body: Record<string, unknown>, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/owner_api/webpvesc/ajax/manage/map/tiles',
      headers: { token },
      payload: body,
    });

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/search')) {
        const q = new URL(req.url, 'http://x').searchParams.get('q');
        const places = [
          { display_name: `${q}, Lisboa, Portugal`, lat: '38.7077', lon: '-9.1365', importance: 0.7 },
          { display_name: 'unreadable', lat: 'north', lon: '1' },
        ];
        if (q === 'down') res.writeHead(503).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places));
      } else if (req.url?.endsWith('.png')) res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a tile</html>');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    t = await buildTestApp();
    admin = await signInAdmin(t.app);
    owner = await signIn(t.app, await buildUser(t.db));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await new Promise((r) => upstream.close(r));
  });

  it('has no street tiles until the administrator sets a server', async () => {
    const cfg = (await get('/webpvesc/ajax/map/tiles/config', owner)).json() as { data: MapTilesConfig };
    expect(cfg.data).toMatchObject({ enabled: false, attribution: null });
    const tile = (await get('/webpvesc/ajax/map/tile?z=1&x=0&y=0', owner)).json() as { status: number };
    expect(tile.status).toBe(Status.NOT_FOUND);
  });

  it('refuses a URL without {z}/{x}/{y} and a non-administrator, changing nothing', async () => {
    const bad = (await save({ tileUrl: 'https://tiles.example.org/tile.png' })).json() as {
      status: number;
      msg: string;
    };
    expect(bad.status).toBe(Status.ILLEGAL_INPUT);
    expect(bad.msg).toBe('Enter an http(s) address holding {z}, {x} and {y}');
    const stranger = await save({ tileUrl: `${base}/{z}/{x}/{y}.png` }, owner);
    expect(stranger.json().status).toBe(Status.NO_PERMISSION);
    const stored = (await get('/webpvesc/ajax/manage/map/tiles', admin)).json() as { data: MapTilesSettings };
    expect(stored.data.tileUrl).toBeNull();
  });

  it('serves tiles of the configured server to every signed-in user', async () => {
    const saved = await save({ tileUrl: `${base}/{z}/{x}/{y}.png`, attribution: '© Test tiles' });
    expect(saved.json()).toMatchObject({ status: 0, data: { tileUrl: `${base}/{z}/{x}/{y}.png` } });
    const cfg = (await get('/webpvesc/ajax/map/tiles/config', owner)).json() as { data: MapTilesConfig };
    expect(cfg.data).toEqual({ enabled: true, search: false, attribution: '© Test tiles', maxZoom: 19 });
    // The URL itself is the administrator's: the user-facing answer does not carry it.
    expect(JSON.stringify(cfg)).not.toContain('127.0.0.1');

    const tile = await get('/webpvesc/ajax/map/tile?z=3&x=4&y=2', owner);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(tile.rawPayload, PNG)).toBe(0);
    expect(asked).toContain('/3/4/2.png');
    // The server keeps the tile: asking again (another user, same tile) does not reach the tile server.
    const before = asked.length;
    const again = await get('/webpvesc/ajax/map/tile?z=3&x=4&y=2', admin);
    expect(Buffer.compare(again.rawPayload, PNG)).toBe(0);
    expect(asked.length).toBe(before);

    const outside = (await get('/webpvesc/ajax/map/tile?z=1&x=2&y=0', owner)).json() as { status: number };
    expect(outside.status).toBe(Status.OUT_OF_RANGE);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/map/tile?z=1&x=0&y=0',
    });
    expect(anonymous.statusCode).not.toBe(200);
  });

  it('answers 40400 when the tile server gives no image, and turns tiles off with an empty URL', async () => {
    await save({ tileUrl: `${base}/{z}/{x}/{y}.html` });
    const notImage = (await get('/webpvesc/ajax/map/tile?z=0&x=0&y=0', owner)).json() as { status: number };
    expect(notImage.status).toBe(Status.NOT_FOUND);
    await save({ tileUrl: '' });
    const cfg = (await get('/webpvesc/ajax/map/tiles/config', owner)).json() as { data: MapTilesConfig };
    expect(cfg.data.enabled).toBe(false);
  });

  it('answers address searches only while a tile server and a search are set (issue 24 item 4)', async () => {
    const search = (q: string, token = owner) =>
      get(`/webpvesc/ajax/map/geocode?q=${encodeURIComponent(q)}`, token);
    await save({ tileUrl: '', searchUrl: `${base}/search?format=jsonv2&q={q}` });
    expect((await search('Praça do Comércio')).json().status).toBe(Status.NOT_FOUND);
    let cfg = (await get('/webpvesc/ajax/map/tiles/config', owner)).json() as { data: MapTilesConfig };
    expect(cfg.data.search).toBe(false);

    await save({ tileUrl: `${base}/{z}/{x}/{y}.png`, searchUrl: `${base}/search?format=jsonv2&q={q}` });
    cfg = (await get('/webpvesc/ajax/map/tiles/config', owner)).json() as { data: MapTilesConfig };
    expect(cfg.data).toMatchObject({ enabled: true, search: true });
    const found = (await search('Praça do Comércio')).json();
    expect(found).toMatchObject({
      status: 0,
      data: [{ name: 'Praça do Comércio, Lisboa, Portugal', longitude: -9.1365, latitude: 38.7077 }],
    });
    expect(found.data).toHaveLength(1);
    const down = await search('down');
    expect(down.json().status, down.body).toBe(Status.OPERATION_FAILED);
    expect((await search('x')).json().status).toBe(Status.ILLEGAL_INPUT);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/map/geocode?q=Lisboa',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks both URLs with the spec §5 URL rule and its message, changing nothing', async () => {
    await save({ tileUrl: '', searchUrl: '' });
    const notUrl = (await save({ tileUrl: 'tiles here', languageId: 2 })).json();
    expect(notUrl).toMatchObject({ status: Status.ILLEGAL_INPUT, msg: '请输入正确的URL地址' });
    const noQ = (await save({ tileUrl: `${base}/{z}/{x}/{y}.png`, searchUrl: `${base}/search` })).json();
    expect(noQ).toMatchObject({ msg: 'Enter an http(s) address holding {q}', data: { field: 'searchUrl' } });
    const stored = (await get('/webpvesc/ajax/manage/map/tiles', admin)).json() as { data: MapTilesSettings };
    expect(stored.data).toEqual({ tileUrl: null, attribution: null, searchUrl: null });
  });
});
