import { expect, test } from '@playwright/test';
import { type FakeWechat, startFakeWechat } from '../../../apps/server/src/modules/push/account/test-wechat';
import { apiToken } from '../lib/api-user';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 20 §4, official account: the administrator enters the account in the console (/manage, tab
 * "Official account"), pointing its API base address at a local fake of the WeChat API; after a reload
 * the console shows every setting back except the secret, which neither the page nor the API returns;
 * the saved settings work: a user's binding QR code comes from the fake. Its tab fits a phone.
 * The user's panel (AccountChannelPanel) is not on a page of this branch: its rules are unit-tested
 * (apps/web/src/features/push/account-channel/channel-state.test.ts).
 */
const SETTINGS = '/owner_api/webpvesc/ajax/manage/push/account';
const QR = '/owner_api/webpvesc/ajax/push/account/qrcode';

let fake: FakeWechat;
test.beforeAll(async () => {
  fake = await startFakeWechat();
});
test.afterAll(async () => {
  await fake.close();
});

test('administrator saves the official account; the console shows it back without the secret', async ({
  page,
}) => {
  test.slow(); // many steps on a shared machine: the default 90 s is tight
  const token = await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'System management' }).click();
  await page.getByRole('tab', { name: 'Official account' }).click();
  await expect(page).toHaveURL(/tab=officialAccount/);
  await expect(page.getByText('The official account is not set up')).toBeVisible();
  await expect(page.getByTestId('push-account-url')).toHaveText(/\/owner_api\/push\/account\/callback$/);

  // Bad input is refused under its field, before any call.
  await page.getByLabel('Token').fill('a b');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#push-account_token_help')).toHaveText('Illegal input');
  await expect(page.locator('#push-account_alarmTemplateId_help')).toHaveText('This field cannot be empty');

  await page.getByLabel('AppID').fill(fake.appId);
  await page.getByLabel('AppSecret').fill(fake.appSecret);
  await page.getByLabel('Token').fill('e2eToken2026');
  await page.getByLabel('API base address').fill(fake.base);
  await page.getByLabel('Alarm template ID').fill('tpl-alarm-e2e');
  await page.getByLabel('Report template ID').fill('tpl-report-e2e');
  const saved = page.waitForResponse((r) => r.url().includes(SETTINGS) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await (await saved).json()).status).toBe(0);
  await expect(page.getByText('The official account is not set up')).toBeHidden();

  // After a reload: every setting back, the secret only as "stored".
  const read = page.waitForResponse((r) => r.url().includes(SETTINGS) && r.request().method() === 'GET');
  await page.reload();
  const body = await (await read).text();
  expect(body).not.toContain(fake.appSecret);
  expect(JSON.parse(body).data).toMatchObject({ configured: true, hasSecret: true, appId: fake.appId });
  await expect(page.getByLabel('AppID')).toHaveValue(fake.appId);
  await expect(page.getByLabel('Token')).toHaveValue('e2eToken2026');
  await expect(page.getByLabel('API base address')).toHaveValue(fake.base);
  await expect(page.getByLabel('Alarm template ID')).toHaveValue('tpl-alarm-e2e');
  await expect(page.getByLabel('Report template ID')).toHaveValue('tpl-report-e2e');
  await expect(page.getByLabel('AppSecret')).toHaveValue('');
  await expect(page.getByLabel('AppSecret')).toHaveAttribute('placeholder', 'Unchanged');
  await expect(page.getByText('A secret is stored; it is never shown.')).toBeVisible();
  await expect(page.getByText('e2eToken2026').first()).toBeVisible();
  expect(await page.content()).not.toContain(fake.appSecret);

  // Saving again with the secret left empty keeps it: the settings still reach the account.
  await page.getByLabel('Report template ID').fill('tpl-report-e2e-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Report template ID')).toHaveValue('tpl-report-e2e-2');
  const again = await (await page.request.get(SETTINGS, { headers: { token } })).json();
  expect(again.data).toMatchObject({ hasSecret: true, reportTemplateId: 'tpl-report-e2e-2' });
  expect(JSON.stringify(again)).not.toContain(fake.appSecret);

  // The saved account works: the demo owner's binding QR code is made by the (fake) WeChat API.
  const demo = await apiToken(page.request, DEMO.user, DEMO.password);
  const qr = await (await page.request.get(QR, { headers: { token: demo } })).json();
  expect(qr.status).toBe(0);
  expect(fake.scenes).toHaveLength(1);
  expect(qr.data.url).toBe(`http://weixin.qq.com/q/${fake.scenes[0]}`);
  expect(fake.shapeErrors).toEqual([]);
});

test('the official-account tab fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto('/manage?tab=officialAccount');
  await expect(page.getByLabel('AppID')).toBeVisible();
  await expect(page.getByTestId('push-account-url')).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});
