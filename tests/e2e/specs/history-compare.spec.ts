import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseOption } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

const API = '/owner_api/webpvesc/ajax';
type Site = { id: number; name: string };

/** The demo owner's sites (all system types, as the comparison offers them) whose names no other name contains. */
async function demoSites(page: Page, token: string): Promise<Site[]> {
  const tree = await page.request.get(`${API}/station/filter/tree`, { headers: { token } });
  const groups = (await tree.json()).data as { subStations: { stationId: number; stationName: string }[] }[];
  const byId = new Map(groups.flatMap((g) => g.subStations).map((s) => [s.stationId, s.stationName]));
  const names = [...byId.values()];
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .filter((s) => names.filter((n) => n.includes(s.name)).length === 1);
}

/** Types `name` into the site chooser and presses Enter, as a keyboard user does. */
async function typeAndEnter(card: Locator, name: string): Promise<void> {
  const field = card.getByLabel('Sites to compare', { exact: true });
  await field.focus();
  await field.pressSequentially(name);
  await expect(card.page().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toContainText(
    name,
  );
  await field.press('Enter');
}

const chosen = (card: Locator) => card.locator('.compare-sites-select .ant-select-selection-item');

/**
 * Issue 24 item 16: from a site's history the demo owner opens Compare, adds a second site with the
 * mouse (two series, two totals rows), a third and fourth with the keyboard, is refused a fifth with the
 * cap message, and a reload keeps the four.
 */
test('compare up to four sites in history, capped, kept in the URL', async ({ page }) => {
  const token = await signIn(page, DEMO);
  const sites = await demoSites(page, token);
  expect(sites.length).toBeGreaterThanOrEqual(5);
  const [a, b, c, d, e] = sites as [Site, Site, Site, Site, Site];

  await page.goto(`/station?stationId=${a.id}`);
  await page.locator('.history-card').getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`/history/compare\\?stationIds=${a.id}&statisticsType=1&`));
  const card = page.locator('.compare-card');
  await expect(chosen(card)).toHaveCount(1);

  await chooseOption(page, card, 'Sites to compare', b.name);
  await expect(page).toHaveURL(new RegExp(`stationIds=${a.id}&stationIds=${b.id}&`));
  const chart = card.getByTestId('compare-chart');
  await expect(chart).toHaveAttribute('aria-label', `Production per period of ${a.name}, ${b.name}`);
  await expect(card.getByTestId('compare-totals').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(card.getByText('2 of 4 sites chosen')).toBeVisible();

  await typeAndEnter(card, c.name);
  await expect(chosen(card)).toHaveCount(3);
  await typeAndEnter(card, d.name);
  await expect(chosen(card)).toHaveCount(4);
  await expect(card.getByTestId('compare-cap')).toHaveCount(0);

  await typeAndEnter(card, e.name);
  await expect(card.getByTestId('compare-cap')).toHaveText(
    'You can compare at most 4 sites. Remove one to add another.',
  );
  await expect(chosen(card)).toHaveCount(4);
  await expect(card.locator('.compare-sites-select')).not.toContainText(e.name);
  const four = `stationIds=${a.id}&stationIds=${b.id}&stationIds=${c.id}&stationIds=${d.id}&`;
  await expect(page).toHaveURL(new RegExp(four));

  await page.reload();
  await expect(chosen(card)).toHaveCount(4);
  await expect(chart).toHaveAttribute(
    'aria-label',
    `Production per period of ${a.name}, ${b.name}, ${c.name}, ${d.name}`,
  );
  await expect(card.getByTestId('compare-totals').locator('tbody tr.ant-table-row')).toHaveCount(4);
});

/**
 * Issue 24 item 16, shared links: one naming five sites shows the first four and says so; one naming a
 * site the owner may not see shows the server's refusal for it and draws the other site.
 */
test('a comparison link is read with the same cap, and access stays per site', async ({ page }) => {
  const token = await signIn(page, DEMO);
  const [a, b, c, d, e] = (await demoSites(page, token)) as [Site, Site, Site, Site, Site];
  const card = page.locator('.compare-card');
  const chart = card.getByTestId('compare-chart');

  // A shared link naming five sites: the first four are shown, and the page says one was left out.
  await page.goto(`/history/compare?${[a, b, c, d, e].map((s) => `stationIds=${s.id}`).join('&')}`);
  await expect(card.getByTestId('compare-dropped')).toContainText(
    '1 site more than the 4 that can be compared',
  );
  await expect(chosen(card)).toHaveCount(4);
  await expect(chart).toHaveAttribute(
    'aria-label',
    `Production per period of ${[a, b, c, d].map((s) => s.name).join(', ')}`,
  );

  // An id the owner may not see: the server refuses that one call (无操作权限), the other site still draws.
  await page.goto(`/history/compare?stationIds=${a.id}&stationIds=2147483000`);
  await expect(card.getByText('Site 2147483000: No operation authority')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', `Production per period of ${a.name}`);
});
