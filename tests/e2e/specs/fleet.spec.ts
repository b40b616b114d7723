import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Issue 7 §1/§2: an owner creates a site with the form, creates a group, moves the site into the group
 * by editing the site, and deletes the site after a confirmation that says what goes with it.
 */
async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('Demo@2024!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Chooses `option` of the antd Select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(option, { exact: true })
    .click();
}

test('an owner creates a site and a group, moves the site into the group, and deletes the site', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const site = `E2E site ${tag}`;
  const group = `E2E group ${tag}`;
  await signIn(page);
  const groups = page.locator('.fleet-groups-card');

  await groups.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByLabel('Group name').fill(group);
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(groups.getByText(group, { exact: true })).toBeVisible();

  await groups.getByRole('button', { name: 'Add site' }).click();
  const form = page.getByRole('dialog', { name: 'New site' });
  await form.getByLabel('Site name').fill('X');
  await form.getByLabel('Address').fill('Václavské náměstí 1, Praha');
  await expect(form.getByText('Length must be between 2 and 50 characters')).toBeVisible();
  await form.getByLabel('Site name').fill(site);
  await choose(page, form, 'System type', 'PV');
  await choose(page, form, 'Template', 'Photovoltaic');
  await expect(form.getByText('kWp')).toBeVisible();
  await form.getByLabel('Capacity').fill('12.5');
  await form.getByLabel('Longitude (°E)').fill('14.43');
  await form.getByLabel('Latitude (°N)').fill('50.08');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(groups.getByText(site, { exact: true })).toBeVisible();

  await groups.getByRole('button', { name: `Edit ${site}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit site' });
  await expect(edit.getByLabel('Site name')).toHaveValue(site);
  await choose(page, edit, 'Group', group);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  // Filtering by the group's name keeps that group with its sites only.
  await groups.getByLabel('Filter groups and sites').fill(group);
  await expect(groups.getByText(site, { exact: true })).toBeVisible();
  await expect(groups.getByText('Default group', { exact: true })).toHaveCount(0);

  await groups.getByRole('button', { name: `Delete ${site}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the site ${site}?` });
  await expect(confirm.getByText(/devices go back to the inventory/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(groups.getByText(site, { exact: true })).toHaveCount(0);
  await groups.getByLabel('Filter groups and sites').fill('');
  await expect(groups.getByText(group, { exact: true })).toBeVisible();
});
