/**
 * Issue 24 item 4: the new-site form as a new owner meets it: every required field says so as it is
 * typed, the location can be picked on the bundled map, the address looked up (only where the
 * administrator set a tile server and a search), and an area search ranks the name itself first and
 * says when a choice changed the country.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiToken, E2E_ADMIN_PASSWORD } from '../lib/api-user';
import { DEMO, signIn } from '../lib/sign-in';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openNewSite(page: Page): Promise<Locator> {
  await signIn(page, DEMO);
  await page.locator('.fleet-groups-card').getByRole('button', { name: 'Add site' }).click();
  return page.getByRole('dialog', { name: 'New site' });
}

/** Types `text` into a number field, then empties it, as a person changing their mind does. */
async function typeAndClear(field: Locator, text: string) {
  await field.fill(text);
  await field.fill('');
}

test('every required number says "cannot be empty" as it is typed, and the map picks the location', async ({
  page,
}) => {
  test.slow();
  // No street tiles nor address search (a test below sets them, and clears them after).
  const admin = await apiToken(page.request, 'admin', E2E_ADMIN_PASSWORD, true);
  const cleared = await page.request.post('/owner_api/webpvesc/ajax/manage/map/tiles', {
    data: { tileUrl: '', searchUrl: '' },
    headers: { token: admin },
  });
  expect((await cleared.json()).status).toBe(0);
  const form = await openNewSite(page);
  const capacity = form.getByLabel('Capacity');
  const longitude = form.getByLabel('Longitude (°E)');
  const latitude = form.getByLabel('Latitude (°N)');
  for (const field of [capacity, longitude, latitude]) await typeAndClear(field, '12');
  await expect(form.getByText('This field cannot be empty')).toHaveCount(3);
  await longitude.fill('200');
  await expect(form.getByText('Data out of range')).toBeVisible();
  await longitude.fill('');

  // A click on the bundled map fills both coordinates (and clears their messages).
  const map = form.getByTestId('location-picker');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('canvas')).toBeVisible();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.4);
  await expect(longitude).not.toHaveValue('');
  await expect(latitude).not.toHaveValue('');
  const lon = Number(await longitude.inputValue());
  const lat = Number(await latitude.inputValue());
  expect(Math.abs(lon)).toBeLessThanOrEqual(180);
  expect(Math.abs(lat)).toBeLessThanOrEqual(90);
  await capacity.fill('5');
  await expect(form.getByText('This field cannot be empty')).toHaveCount(0);
  // Without a tile server there is no address search (it would need the internet).
  await expect(form.getByText('Find the address')).toHaveCount(0);
});

test('the area search puts "Lisboa" itself first and says when a choice changes the country', async ({
  page,
}) => {
  const form = await openNewSite(page);
  await form.getByLabel('Country code').fill('PT');
  await form.getByRole('combobox', { name: 'Area' }).fill('Lisboa');
  const hits = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title');
  await expect(hits.first()).toHaveText('Lisboa · Portugal');
  await expect(hits.nth(1)).toContainText('João Lisboa');
  // By keyboard: the list sits at the viewport's foot, and a click computed while the modal scrolls the
  // popup into view (it re-aligns a frame later) can land beside it.
  const active = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-treenode-active',
  );
  await page.keyboard.press('ArrowDown');
  await expect(active).toContainText('Lisboa · Portugal');
  await page.keyboard.press('ArrowDown');
  await expect(active).toContainText('João Lisboa');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Country code')).toHaveValue('BR');
  await expect(form.getByTestId('country-note')).toHaveText(
    'Country code changed to BR (was PT) to match the area.',
  );
});

test('Enter takes the area search’s only match (issue 34 item 10)', async ({ page }) => {
  const form = await openNewSite(page);
  await form.getByLabel('Country code').fill('PT');
  const area = form.getByRole('combobox', { name: 'Area' });
  await area.fill('João Lisboa');
  const hits = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title');
  await expect(hits).toHaveCount(1);
  await area.press('Enter');
  await expect(form.getByLabel('Country code')).toHaveValue('BR');
});

test.describe('with a tile server and an address search set by the administrator', () => {
  let upstream: Server;
  let base = '';
  let admin = '';
  const saveMap = (page: Page, body: Record<string, string>) =>
    page.request.post('/owner_api/webpvesc/ajax/manage/map/tiles', { data: body, headers: { token: admin } });

  test.beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.url?.startsWith('/search')) {
        const q = new URL(req.url, 'http://x').searchParams.get('q') ?? '';
        const found = [{ display_name: `${q}, 1100-148 Lisboa, Portugal`, lat: '38.7077', lon: '-9.1365' }];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      } else res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((r) => upstream.close(r));
  });

  test('the address found sets the coordinates', async ({ page }) => {
    admin = await apiToken(page.request, 'admin', E2E_ADMIN_PASSWORD, true);
    const saved = await saveMap(page, {
      tileUrl: `${base}/{z}/{x}/{y}.png`,
      searchUrl: `${base}/search?q={q}`,
    });
    expect((await saved.json()).status).toBe(0);
    try {
      const form = await openNewSite(page);
      await form.getByLabel('Address', { exact: true }).fill('Praça do Comércio');
      await form.getByRole('button', { name: 'Search' }).click();
      const results = form.locator('.address-search-results');
      await expect(results.getByText('Praça do Comércio, 1100-148 Lisboa, Portugal')).toBeVisible();
      await results.getByRole('button', { name: 'Use' }).click();
      await expect(form.getByLabel('Longitude (°E)')).toHaveValue('-9.1365');
      await expect(form.getByLabel('Latitude (°N)')).toHaveValue('38.7077');
    } finally {
      await saveMap(page, { tileUrl: '', searchUrl: '' });
    }
  });
});
