import { expect, type Page, test } from '@playwright/test';
import { apiToken, firstSite, registerVerified } from '../lib/api-user';
import { chooseOption, clickWhenPlaced } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test('A asks B, B agrees, A shares a site, B confirms it into a group, sees live data, no settings', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const bName = `friend_${Date.now().toString(36)}`;
  const bPassword = 'Sunny-Day-42';
  await registerVerified(request, bName, bPassword);
  const site = await firstSite(request, await apiToken(request, 'demo', 'Demo@2024!'), 6);

  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, DEMO);
  await expect(a.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await signIn(b, { user: bName, password: bPassword });
  await expect(b.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // A asks B by login name from the social screen.
  await a.goto('/social');
  await a.getByPlaceholder('Their login name').fill(bName);
  await a.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(a, 'Added, awaiting the other side')).toBeVisible();
  await expect(
    a.getByRole('row').filter({ hasText: bName }).locator('.ant-tag', { hasText: 'Sent' }),
  ).toBeVisible();

  // B's friend badge counts the request within a 5-s cycle; B agrees in its dialog, which then reloads.
  const friendBadge = b.getByRole('button', { name: 'Friend requests: 1' });
  await expect(friendBadge).toBeVisible({ timeout: 15_000 });
  await friendBadge.click();
  const requests = b.getByRole('dialog', { name: 'Friend requests' });
  await expect(requests.getByRole('row').filter({ hasText: 'Demo Owner' })).toBeVisible();
  await requests.getByRole('button', { name: 'Agree' }).click();
  await expect(toast(b, 'Accepted')).toBeVisible();
  await expect(requests.getByText('No friend requests')).toBeVisible();
  await requests.getByRole('button', { name: 'Close' }).click();

  // A shares the home-storage site with B.
  await a.reload();
  await a.getByRole('tab', { name: 'Sharing', exact: true }).click();
  const sharing = a.getByRole('tabpanel', { name: 'Sharing', exact: true });
  await chooseOption(a, sharing, 'One of your sites', site.stationName);
  await chooseOption(a, sharing, 'A friend', bName);
  await sharing.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(toast(a, 'Shared, awaiting the other side')).toBeVisible();

  // B confirms it into a group created from the dialog; closing the dialog reloads the page.
  const shareBadge = b.getByRole('button', { name: 'Shared sites waiting: 1' });
  await expect(shareBadge).toBeVisible({ timeout: 15_000 });
  await shareBadge.click();
  const shares = b.getByRole('dialog', { name: 'Sites shared with you' });
  const row = shares.getByRole('row').filter({ hasText: site.stationName });
  await expect(row.getByText('Demo Owner')).toBeVisible();
  await shares.getByLabel('New group name').fill('From friends');
  await shares.getByRole('button', { name: 'Create group' }).click();
  await expect(toast(b, 'Operation succeeded')).toBeVisible();
  await chooseOption(b, row, `Target group for ${site.stationName}`, 'From friends');
  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(b, 'Accepted')).toBeVisible();
  await expect(shares.getByText('No sites waiting')).toBeVisible();
  await shares.getByRole('button', { name: 'Close' }).click();
  await b.waitForLoadState('load');

  // A's station page lists the site's shares (station/share/list): B, now accepted.
  await a.goto(`/station?stationId=${site.stationId}`);
  const sharedWith = a.locator('.site-shares-card');
  await expect(sharedWith.getByText('Shared with', { exact: true })).toBeVisible();
  const bRow = sharedWith.getByRole('row').filter({ hasText: bName });
  await expect(bRow.locator('.ant-tag', { hasText: 'Accepted' })).toBeVisible();
  // Stopping asks first; cancelled, the share stays.
  await bRow.getByRole('button', { name: 'Stop sharing' }).click();
  const confirmStop = a.getByRole('tooltip').filter({ hasText: `Stop sharing with ${bName}?` });
  await expect(confirmStop).toBeVisible();
  await expect(confirmStop).toContainText(`${bName} no longer sees this site, at once.`);
  await confirmStop.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmStop).toBeHidden();
  await expect(bRow.locator('.ant-tag', { hasText: 'Accepted' })).toBeVisible();

  // B sees the site's live data and no settings for it.
  await b.goto(`/station?stationId=${site.stationId}`);
  await expect(b.getByTestId('flow-load-power')).toHaveText(/\d/);
  const updated = b.getByTestId('flow-updated');
  const first = await updated.getAttribute('datetime');
  expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
  await expect.poll(() => updated.getAttribute('datetime'), { timeout: 30_000 }).not.toBe(first);
  await expect(b.locator('.fleet-devices-card')).toHaveCount(0);
  await expect(b.locator('.site-shares-card')).toHaveCount(0);
  await expect(b.getByRole('button', { name: /^Add device$/ })).toHaveCount(0);
  // The server refuses the settings too, in B's language.
  const token = await apiToken(request, bName, bPassword);
  const del = await request.post('/owner_api/webpvesc/ajax/station/del', {
    data: { stationId: site.stationId },
    headers: { token },
  });
  expect(await del.json()).toMatchObject({ status: 40300, msg: 'No operation authority' });
  await b.goto('/dashboard');
  await b.getByRole('menuitem', { name: 'Home storage' }).click();
  await expect(b.getByText(site.stationName, { exact: true }).first()).toBeVisible();
  await expect(b.getByRole('button', { name: `Edit ${site.stationName}` })).toHaveCount(0);
});

