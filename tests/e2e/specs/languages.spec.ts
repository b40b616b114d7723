import { expect, type Page, test } from '@playwright/test';
import { clickWhenPlaced } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 24, item 8: the interface in Chinese and Brazilian Portuguese as a new user met it. Site types
 * are translated, every system type stays in the top bar at 1440 px, the side menu shows whole entries,
 * Czech is offered as a whole translation (issue 35 item 2), and dates read the same on every screen.
 */
test.use({ viewport: { width: 1440, height: 900 } });
// Each language switch reloads the whole app.
test.describe.configure({ timeout: 180_000 });

/**
 * Switches the signed-in interface from `current` to `language` (names in the menu); the page reloads
 * in it. A menu opened while the page is still settling after sign-in can close again: open it anew.
 */
async function switchTo(page: Page, current: string, language: string): Promise<void> {
  const trigger = page.getByRole('button', { name: current });
  const item = page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: language });
  await expect(async () => {
    if (await trigger.isVisible()) {
      await trigger.click();
      await clickWhenPlaced(trigger, item, 5_000);
    }
    await expect(page.getByRole('button', { name: language })).toBeVisible({ timeout: 30_000 });
  }).toPass({ timeout: 90_000 });
}

test("the dashboard's Type column is translated", async ({ page }) => {
  await signIn(page, DEMO);
  await page.getByRole('menuitem', { name: 'Home storage' }).click();
  await expect(page.locator('.system-type-menu .ant-menu-item-selected')).toHaveText('Home storage');
  const typeCell = (name: string) => page.getByRole('main').getByRole('cell', { name, exact: true }).first();
  await expect(typeCell('Home energy storage')).toBeVisible();
  await switchTo(page, 'English', '简体中文');
  await expect(typeCell('户用储能')).toBeVisible();
  await switchTo(page, '简体中文', 'Português (Brasil)');
  await expect(typeCell('Armazenamento residencial')).toBeVisible();
});

test('in pt-BR at 1440 px every system type and side-menu entry shows whole, on a site too', async ({
  page,
}) => {
  await signIn(page, DEMO);
  await switchTo(page, 'English', 'Português (Brasil)');
  await page.locator('a[href*="/station?stationId="]').first().click();
  await expect(page).toHaveURL(/\/station\?stationId=\d+/);
  await expect(page.locator('.current-site')).toBeVisible();
  const types = page.locator('.system-type-menu').getByRole('menuitem');
  await expect(types).toHaveText([
    'FV',
    'Recarga',
    'Armazenamento residencial',
    'UPS',
    'Energia e ambiente (outros)',
  ]);
  for (const item of await types.all()) await expect(item).toBeInViewport({ ratio: 1 });
  // No "···" holding types out of sight.
  await expect(page.locator('.system-type-menu .ant-menu-overflow-item-rest:visible')).toHaveCount(0);
  const friends = page.locator('.side-menu').getByRole('menuitem', { name: 'Amigos e compartilhamento' });
  await expect(friends).toBeVisible();
  const title = friends.locator('.ant-menu-title-content');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('Czech is offered as a whole translation, and the screens English showed before read Czech', async ({
  page,
}) => {
  await signIn(page, DEMO);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem')).toHaveText([
    'English',
    '简体中文',
    'Português (Brasil)',
    'Čeština',
  ]);
  await page.keyboard.press('Escape');
  await switchTo(page, 'English', 'Čeština');
  // The social screen had no Czech file before issue 35.
  await page.goto('/social');
  await expect(page.getByText('Přátelé a sdílení', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sdílení', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sharing', exact: true })).toHaveCount(0);
});

test('a date reads the same in the history picker and in times, per language', async ({ page }) => {
  await signIn(page, DEMO);
  await page.locator('a[href*="/station?stationId="]').first().click();
  const picker = page.locator('.history-card .ant-picker input');
  const sampleTime = page.getByTestId('flow-updated');
  // en-US: month/day/year and a 24-hour clock.
  await expect(picker).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  const day = (await picker.inputValue()).split('/');
  await expect(sampleTime).toHaveAttribute(
    'title',
    /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}( GMT[+-]\d{1,2}(:\d{2})?)?$/,
  );
  // pt-BR: day/month/year, the same day.
  await switchTo(page, 'English', 'Português (Brasil)');
  await expect(picker).toHaveValue(`${day[1]}/${day[0]}/${day[2]}`);
  await expect(sampleTime).toHaveAttribute(
    'title',
    /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}( GMT[+-]\d{1,2}(:\d{2})?)?$/,
  );
});
