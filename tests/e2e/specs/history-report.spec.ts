import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 8 §7: open a site, step its history back, switch to Month, open the report page,
 * export the month as Excel and read the file back, checking its production total against the API.
 */
test('history by month, then the month report exported to Excel matches the API', async ({ page }) => {
  await signIn(page, DEMO);

  await page.getByRole('menuitem', { name: 'Home storage' }).click();
  await page.locator('a[href*="/station?stationId="]').first().click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);

  // The e2e fleet has two backfilled days (BACKFILL_DAYS=2): step back a day into them, then look at
  // that month, where ‹ stops at the first data (this month or, early in a month, the one before)
  // and › at today.
  const history = page.locator('.history-card');
  // The page may already carry today's date in its URL: wait for the date picker to change, so the
  // date read is the day before, not a URL from before the click.
  const datePicker = history.locator('.ant-picker input');
  // The picker shows the app's en-US date (MM/DD/YYYY, issue 24 item 8); the URL keeps YYYY-MM-DD.
  await expect(datePicker).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  const today = await datePicker.inputValue();
  await history.getByRole('button', { name: 'Previous period' }).click();
  await expect(datePicker).not.toHaveValue(today);
  const [month, day, year] = (await datePicker.inputValue()).split('/');
  const yesterday = `${year}-${month}-${day}`;
  await expect(page).toHaveURL(new RegExp(`statisticsType=1&searchDate=${yesterday}`));
  await expect(history.getByTestId('history-chart')).toBeVisible();
  await history.getByText('Month', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`statisticsType=2&searchDate=${yesterday}`));
  const previous = history.getByRole('button', { name: 'Previous period' });
  // The first data is at most two days back, so ‹ stops in yesterday's month or the one before. ‹ is
  // allowed until the site's first data day has loaded, so step while it is allowed.
  await expect(async () => {
    if (await previous.isEnabled()) await previous.click({ timeout: 1_000 });
    await expect(previous).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const shown = new URL(page.url()).searchParams.get('searchDate') ?? '';
  const monthBefore = (d: string) => {
    const [y, m] = d.split('-').map(Number) as [number, number];
    return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  };
  expect([yesterday.slice(0, 7), monthBefore(yesterday)]).toContain(shown.slice(0, 7));
  await expect(history.getByTestId('history-chart')).toBeVisible();
  await expect(history.getByTestId('history-totals')).toContainText('Production');
  await history.getByRole('button', { name: 'Today' }).click();
  await expect(history.getByRole('button', { name: 'Next period' })).toBeDisabled();

  // Per-device chart: the first device with its first reported point.
  const deviceCard = page.locator('#device-chart');
  await expect(deviceCard.getByTestId('history-chart')).toBeVisible();

  const summary = page.waitForResponse((r) => r.url().includes('/webpvesc/ajax/report/summary'));
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/report$/);
  const api = (await (await summary).json()) as {
    status: number;
    data: { totals: { productionKwh: number } };
  };
  expect(api.status).toBe(0);
  expect(api.data.totals.productionKwh).toBeGreaterThan(0);
  await expect(page.getByTestId('report-totals')).toContainText('Production (kWh)');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  expect(sheet.getCell('A1').value).toBe('Created on');
  expect(sheet.getCell('B4').value).toBe('Production (kWh)');
  expect(sheet.getCell('A5').value).toBe('Total');
  // The file is built moments after the page's call: the month's production can only have grown.
  const total = sheet.getCell('B5').value as number;
  expect(typeof total).toBe('number');
  expect(total).toBeGreaterThanOrEqual(api.data.totals.productionKwh);
  expect(total - api.data.totals.productionKwh).toBeLessThan(api.data.totals.productionKwh * 0.01 + 5);
});

const API = '/owner_api/webpvesc/ajax';
type Figures = { productionKwh: number | null; consumptionKwh: number | null };
type ReportAnswer = {
  status: number;
  data: { stationIds: number[]; totals: Figures; rows: (Figures & { label: string })[] };
};
const kwh = (v: number | null) =>
  v === null
    ? '–'
    : new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        Number(v.toFixed(1)) || 0,
      );

