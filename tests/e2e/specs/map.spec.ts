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
