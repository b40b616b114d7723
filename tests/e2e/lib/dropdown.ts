import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks `item` of a popup opened from `trigger` once it sits clear of the trigger and has stopped moving.
 *
 * Why not a plain click: under load antd first lays a popup out in a provisional place (seen over the
 * trigger, or below it before it flips above because the page has no room), and only then aligns it.
 * Playwright can find the item "stable" in the provisional place and click there, which lands on the
 * trigger or on another row, so the choice is lost.
 */
export async function clickWhenPlaced(trigger: Locator, item: Locator, timeout?: number): Promise<void> {
  await expect(item).toBeVisible({ timeout });
  let last = '';
  await expect
    .poll(
      async () => {
        const [t, i] = await Promise.all([trigger.boundingBox(), item.boundingBox()]);
        if (!t || !i) return 'not laid out';
        const clear = i.y >= t.y + t.height || i.y + i.height <= t.y;
        const where = `${Math.round(i.x)},${Math.round(i.y)}`;
        const settled = clear && where === last;
        last = where;
        return settled ? 'placed' : `moving (${where})`;
      },
      { intervals: [50, 50, 100, 100, 250], timeout },
    )
    .toBe('placed');
  await item.click({ timeout });
}

/** Opens an antd dropdown menu by clicking `trigger` and clicks its menu item `itemName`. */
export async function chooseFromDropdown(page: Page, trigger: Locator, itemName: string): Promise<void> {
  await trigger.click();
  const item = page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: itemName });
  await clickWhenPlaced(trigger, item);
}

const openSelectPopup = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** The popup of the open select whose combobox is `field` (its listbox is named by aria-controls). */
async function popupOf(page: Page, field: Locator): Promise<Locator> {
  const list = await field.getAttribute('aria-controls');
  return list ? openSelectPopup(page).filter({ has: page.locator(`[id="${list}"]`) }) : openSelectPopup(page);
}

/**
 * Chooses `option` (its title) of the antd Select labelled `label` inside `scope`, and waits until the
 * select shows it. A choice lost anyway (the list re-rendered under the pointer) is made again, as a
 * person would.
 */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  // `has` is queried inside each candidate, so it takes a locator relative to the page, not to `scope`.
  const select = scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(async () => {
    // A popup still closing from the last choice is not this select's: ask the select whether it is open.
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    const popup = await popupOf(page, field);
    const item = popup.getByTitle(option, { exact: true });
    await scrollIntoList(popup, item);
    await clickWhenPlaced(select, item, 5_000);
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Scrolls the open select's list down until `item` is rendered, as a person scrolls: antd renders only the
 * options in view (a virtual list of about eight), so an option further down is not in the page until then.
 */
async function scrollIntoList(popup: Locator, item: Locator): Promise<void> {
  const holder = popup.locator('.rc-virtual-list-holder').first();
  for (let i = 0; i < 40 && (await holder.count()) > 0 && !(await item.isVisible()); i++) {
    const moved = await holder.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollTop += 128;
      return el.scrollTop !== before;
    });
    if (!moved) return;
    await popup.page().waitForTimeout(50);
  }
}

/**
 * Types `search` into the antd TreeSelect named `label` (its combobox) inside `scope`, clicks the tree
 * node titled `title`, and waits until the select shows it; retried like {@link chooseOption}.
 */
export async function chooseTreeNode(
  page: Page,
  scope: Locator,
  label: string,
  search: string,
  title: string,
): Promise<void> {
  const field = scope.getByRole('combobox', { name: label });
  const select = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  await expect(async () => {
    await field.fill(search);
    // A search hit reads "name · the areas above it" (AreaSelect): match the name, whatever is above.
    const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( · .*)?$`);
    // Tree nodes are only in a TreeSelect's popup (whose list has no id to go by).
    const node = openSelectPopup(page).locator('.ant-select-tree-title').filter({ hasText: exact });
    await clickWhenPlaced(select, node, 10_000);
    await expect(select).toContainText(title, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
