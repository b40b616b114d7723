import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from '../lib/sign-in';

/**
 * The console's dictionary and language lists (spec §2 management screens): the administrator adds a
 * dictionary item, edits it, deletes it after a confirmation, and renames a language and back; each
 * change shows in the list as the API has it.
 */

async function openConsoleTab(page: Page, tab: string) {
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'System management' }).click();
  await page.getByRole('tab', { name: tab }).click();
}

test('administrator adds, edits and deletes a dictionary item, and renames a language', async ({ page }) => {
  await openConsoleTab(page, 'Dictionaries');
  const label = `E2E zone ${Date.now()}`;
  await page.getByRole('button', { name: 'Add item' }).click();
  const add = page.getByRole('dialog', { name: 'Add dictionary item' });
  await add.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  await add.getByRole('textbox', { name: 'Value', exact: true }).fill('Etc/GMT-3');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();

  // The list filters as the administrator types.
  await page.getByRole('textbox', { name: 'Search label or value' }).fill(label);
  const row = page.getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText('Etc/GMT-3');
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit dictionary item' });
  await expect(edit.getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(label);
  await edit.getByRole('textbox', { name: 'Value', exact: true }).fill('Etc/GMT-4');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Etc/GMT-4');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: 'Languages' }).click();
  const czech = page.getByRole('row', { name: /cs-CZ/ });
  const before = (await czech.locator('td').nth(2).textContent()) ?? '';
  for (const name of ['Čeština (E2E)', before]) {
    await czech.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename cs-CZ' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(czech.locator('td').nth(2)).toHaveText(name);
  }
});
