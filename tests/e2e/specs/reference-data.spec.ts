/**
 * Issue 24 item 16, spec §3: "Session storage caches time zone, currency symbol, area, area codes,
 * station template": reference data is read once per browser session, not on every page.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../lib/sign-in';

const REFERENCE = [
  '/webpvesc/ajax/dictionary/list',
  '/webpvesc/ajax/station/templates',
  '/webpvesc/ajax/area/list',
];

/** Counts the reference-data calls `page` makes from now on. */
function countCalls(page: Page): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(REFERENCE.map((p) => [p, 0]));
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname.replace('/owner_api', '');
    if (path in counts) counts[path]! += 1;
  });
  return counts;
}

async function openSiteForm(page: Page) {
  await page.locator('.fleet-groups-card').getByRole('button', { name: 'Add site' }).click();
  const form = page.getByRole('dialog', { name: 'New site' });
  // The form's choices come from the reference data: time zone, currency, templates and areas.
  await expect(form.getByText('(UTC')).toBeVisible();
  await form.getByRole('combobox', { name: 'Area' }).fill('Praha');
  await expect(page.locator('.ant-select-tree-title').first()).toBeVisible();
  return form;
}

test('time zones, currencies, templates and areas are read once per session, then kept', async ({ page }) => {
  test.slow();
  const counts = countCalls(page);
  await signIn(page, DEMO);
  await openSiteForm(page);
  for (const path of REFERENCE) expect(counts[path], path).toBeGreaterThan(0);
  const first = { ...counts };

  // A new page of the same session (reload), the site list and the form again: nothing is read again.
  await page.reload();
  await page.goto('/sites');
  await page.goto('/dashboard');
  await openSiteForm(page);
  expect(counts).toEqual(first);
  const stored = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((k) => k.startsWith('ems.ref.')),
  );
  expect(stored.sort()).toEqual([
    'ems.ref.area.en-US',
    'ems.ref.dictionary.sys_currencysymbol.en-US',
    'ems.ref.dictionary.sys_timezone.en-US',
    'ems.ref.templates.en-US',
  ]);
});
