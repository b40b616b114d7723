import { expect, test } from '@playwright/test';
import { raiseBatteryAlarms } from '../lib/alarm-rules';
import { DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 9: the top-bar badge shows the API's current-alarm count, its dialog lists the current alarms,
 * and clicking an alarm's device lands on that device in the station view. So that an alarm exists
 * whatever the time of day, the owner first sets a threshold rule that every battery breaches (SoC
 * below 101 %, no delay); the alarm job raises it when the rule is saved.
 */
const API = '/owner_api/webpvesc/ajax';

test('badge count matches the API; the dialog opens an alarm’s device in the station view', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = await signIn(page, DEMO);
  const headers = { token };
  await page.getByRole('menuitem', { name: 'Home storage' }).click();

  const [rule] = await raiseBatteryAlarms(page, token, 1, 'e2e SOC');
  const stationId = rule!.stationId;

  const apiCount = async () => {
    const res = await page.request.get(
      `${API}/alarm/system/current/count?systemType=6&isCurrent=true&ispvesc=false`,
      {
        headers,
      },
    );
    return ((await res.json()) as { data: { count: number } }).data.count;
  };
  await expect.poll(apiCount, { timeout: 60_000 }).toBeGreaterThan(0);

  // The badge follows the API within a refresh cycle (99+ above 99).
  const bell = page.getByRole('button', { name: /^Active alarms: \d+$/ });
  await expect
    .poll(
      async () => {
        const label = (await bell.getAttribute('aria-label')) ?? '';
        return Number(label.replace(/\D/g, '')) === (await apiCount());
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Active alarms' });
  await expect(dialog.locator('.alarm-table tbody tr[data-row-key]').first()).toBeVisible();
  const row = dialog.locator('.alarm-table tbody tr[data-row-key]').filter({ hasText: 'e2e SOC' }).first();
  await row.getByRole('button', { name: 'Open the device' }).click();
  await expect(page).toHaveURL(new RegExp(`/station\\?stationId=${stationId}&deviceId=\\d+$`));
  await expect(dialog).toBeHidden();
});
