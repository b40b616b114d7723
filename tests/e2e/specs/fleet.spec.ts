import { expect, test } from '@playwright/test';
import { apiToken } from '../lib/api-user';
import { chooseOption, chooseTreeNode } from '../lib/dropdown';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

test('an owner creates a site and a group, moves the site into the group, and deletes the site', async ({
  page,
}) => {
  // Many steps (group, site with area, site list, edit, delete), each a page update on a shared CI machine.
  test.slow();
  const tag = Date.now().toString(36);
  const site = `E2E site ${tag}`;
  const group = `E2E group ${tag}`;
  await signIn(page, DEMO);
  // The tree lists the top bar's type: switch to PV, the type of the site created below.
  await page.getByRole('menuitem', { name: 'PV', exact: true }).click();
  await expect(page.locator('.system-type-menu .ant-menu-item-selected')).toHaveText('PV');
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
  await chooseOption(page, form, 'System type', 'PV');
  await chooseOption(page, form, 'Template', 'Photovoltaic');
  await expect(form.getByText('kWp')).toBeVisible();
  await form.getByLabel('Capacity').fill('12.5');
  await form.getByLabel('Longitude (°E)').fill('14.43');
  await form.getByLabel('Latitude (°N)').fill('50.08');
  // The area comes from the area tree (issue 7 item 6): search a region by name; the country follows.
  await chooseTreeNode(page, form, 'Area', 'Jihomorav', 'Jihomoravský kraj');
  await expect(form.getByLabel('Country code')).toHaveValue('CZ');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(groups.getByText(site, { exact: true })).toBeVisible();

  // The site list filters by area with the areas under it: Czechia holds the site, Brazil does not.
  await page.goto('/sites?systemType=1&area=CZ');
  await expect(page.locator('.site-list-row', { hasText: site })).toBeVisible();
  await page.goto('/sites?systemType=1&area=BR');
  await expect(page.getByText('No site matches these filters.')).toBeVisible();
  await page.goto('/dashboard');

  await groups.getByRole('button', { name: `Edit ${site}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit site' });
  await expect(edit.getByLabel('Site name')).toHaveValue(site);
  await chooseOption(page, edit, 'Group', group);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  // Filtering by the group's name keeps that group with its sites only.
  await groups.getByLabel('Filter groups and sites').fill(group);
  // The filter applies after a pause in typing: the default group going is the sign it did.
  await expect(groups.getByText('Default group', { exact: true })).toHaveCount(0);
  await expect(groups.getByText(site, { exact: true })).toBeVisible();

  await groups.getByRole('button', { name: `Delete ${site}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the site ${site}?` });
  await expect(confirm.getByText(/devices go back to the inventory/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(groups.getByText(site, { exact: true })).toHaveCount(0);
  await groups.getByLabel('Filter groups and sites').fill('');
  await expect(groups.getByText(group, { exact: true })).toBeVisible();
});

/**
 * Issue 7 §3/§4: the administrator imports a sensor into the inventory; the owner creates a site in a
 * new group, adds the sensor by its two serial numbers, sees it in the device detail chosen by the
 * selector (deviceId kept in the query), and deletes the site, which returns the sensor to the inventory.
 */
/** The site the inventory test made, deleted after it whatever happened: the next specs open the demo
 * owner's first site, which an empty leftover would become. */
let leftSite: number | null = null;
test.afterEach(async ({ request }) => {
  if (leftSite === null) return;
  const token = await apiToken(request, DEMO.user, DEMO.password);
  await request.post('/owner_api/webpvesc/ajax/station/del', {
    headers: { token },
    data: { stationId: leftSite },
  });
  leftSite = null;
});

test('an owner adds an inventory device by its two serial numbers and opens its detail', async ({
  page,
  browser,
}) => {
  // Two sign-ins (administrator, then owner), a group, a site and a device: three times the usual time.
  test.slow();
  const tag = Date.now().toString(36).toUpperCase();
  const serial = `E2E${tag}`;
  const comm = `LG${tag}`;
  const site = `E2E devices ${tag}`;
  const group = `E2E dev group ${tag}`;

  const admin = await browser.newPage();
  const token = await signIn(admin, ADMIN);
  const imported = await admin.request.post('/owner_api/webpvesc/ajax/manage/devices/import', {
    headers: { token },
    data: { devices: [{ serialNumber: serial, commSerialNumber: comm, type: 'sensor', model: 'TH2E' }] },
  });
  expect((await imported.json()).status).toBe(0);
  await admin.close();

  await signIn(page, DEMO);
  // A fresh session's top bar type is power & environment (3), the type of the site created below.
  await expect(page.locator('.system-type-menu .ant-menu-item-selected')).toHaveText(
    'Power & environment (other)',
  );
  const groups = page.locator('.fleet-groups-card');
  await groups.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByLabel('Group name').fill(group);
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(groups.getByText(group, { exact: true })).toBeVisible();

  await groups.getByRole('button', { name: `Add a site to ${group}` }).click();
  const form = page.getByRole('dialog', { name: 'New site' });
  await form.getByLabel('Site name').fill(site);
  await form.getByLabel('Address').fill('Václavské náměstí 1, Praha');
  await chooseOption(page, form, 'System type', 'Power & environment (other)');
  await chooseOption(page, form, 'Template', 'Power & environment');
  await form.getByLabel('Capacity').fill('1');
  await form.getByLabel('Longitude (°E)').fill('14.43');
  await form.getByLabel('Latitude (°N)').fill('50.08');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await groups.getByText(site, { exact: true }).click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);
  leftSite = Number(new URL(page.url()).searchParams.get('stationId'));

  const devicesCard = page.locator('.fleet-devices-card');
  await devicesCard.getByRole('button', { name: 'Add device' }).click();
  const add = page.getByRole('dialog', { name: 'Add device' });
  await add.getByLabel('Serial number', { exact: true }).fill(serial);
  await add.getByLabel('Communication serial number').fill(`${comm}X`);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(
    add.getByText('No device has this serial number and communication serial number'),
  ).toBeVisible();
  await add.getByLabel('Communication serial number').fill(comm);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(devicesCard.getByText(serial, { exact: true })).toBeVisible();

  const detail = page.locator('.fleet-device-detail');
  await expect(detail.getByText(serial, { exact: true })).toBeVisible();
  await expect(detail.getByText(comm, { exact: true })).toBeVisible();
  await expect(detail.getByText('The device has not reported any values yet.')).toBeVisible();

  await page.goto('/dashboard');
  await groups.getByRole('button', { name: `Delete ${site}` }).click();
  // The answer is asserted on its own, so a failure below says whether the server refused the deletion
  // or the list kept an old copy (CI once saw the site stay listed, with no log to tell which).
  const deleted = page.waitForResponse((r) => r.url().includes('/ajax/station/del'));
  await page
    .getByRole('dialog', { name: `Delete the site ${site}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  expect(await (await deleted).json()).toMatchObject({ status: 0 });
  await expect(groups.getByText(site, { exact: true })).toHaveCount(0);
  leftSite = null;
});
