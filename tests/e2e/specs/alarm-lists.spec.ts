import { expect, type Page, test } from '@playwright/test';
import { alarmTotal, deleteRules, raiseBatteryAlarms } from '../lib/alarm-rules';
import { chooseFromDropdown } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 24, items 6 and 10: the alarm lists. History shows when each alarm cleared and how long it
 * lasted, and an empty history says so for the period; the detail column shows for system types above
 * 1 and the device column hides for type 3 (spec §2). Below 992 px each alarm is a card, so level,
 * device and site stay on the screen, and a site's devices keep their actions in view.
 */

/** Titles of the alarm table's columns on /alarms. */
const headers = (page: Page) => page.getByRole('main').locator('.alarm-table thead th');

test('history lists cleared time and duration; an empty period says so; columns follow the system type', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, DEMO);
  await page.getByRole('menuitem', { name: 'Home storage' }).click();
  // Alarms that start, then clear: rules raise them (the alarm job runs on the save), deleting them clears them.
  const rules = await raiseBatteryAlarms(page, token, 1, 'e2e history');
  const total = (kind: 'current' | 'history') => alarmTotal(page, token, kind, 6, 'e2e history');
  await expect.poll(() => total('current'), { timeout: 75_000 }).toBeGreaterThan(0);
  await deleteRules(page, token, rules);
  await expect.poll(() => total('history'), { timeout: 75_000 }).toBeGreaterThan(0);

  await page.getByRole('menuitem', { name: 'Alarms' }).click();
  await page.getByRole('main').getByRole('tab', { name: 'History' }).click();
  await expect(headers(page)).toHaveText([
    'Alarm time',
    'Cleared',
    'Duration',
    'Description',
    'Code',
    'Level',
    'Device',
    'Site',
    'Detail',
  ]);
  const row = page.locator('.alarm-table tbody tr[data-row-key]').filter({ hasText: 'e2e history' }).first();
  await expect(row).toBeVisible();
  // Cleared "just now" (under 30 s, spec §9) or at a date and time, after a duration such as "1m 5s".
  await expect(row.locator('td').nth(1)).toHaveText(/^(just now|\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2})$/);
  await expect(row.locator('td').nth(2)).toHaveText(/^\d+(d|h|m|s)( \d+(h|m|s))?$/);
  await row.getByRole('button', { name: "Open the alarm's detail" }).click();
  await expect(page).toHaveURL(new RegExp(`/station\\?stationId=${rules[0]!.stationId}&deviceId=\\d+$`));

  // A period without alarms.
  await page.goto('/alarms?tab=history');
  await page.getByLabel('Search description, code, device, site').fill('no-such-alarm');
  await page.keyboard.press('Enter');
  await expect(page.locator('.alarm-table .ant-table-placeholder')).toHaveText('No alarms in this period');
  await page.getByRole('main').getByRole('tab', { name: 'Current' }).click();
  await expect(page.locator('.alarm-table .ant-table-placeholder')).toHaveText('No active alarms');

  // Power-and-environment sites (type 3): no device column, a detail link.
  await page.getByRole('menuitem', { name: 'Other' }).click();
  await page.goto('/alarms');
  await expect(headers(page)).toHaveText(['Alarm time', 'Description', 'Code', 'Level', 'Site', 'Detail']);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('each alarm is a card with level, device and site in view; device cards keep their actions', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const token = await signIn(page, DEMO);
    const rules = await raiseBatteryAlarms(page, token, 1, 'e2e phone');
    await expect
      .poll(() => alarmTotal(page, token, 'current', 6, 'e2e phone'), { timeout: 75_000 })
      .toBeGreaterThan(0);
    await chooseFromDropdown(page, page.getByRole('button', { name: 'System type' }), 'Home storage');
    await expect(page.getByRole('button', { name: 'System type' })).toHaveText(/Home storage/);
    await page.goto('/alarms');
    const card = page.locator('.alarm-card').filter({ hasText: 'e2e phone' }).first();
    await expect(card).toBeVisible();
    const inView = async (what: string, locator: ReturnType<Page['locator']>) => {
      await locator.scrollIntoViewIfNeeded();
      const box = await locator.boundingBox();
      expect(box, what).not.toBeNull();
      expect(box!.x, what).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(390);
    };
    await inView('level', card.locator('.ant-tag').first());
    await inView('device', card.getByRole('button', { name: 'Open the device' }));
    await inView('site', card.getByRole('button', { name: 'Open the site' }));

    // The site's device management: every device's remove button inside the screen.
    await page.goto(`/station?stationId=${rules[0]!.stationId}`);
    const removes = page.locator('.fleet-devices-card').getByRole('button', { name: /^Remove / });
    await expect(removes.first()).toBeVisible({ timeout: 60_000 });
    for (const button of await removes.all()) await inView('remove', button);
    await deleteRules(page, token, rules);
  });
});