test('attaches a site under a superior chosen by name; the superior’s card shows capacity with its unit', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'demo', 'Demo@2024!');
  const superior = await firstSite(request, token, 1);
  const sub = await firstSite(request, token, 6);
  await signIn(page, DEMO);
  await page.goto('/social');
  await page.getByRole('tab', { name: 'Attachments', exact: true }).click();
  const tab = page.getByRole('tabpanel', { name: 'Attachments', exact: true });
  await chooseOption(page, tab, 'Your station', sub.stationName);

  // The superior by name: type part of it into the search, pick it (its id shows after the name).
  const field = tab.getByRole('combobox', { name: 'Superior station' });
  const select = tab
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: 'Superior station' }) });
  const label = `${superior.stationName} (${superior.stationId})`;
  await field.click();
  await field.fill(superior.stationName.slice(0, 10));
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(popup.getByText('Your sites', { exact: true })).toBeVisible();
  await clickWhenPlaced(select, popup.getByTitle(label, { exact: true }));
  await expect(select).toContainText(label);
  await tab.getByRole('button', { name: 'Ask to attach' }).click();
  await expect(toast(page, 'Asked, awaiting the superior station’s owner')).toBeVisible();

  // Both stations are the demo owner's: the link is listed as sent and as received; agree to it.
  const rows = tab.getByRole('row').filter({ hasText: sub.stationName });
  await expect(rows.filter({ hasText: 'Sent' }).filter({ hasText: label })).toHaveCount(1);
  await rows.filter({ hasText: 'Received' }).getByRole('button', { name: 'Agree' }).click();
  await expect(toast(page, 'Accepted')).toBeVisible();

  // The superior's card: the storage subordinate's capacity in kWh.
  const card = page.getByTestId(`totals-${superior.stationId}`);
  await expect(card.getByText('Subordinate stations')).toBeVisible();
  await expect(page.getByTestId(`totals-capacity-${superior.stationId}`)).toContainText(/\d\s?kWh$/);
  await expect(page.getByTestId(`totals-capacity-${superior.stationId}`)).not.toContainText('kWp');

  // Leave the demo fleet as it was.
  await rows.filter({ hasText: 'Sent' }).getByRole('button', { name: 'Abandon' }).click();
  await expect(toast(page, 'Operation cancelled')).toBeVisible();
});
