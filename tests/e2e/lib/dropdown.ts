import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens an antd dropdown by clicking `trigger` and clicks its menu item `itemName`.
 *
 * Why not two plain clicks: under load the popup is first laid out in a provisional place (seen at the
 * top of the page, over the trigger) and only then aligned below it. Playwright can find the item
 * "stable" in the provisional place and click there, which lands on the trigger and closes the menu.
 * So the item is clicked only once it sits clear of the trigger and has stopped moving.
 */
export async function chooseFromDropdown(page: Page, trigger: Locator, itemName: string): Promise<void> {
  await trigger.click();
  const item = page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: itemName });
  await expect(item).toBeVisible();
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
      { intervals: [50, 50, 100, 100, 250] },
    )
    .toBe('placed');
  await item.click();
}
