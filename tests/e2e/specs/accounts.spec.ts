import { type Browser, expect, test } from '@playwright/test';
import { chooseFromDropdown } from '../lib/dropdown';
import { ADMIN, fillSignIn, signIn } from '../lib/sign-in';

/**
 * Issue 3 §11: a new owner registers, proves the e-mail with the code (read, as an administrator
 * would without SMTP, from the console's outbox), signs in, switches to Chinese, edits the profile and
 * logs out. The user name is unique per run, so the test does not depend on other specs.
 */

/** The newest verification code mailed to `email`, read in the Outbox tab of a separate admin session. */
async function codeFromOutbox(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/manage?tab=outbox');
  // Issue 34 item 2: without SMTP (the e2e server's default) the outbox says plainly that mail waits there.
  await expect(admin.getByTestId('outbox-no-smtp')).toContainText(
    'No SMTP server is set, so no mail leaves the platform',
  );
  await admin.getByLabel('Search by recipient or subject').fill(email);
  const row = admin.getByRole('row').filter({ hasText: email }).first();
  await row.click();
  const body = await admin.locator('pre.mail-body').first().textContent();
  await context.close();
  const code = body?.match(/\b([A-Za-z0-9]{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}: ${body}`);
  return code;
}

test('register → verify e-mail → sign in → Chinese → edit profile → log out', async ({ page, browser }) => {
  const userName = `e2e_${Date.now().toString(36)}`;
  const email = `${userName}@example.com`;
  const password = 'Sunny-Day-42';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  // The rules of spec §5 speak on the field, in the interface language, before anything is sent.
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Nickname (optional)').click(); // leaving the field asks the server
  await expect(page.getByText('This user name is already taken')).toBeVisible();
  await page.getByLabel('User name').fill('bad name');
  await expect(page.getByText('Only letters, digits and underscore are allowed')).toBeVisible();
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('E-mail').click();
  await expect(page.getByText('This user name is free.')).toBeVisible();
  await page.getByLabel('E-mail').fill('not-an-address');
  await expect(page.getByText('Please enter a correct e-mail address')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('The password needs at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(`${password}x`);
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByTestId('code-sent-to')).toContainText(email);
  // A lost code can be sent again, after the server's 60-s wait.
  await expect(page.getByTestId('resend-code')).toBeDisabled();
  await expect(page.getByTestId('resend-code')).toHaveText(/^Resend in \d+ s$/);
  const code = await codeFromOutbox(browser, email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and finish' }).click();
  await expect(page).toHaveURL(/\/login\?registered=1$/);
  await expect(page.getByText('Registered and e-mail verified. Please sign in.')).toBeVisible();

  await fillSignIn(page, { user: userName, password });
  await expect(page).toHaveURL(/\/dashboard/);
  // The URL changes before the signed-in layout has loaded; the sign-in page has a language switch too.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Language: the choice is stored and the page reloads in it (spec §2).
  await chooseFromDropdown(page, page.getByRole('button', { name: 'English' }), '简体中文');
  await expect(page.getByRole('menuitem', { name: '首页' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // Personal centre: the nickname is saved and shown (page header and top bar).
  await chooseFromDropdown(page, page.getByRole('button', { name: `${userName} 的账号菜单` }), '个人中心');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByText('已验证', { exact: true })).toBeVisible();
  await page.getByLabel('昵称', { exact: true }).fill('太阳能爱好者');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(page.getByTestId('profile-display-name')).toHaveText('太阳能爱好者');
  await page.reload();
  await expect(page.getByTestId('profile-display-name')).toHaveText('太阳能爱好者');

  await chooseFromDropdown(page, page.getByRole('button', { name: '太阳能爱好者 的账号菜单' }), '退出登录');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
