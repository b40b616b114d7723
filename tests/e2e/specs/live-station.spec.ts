import { expect, test } from '@playwright/test';
import { DEMO, fillSignIn } from '../lib/sign-in';

/**
 * Issue 2 §8: the demo owner signs in, opens a site and sees a live value change within 20 s
 * (the simulator publishes every 2 s in this run; the page polls every 5 s).
 */
test('demo owner signs in, opens a site and sees live values change', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillSignIn(page, DEMO);
  await expect(page).toHaveURL(/\/dashboard/);

  // Home storage sites have PV, battery, grid and load: every flow value is live there.
  await page.getByRole('menuitem', { name: 'Home storage' }).click();
  await page.locator('a[href*="/station?stationId="]').first().click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);

  // Every flow value shows, and the time of the newest sample moves on: the simulator publishes every
  // 2 s here, the page asks every 5 s. (The values themselves can hold still for minutes at night.)
  await expect(page.getByTestId('flow-load-power')).toHaveText(/\d/);
  await expect(page.locator('[data-testid^="flow-"][data-testid$="-power"]')).toHaveCount(4);
  const updated = page.getByTestId('flow-updated');
  const first = await updated.getAttribute('datetime');
  expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
  await expect.poll(() => updated.getAttribute('datetime'), { timeout: 20_000 }).not.toBe(first);
});

test('a guarded path asks to sign in and comes back after it; unknown paths show 404', async ({ page }) => {
  await page.goto('/station?stationId=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstation%3FstationId%3D1/);
  await fillSignIn(page, DEMO);
  await expect(page).toHaveURL(/\/station\?stationId=1$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});
