import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { apiToken, E2E_ADMIN_PASSWORD } from '../lib/api-user';
import { clickWhenPlaced } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

for (const width of [1280, 390]) {
  test(`the digital map shows fleet totals and opens a site (${width} px)`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await signIn(page, DEMO);
    // The dashboard's location card is the same map and links to the digital map.
    if (width > 600) {
      await expect(page.locator('.site-locations canvas')).toBeVisible();
      await page.locator('.site-locations').getByRole('link', { name: 'Digital map' }).click();
    } else {
      await page.goto('/map');
    }
    await expect(page).toHaveURL(/\/map$/);
    await expect(page.getByRole('heading', { name: 'Digital map' })).toBeVisible();

    for (const id of ['kpi-power', 'kpi-energy', 'kpi-online', 'kpi-alarms']) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    const map = page.getByTestId('site-map');
    await expect(map).toHaveAttribute('aria-label', /^Map of [1-9]\d* sites$/);
    await expect(map.locator('canvas')).toBeVisible();

    const list = page.getByRole('list', { name: 'Sites' });
    const first = list.getByRole('link').first();
    await expect(first).toBeVisible();
    const name = (await first.textContent()) ?? '';
    // Nothing on the page (a long site name in the list) widens it past the screen.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: info.outputPath(`digital-map-${width}.png`), fullPage: true });
    await first.click();
    await expect(page).toHaveURL(/\/station\?stationId=\d+/);
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  });
}

/**
 * Issue 7 item 5: the site list page (side menu) filters by status and text and opens a site by its row;
 * the top bar's site search finds the same site by name and opens it.
 */
test('the site list filters, opens a site, and the top-bar search finds it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO);
  await page.getByRole('menuitem', { name: /\bSites$/ }).click();
  await expect(page).toHaveURL(/\/sites/);
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
  const table = page.locator('.site-list-table');
  const firstLink = table.locator('tbody').getByRole('link').first();
  await expect(firstLink).toBeVisible();
  const name = (await firstLink.textContent()) ?? '';

  // A status no demo site has: the empty state says no site matches, and clearing brings the rows back.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.click();
  await clickWhenPlaced(
    status,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Offline"]'),
  );
  await expect(page).toHaveURL(/status=offline/);
  await page.goto('/sites?status=offline&q=zzzz-no-such-site');
  await expect(page.getByText('No site matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/status=/);

  // Text search narrows the rows to the site; its row opens the station page and reload keeps the query.
  await page.getByLabel('Search by name or address').fill(name.slice(0, 8));
  await expect(page).toHaveURL(/[?&]q=/);
  await page.reload();
  await expect(page.getByLabel('Search by name or address')).toHaveValue(name.slice(0, 8));
  await table.locator('.site-list-row', { hasText: name }).locator('td').last().click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);
  const stationUrl = page.url();

  // The top bar's search finds the site by name and opens it.
  await page.goto('/dashboard');
  const search = page.getByRole('combobox', { name: 'Search sites' });
  await search.fill(name.slice(0, 8));
  await clickWhenPlaced(
    search,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first(),
  );
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);
  expect(new URL(page.url()).searchParams.get('stationId')).toBe(
    new URL(stationUrl).searchParams.get('stationId'),
  );
});

/** A 256 × 256 PNG of one colour (RGB), as a stand-in tile server answers. */
function solidPng(r: number, g: number, b: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(256 * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Issue 7 item 7: with a tile server set in the console, the digital map fetches street tiles through
 * the API (same origin) and shows the attribution; without one it fetches none.
 */
test('street tiles from the administrator’s tile server show on the digital map', async ({
  page,
  request,
}, info) => {
  const png = solidPng(200, 230, 200);
  const asked: string[] = [];
  const tileServer = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((r) => tileServer.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;
  const admin = await apiToken(request, 'admin', E2E_ADMIN_PASSWORD, true);
  const setTiles = (tileUrl: string) =>
    request.post('/owner_api/webpvesc/ajax/manage/map/tiles', {
      headers: { token: admin },
      data: { tileUrl, attribution: tileUrl ? '© Test tiles' : '' },
    });
  try {
    expect((await (await setTiles(`${base}/{z}/{x}/{y}.png`)).json()).status).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, DEMO);
    const tile = page.waitForResponse(
      // A tile the server cannot give is HTTP 200 too (an envelope, spec §8): wait for an image.
      (r) => r.url().includes('/webpvesc/ajax/map/tile?') && r.headers()['content-type'] === 'image/png',
    );
    await page.goto('/map');
    expect((await tile).headers()['content-type']).toBe('image/png');
    await expect(page.getByText('© Test tiles')).toBeVisible();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await expect(page.getByTestId('site-map').locator('canvas')).toBeVisible();
    await page.screenshot({ path: info.outputPath('digital-map-tiles.png') });
  } finally {
    await setTiles('');
    await new Promise((r) => tileServer.close(r));
  }
});
