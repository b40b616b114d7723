/**
 * Issue 24 item 9, the installer's tools: the console's device inventory (CSV import, where each device
 * is, the MQTT secrets downloaded once), the owner's threshold alarm rules on the station page, and the
 * device chart's metrics named in the viewer's language.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { firstSite } from '../lib/api-user';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

test('the administrator imports a CSV, downloads the secrets once and sees the devices in stock', async ({
  page,
}) => {
  // Sign-in, a console tab and a dialog of several steps, each a page update on a shared CI machine.
  test.slow();
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, ADMIN);
  await page.goto('/manage?tab=inventory');
  await expect(page.getByRole('tab', { name: 'Inventory', selected: true })).toBeVisible({ timeout: 60_000 });
  // The simulator's devices are on sites: the inventory says which.
  await expect(page.getByText('On site').first()).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import devices from a CSV file' });
  const file = page.locator('input[type=file]');
  const bad = `serialNumber,commSerialNumber,type\nINV-${tag}-1,LG-${tag}-1,toaster\n`;
  await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(dialog.getByRole('alert')).toContainText('Line 2, type');
  await expect(dialog.getByRole('button', { name: 'Import 0 devices' })).toBeDisabled();

  const csv = [
    'Serial number;Comm serial number;Type;Model;Manufacturer',
    `INV-${tag}-1;LG-${tag}-1;inverter;X5;ACME`,
    `INV-${tag}-2;LG-${tag}-2;battery;B10;ACME`,
  ].join('\n');
  await file.setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('inventory-file-summary')).toHaveText('devices.csv: 2 devices ready');
  await dialog.getByRole('button', { name: 'Import 2 devices' }).click();
  await expect(dialog.getByText(/2 devices imported\. Download their MQTT secrets now/)).toBeVisible();

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download secrets (CSV)' }).click();
  const lines = readFileSync((await (await download).path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('serialNumber,commSerialNumber,secret');
  expect(lines[1]).toMatch(new RegExp(`^INV-${tag}-1,LG-${tag}-1,[\\w-]{43}$`));
  await expect(dialog.getByText(/Secrets of 2 devices downloaded/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Serial number or model').fill(`INV-${tag}`);
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('In stock');
  // The secrets were shown once: the list never carries them.
  await expect(page.getByText(lines[1]!.split(',')[2]!)).toHaveCount(0);
});

test('an owner adds, reads, switches off and deletes a threshold rule; the chart names its metrics', async ({
  page,
}) => {
  // A rule added, switched and deleted, then the chart: many page updates on a shared CI machine.
  test.slow();
  const token = await signIn(page, DEMO);
  const site = await firstSite(page.request, token, 1);
  await page.goto(`/station?stationId=${site.stationId}`);
  const card = page.getByTestId('alarm-rules');
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alarm rule' });
  const name = `Low battery ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Limit').fill('1');
  await dialog.getByLabel('Limit').fill('');
  await expect(dialog.getByText('This field cannot be empty')).toBeVisible();
  await dialog.getByLabel('Limit').fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator('.ant-table-row', { hasText: name });
  await expect(row).toContainText('State of charge (%) below 15 for 300 s (all devices)');
  await row.getByRole('switch', { name: 'On' }).click();
  await expect(row.getByRole('switch', { name: 'On' })).not.toBeChecked();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  // The device chart's metric picker says what each point is, not its SunSpec code.
  const chart = page.locator('#device-chart');
  await chart.getByLabel('Metrics').click();
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(popup.getByTitle('Active power (W)', { exact: true })).toBeVisible();
  await expect(popup.getByTitle('W (W)', { exact: true })).toHaveCount(0);
  await expect(popup.getByTitle(/^DCA|^PhVphA/)).toHaveCount(0);
});
