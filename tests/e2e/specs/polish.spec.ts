import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 24, item 12: small things a new user tripped over. The station page draws today's power once;
 * the app download page leads a signed-in user back to the dashboard; the console offers the spec's
 * named user types only; and the browser's own e-mail tooltip no longer covers the app's message.
 */

test("the station page draws today's power once, in the history card on today", async ({ page }) => {
  await signIn(page, DEMO);
  await page.locator('a[href*="/station?stationId="]').first().click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);
  const history = page.locator('.history-card');
  await expect(history.getByTestId('history-chart')).toBeVisible();
  await expect(history.getByRole('radio', { name: 'Day' })).toBeChecked();
  await expect(page.locator('.ant-card-head-title', { hasText: 'Power today' })).toHaveCount(0);
  await expect(page.locator('.chart-card:not(.device-chart-card)')).toHaveCount(1);
});

test('the app download page leads back to sign-in, or to the dashboard when signed in', async ({ page }) => {
  await page.goto('/download/app');
  await expect(page.getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
  await signIn(page, DEMO);
  await page.goto('/download/app');
  await expect(page.getByRole('link', { name: 'Back to sign-in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the console offers the named user types, without a literal "Fourth type"', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/manage?tab=users');
  const select = page.getByRole('combobox', { name: 'User type of demo' });
  await select.click();
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await expect(options).toHaveText(['Standard', 'Premium', 'Protocol']);
});

test("a wrong e-mail shows the app's message, not the browser's tooltip", async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('User name').fill(`e2e_nv_${Date.now().toString(36)}`);
  await page.getByLabel('E-mail').fill('not-an-address');
  // The browser fires "invalid" on a field when its own validation stops a submit (and shows its tooltip).
  await page.evaluate(() => {
    (window as unknown as { invalidFields: string[] }).invalidFields = [];
    document.addEventListener(
      'invalid',
      (e) =>
        (window as unknown as { invalidFields: string[] }).invalidFields.push(
          (e.target as HTMLInputElement).id,
        ),
      true,
    );
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter a correct e-mail address')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { invalidFields: string[] }).invalidFields)).toEqual(
    [],
  );
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
});

test('the 404 and 401 pictures are decorative, without antd’s English title (issue 34 item 10)', async ({
  page,
}) => {
  await signIn(page, DEMO);
  for (const path of ['/no-such-page', '/401']) {
    await page.goto(path);
    const picture = page.locator('.ant-result-image svg');
    await expect(picture).toHaveAttribute('aria-hidden', 'true');
    await expect(picture.locator('title')).toHaveCount(0);
  }
});

test('the /svgs icon gallery opens to administrators only (issue 34 item 10)', async ({ browser, page }) => {
  await signIn(page, DEMO);
  await page.goto('/svgs');
  await expect(page).toHaveURL(/\/401$/);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/svgs');
  await expect(admin).toHaveURL(/\/svgs$/);
});
