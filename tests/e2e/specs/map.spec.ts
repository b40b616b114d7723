import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 7 item 7: the digital map opens from the side menu with the fleet totals and the offline map of
 * the user's sites (no tile server: outlines are bundled); a site found on it opens its station page.
 */
async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('Demo@2024!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

for (const width of [1280, 390]) {
  test(`the digital map shows fleet totals and opens a site (${width} px)`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await signIn(page);
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
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Sites' }).click();
  await expect(page).toHaveURL(/\/sites/);
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
  const table = page.locator('.site-list-table');
  const firstLink = table.locator('tbody').getByRole('link').first();
  await expect(firstLink).toBeVisible();
  const name = (await firstLink.textContent()) ?? '';

  // A status no demo site has: the empty state says no site matches, and clearing brings the rows back.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Offline"]').click();
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
  await page.getByRole('combobox', { name: 'Search sites' }).fill(name.slice(0, 8));
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name })
    .first()
    .click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);
  expect(new URL(page.url()).searchParams.get('stationId')).toBe(
    new URL(stationUrl).searchParams.get('stationId'),
  );
});
