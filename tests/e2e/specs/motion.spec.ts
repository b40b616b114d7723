import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../lib/sign-in';

/**
 * A user whose system asks for reduced motion (WCAG 2.3.3) gets dialogs that open without antd's zoom;
 * one who does not still gets it. The suite runs with reduced motion (playwright.config.ts), so the
 * second test opts back in.
 */

/** The page's record of what watchAppearMotion saw. */
type Watched = { __appearMotion: { motion: boolean } };

/**
 * Records, from the page's first script on, whether a dialog (`.ant-modal`) was ever drawn animated or
 * scaled when its classes changed: antd's zoom scales it from 0.2 to 1 over 0.2 s.
 */
async function watchAppearMotion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { motion: false };
    (window as unknown as Watched).__appearMotion = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target;
        if (!(el instanceof HTMLElement) || !el.classList.contains('ant-modal')) continue;
        if (el.getAnimations().length > 0 || getComputedStyle(el).transform !== 'none') seen.motion = true;
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}

/** Opens the dashboard's "New group" dialog and says whether it zoomed in. */
async function dialogZoomed(page: Page): Promise<boolean> {
  await watchAppearMotion(page);
  await signIn(page, DEMO);
  await page.evaluate(() => {
    (window as unknown as Watched).__appearMotion.motion = false;
  });
  await page.locator('.fleet-groups-card').getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await expect(dialog.getByLabel('Group name')).toBeVisible();
  // The dialog is visible from its first, unscaled "prepare" frame; the zoom starts a frame later.
  // Read only once rc-motion has taken its appear/enter classes off the dialog (`.ant-modal`), so a slow
  // frame cannot hide the zoom.
  await expect(dialog).not.toHaveClass(/-(appear|enter)\b/);
  const zoomed = await page.evaluate(() => (window as unknown as Watched).__appearMotion.motion);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  return zoomed;
}

test('with reduced motion asked for, a dialog opens at once, without a zoom', async ({ page }) => {
  expect(await dialogZoomed(page)).toBe(false);
});

test('without that wish, a dialog still zooms in', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'no-preference' });
  const page = await context.newPage();
  expect(await dialogZoomed(page)).toBe(true);
  await context.close();
});
