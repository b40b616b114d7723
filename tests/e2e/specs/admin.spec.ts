import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 3 §6/§11: the administrator signs in at /login/admin and changes the SMTP settings (the saved
 * values show after a reload, the password only as "unchanged"); an ordinary user opening /manage
 * lands on /401 and has no Manage entry in the menu.
 */

test('administrator changes the SMTP settings and sees them after a reload', async ({ page }) => {
  const host = `smtp-${Date.now().toString(36)}.example.com`;
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'System management' }).click();
  await expect(page).toHaveURL(/\/manage/);
  await page.getByRole('tab', { name: 'SMTP' }).click();

  await page.getByLabel('Server address', { exact: true }).fill('not a host');
  await expect(page.getByText('Please enter a correct SMTP server address')).toBeVisible();
  await page.getByLabel('Server address', { exact: true }).fill(host);
  await page.getByText('SSL', { exact: true }).click();
  await page.getByLabel('Port', { exact: true }).fill('2465');
  await page.getByLabel('Account', { exact: true }).fill('mailer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Mail-Secret-1');
  await page.getByLabel('From address', { exact: true }).fill('noreply@example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Operation succeeded')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Server address', { exact: true })).toHaveValue(host);
  await expect(page.getByLabel('Port', { exact: true })).toHaveValue('2465');
  await expect(page.getByRole('radio', { name: 'SSL' })).toBeChecked();
  await expect(page.getByLabel('Account', { exact: true })).toHaveValue('mailer@example.com');
  await expect(page.getByLabel('From address', { exact: true })).toHaveValue('noreply@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'unchanged');
});

test('an ordinary user has no console: /manage goes to /401', async ({ page }) => {
  await signIn(page, DEMO);
  await expect(page.getByRole('menuitem', { name: 'Personal centre' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'System management' })).toHaveCount(0);
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