/**
 * Issue 8 §3: the report page's group chooser. The owner puts two sites into a new group, chooses
 * Group and that group on /report with the keyboard, and the totals and rows on screen are the API's
 * answer for that group, which covers exactly those two sites.
 */
test('the report of one of my groups, chosen on screen, shows the API’s figures for it', async ({ page }) => {
  const headers = { token: await signIn(page, DEMO) };
  const list = await page.request.get(`${API}/station/systemtype/list?systemType=6`, { headers });
  const siteIds = ((await list.json()).data.rows as { stationId: number }[])
    .slice(0, 2)
    .map((s) => s.stationId);
  expect(siteIds).toHaveLength(2);
  const name = `Report group ${Date.now() % 100000}`;
  const created = await page.request.post(`${API}/station/category/edit`, {
    headers,
    data: { action: 'create', name },
  });
  const groupId = ((await created.json()) as { data: { id: number } }).data.id;
  const moved = await page.request.post(`${API}/station/category/edit`, {
    headers,
    data: { action: 'move', id: groupId, stationIds: siteIds },
  });
  expect((await moved.json()).status).toBe(0);

  await page.getByRole('menuitem', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await page.locator('.report-scope').getByText('Group', { exact: true }).click();
  const groupSelect = page.getByRole('combobox', { name: 'Group' });
  await expect(groupSelect).toBeVisible();
  const answer = page.waitForResponse(
    (r) => r.url().includes('/report/summary') && new RegExp(`groupId=${groupId}(&|$)`).test(r.url()),
  );
  // Keyboard: focus the chooser, type to filter, Enter picks the group.
  await groupSelect.focus();
  await page.keyboard.type(name);
  await expect(page.locator('.ant-select-item-option', { hasText: `${name} (2)` })).toBeVisible();
  await page.keyboard.press('Enter');
  const api = (await (await answer).json()) as ReportAnswer;
  expect(api.status).toBe(0);
  expect([...api.data.stationIds].sort()).toEqual([...siteIds].sort());

  const totals = page.getByTestId('report-totals');
  await expect(totals).toContainText(`Production (kWh)${kwh(api.data.totals.productionKwh)}`);
  await expect(totals).toContainText(`Consumption (kWh)${kwh(api.data.totals.consumptionKwh)}`);
  const rows = page.locator('.report-page .ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(api.data.rows.length);
  const first = api.data.rows[0]!;
  // A day's label in the app's en-US date format (the API's is YYYY-MM-DD).
  const shown = first.label.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
  await expect(rows.first().locator('td').nth(0)).toHaveText(shown);
  await expect(rows.first().locator('td').nth(1)).toHaveText(kwh(first.productionKwh));

  // Leave the demo fleet as the later specs expect it: the sites go back to the default group.
  const removed = await page.request.post(`${API}/station/category/edit`, {
    headers,
    data: { action: 'delete', id: groupId },
  });
  expect((await removed.json()).status).toBe(0);
});

test('a charging site lists its charger sessions by month with a CSV download', async ({ page }) => {
  await signIn(page, DEMO);
  await page.getByRole('menuitem', { name: 'Charging' }).click();
  await page.locator('a[href*="/station?stationId="]').first().click();
  const card = page.locator('.device-events-card');
  await expect(card).toContainText('Charging sessions');
  await expect(card.getByRole('columnheader', { name: 'Energy (kWh)' })).toBeVisible();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'CSV' }).click();
  const text = await (await download).createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  // The first charging site listed may hold a simulated charger (these five columns) or OCPP chargers (the
  // same five, then the transaction's own: connector, id tag, stop reason…); the list's order is not fixed.
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
    /^Start,End,Energy \(kWh\),Duration \(min\),Solar share \(%\)(,|$)/,
  );
});
