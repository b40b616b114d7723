import { expect, test } from '@playwright/test';
import { clickWhenPlaced } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 24 (a new user's walk), the data side: what the report page says about its own figures and its
 * empty money columns, the tariff's price unit, the label of system type 3 and the add-device form's
 * site bus limit. Screenshots go to the test output for a look.
 */
const API = '/owner_api/webpvesc/ajax';

type Figures = Record<
  'productionKwh' | 'consumptionKwh' | 'gridBuyKwh' | 'gridSellKwh' | 'selfSufficiency' | 'selfConsumption',
  number | null
>;

test('the all-sites report agrees with its own columns and says why money is empty', async ({
  page,
}, info) => {
  await signIn(page, DEMO);
  const summary = page.waitForResponse((r) => r.url().includes('/report/summary'));
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  const api = (await (await summary).json()) as {
    data: { totals: Figures; moneyNote: string | null; stationIds: number[] };
  };
  const { totals } = api.data;
  // Every ratio from the row's own sums (the demo fleet has no tariff, so money says why it is empty).
  expect(totals.selfSufficiency).toBeCloseTo((1 - totals.gridBuyKwh! / totals.consumptionKwh!) * 100, 1);
  expect(totals.selfConsumption).toBeCloseTo((1 - totals.gridSellKwh! / totals.productionKwh!) * 100, 1);
  expect(api.data.moneyNote).toBe('noTariff');
  const block = page.getByTestId('report-totals');
  await expect(block).toContainText(`Self-sufficiency (%)${Math.round(totals.selfSufficiency!)}`);
  // With no tariff anywhere the money columns name no currency (issue 34 item 10: not "Revenue (–)").
  await expect(block).toContainText('RevenueNo tariff set');
  await expect(block).toContainText('SavingsNo tariff set');
  await expect(block).not.toContainText('(–)');
  const firstRow = page.locator('.report-page .ant-table-tbody tr.ant-table-row').first();
  await expect(firstRow.locator('td').last()).toHaveText('No tariff set');
  await page.screenshot({ path: info.outputPath('report-all-sites.png'), fullPage: true });

  // One site: the tariff dialog names its currency per kWh and says no tariff is set yet.
  const headers = { token: (await page.context().cookies()).find((c) => c.name === 'token')!.value };
  // The chooser lists the top bar's type: a fresh session's is 3 (power & environment).
  const site = (
    (await (await page.request.get(`${API}/station/systemtype/list?systemType=3`, { headers })).json()).data
      .rows as { stationId: number; stationName: string }[]
  )[0]!;
  const tariff = (
    await (await page.request.get(`${API}/report/tariff?stationId=${site.stationId}`, { headers })).json()
  ).data as { currency: string; set: boolean };
  await page.locator('.report-scope').getByText('Sites', { exact: true }).click();
  const chooser = page.getByRole('combobox', { name: 'Sites', exact: true });
  await chooser.click();
  await clickWhenPlaced(
    chooser,
    page.locator('.ant-select-item-option', { hasText: site.stationName }).first(),
  );
  await expect(page.locator('.report-target')).toContainText(site.stationName);
  // Leave the chooser (its list stays open for more choices) before using the card's buttons.
  await page.locator('.report-page .ant-card-head-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.getByRole('button', { name: 'Tariff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tariff of the site' });
  await expect(dialog.getByTestId('tariff-not-set')).toBeVisible();
  await expect(dialog.locator('.ant-input-number-suffix').first()).toHaveText(`${tariff.currency}/kWh`);
  await page.screenshot({ path: info.outputPath('tariff-dialog.png') });
});

test('system type 3 is labelled for what it holds, in full at 1280 px', async ({ page }, info) => {
  await signIn(page, DEMO);
  // A fresh session's type is 3: its item shows, selected, at 1280 px (not hidden in the overflow menu).
  const selected = page.locator('.system-type-menu .ant-menu-item-selected');
  await expect(selected).toHaveText('Power & environment (other)');
  await expect(selected).toBeInViewport();
  await expect(selected).not.toHaveAttribute('aria-hidden', 'true');
  await page.screenshot({
    path: info.outputPath('type-menu.png'),
    clip: { x: 0, y: 0, width: 1280, height: 160 },
  });
});

test('the add-device form says how many devices the site bus still takes', async ({ page }, info) => {
  const headers = { token: await signIn(page, DEMO) };
  const site = (
    (await (await page.request.get(`${API}/station/systemtype/list?systemType=1`, { headers })).json()).data
      .rows as { stationId: number }[]
  )[0]!;
  await page.goto(`/station?stationId=${site.stationId}`);
  const card = page.locator('.fleet-devices-card');
  await card.scrollIntoViewIfNeeded({ timeout: 60_000 });
  const rows = card.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const used = await rows.count();
  await expect(card.getByTestId('site-bus-count')).toHaveText(`${used} / 32 devices`);
  await card.getByRole('button', { name: 'Add device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  // Before any typing, the form says what the site's bus still takes.
  await expect(dialog.getByTestId('site-bus-note')).toHaveText(
    `This site holds ${used} of 32 devices (bus addresses 1–32, one device each): ${32 - used} more can be added.`,
  );
  await page.screenshot({ path: info.outputPath('add-device.png') });
});
