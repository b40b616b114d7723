/**
 * Push settings (issue 20 §1, §2, §6): the demo owner adds a receiving mailbox and verifies it with the
 * mailed code, creates an alarm rule by e-mail to it, sees it as a card, edits it, deletes it after a
 * confirmation, and sends a test that the delivery log shows; a weekly report rule takes its push time. The administrator sees the channels'
 * outboxes in the console. Screenshots at 1440 and 390 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { latestMailedCode } from '../lib/api-user';
import { chooseFromDropdown } from '../lib/dropdown';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

test('demo owner: mailbox verified, alarm rule added, edited and deleted, a test in the log', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = `push-${Date.now().toString(36)}@example.com`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO);

  // The account menu leads to the page.
  await chooseFromDropdown(page, page.getByRole('button', { name: /^Account menu of / }), 'Push settings');
  await expect(page).toHaveURL(/\/push$/);
  await expect(page.getByRole('heading', { name: 'Push settings' })).toBeVisible();

  // The account's own verified e-mail is listed; a new address gets a code and is verified with it.
  const mailboxes = page.getByTestId('push-mailboxes');
  await expect(mailboxes.getByTestId('push-mailbox-demo@example.com')).toContainText('Account e-mail');
  await mailboxes.getByLabel('E-mail address').fill(email);
  await mailboxes.getByRole('button', { name: 'Add and send code' }).click();
  await expect(toast(page, `A verification code was sent to ${email}`)).toBeVisible();
  const row = mailboxes.getByTestId(`push-mailbox-${email}`);
  await expect(row).toContainText('Not verified');
  await row.getByLabel(`Code for ${email}`).fill(await latestMailedCode(request, email));
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(row).toContainText('Verified');
  await expect(row.getByLabel(`Code for ${email}`)).toHaveCount(0);

  // A new alarm rule by e-mail to that mailbox.
  const rules = page.locator('.push-block').filter({ has: page.getByText('Push rules', { exact: true }) });
  await rules.getByRole('button', { name: 'Add rule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New push rule' });
  await expect(dialog.getByRole('radio', { name: 'Alarms' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  // A rule without a channel is refused on the field, in the interface language.
  await dialog.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose at least one channel')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'E-mail' }).check();
  await dialog.getByLabel('Mailboxes', { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(email).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = rules.locator('.push-rule-card').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Alarms');
  await expect(card).toContainText('All sites you can see');
  await expect(card).toContainText('General, Serious, Fatal');

  // Edit: general alarms off, "cleared" on.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit push rule' });
  await edit.getByRole('checkbox', { name: 'General' }).uncheck();
  await edit.getByRole('checkbox', { name: 'Also tell me when the alarm clears' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Serious, Fatal');
  await expect(card).not.toContainText('General');
  await expect(card.locator('.ant-descriptions-item').filter({ hasText: 'When cleared' })).toContainText(
    'Yes',
  );

  // A test by e-mail shows in the delivery log, masked, with its state.
  await page.getByRole('button', { name: 'Send a test by E-mail' }).click();
  await expect(toast(page, /Test message sent|not set up/)).toBeVisible();
  const log = page.getByTestId('push-log');
  const testRow = log.getByRole('row').filter({ hasText: 'Test' }).filter({ hasText: 'E-mail' }).first();
  await expect(testRow).toBeVisible();
  await expect(testRow).toContainText(/Waiting|Queued|Sent/);
  await expect(log).not.toContainText(email);

  await page.screenshot({ path: testInfo.outputPath('push-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(log.locator('.push-log-card').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('push-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Delete asks first; cancel keeps the card, confirm removes it.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete this push rule?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // The cancelled dialog is gone (its closing animation over) before the next opens: else the click
  // below can land on its Delete, which no longer acts.
  await expect(confirm).toHaveCount(0);
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});

test('demo owner: a weekly generation report rule at 07:30 by the app', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO);
  await page.goto('/push');
  const rules = page.locator('.push-block').filter({ has: page.getByText('Push rules', { exact: true }) });
  await rules.getByRole('button', { name: 'Add rule' }).first().click();
  const report = page.getByRole('dialog', { name: 'New push rule' });
  await report.getByText('Generation report', { exact: true }).click();
  await expect(report.getByRole('checkbox', { name: 'General' })).toHaveCount(0);
  await report.getByText('Weekly', { exact: true }).click();
  await report.getByRole('checkbox', { name: 'App' }).check();
  await report.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  const time = report.getByLabel('Push time', { exact: true });
  await time.click();
  await time.fill('07:30');
  await time.press('Enter');
  await report.getByRole('button', { name: 'Save' }).click();
  await expect(report).toBeHidden();
  const weekly = rules.locator('.push-rule-card').filter({ hasText: 'Generation report' });
  await expect(weekly).toContainText('Weekly at 07:30');
  await weekly.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Delete this push rule?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(weekly).toHaveCount(0);
});

test('administrator: the console lists every push channel’s outbox', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/manage?tab=push');
  for (const channel of ['E-mail', 'App', 'Official account']) {
    await expect(page.getByRole('row').filter({ hasText: channel })).toBeVisible();
  }
  // The official account's state is whatever the shared server holds (push-account.spec sets it up).
  await expect(page.getByTestId('push-setup-officialAccount')).toHaveText(
    /^(Set up|Not set up: messages wait)$/,
  );
  await expect(page.getByTestId('push-email-sent')).toHaveText(/^\d+$/);
});
