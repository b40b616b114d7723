import { expect, test } from '@playwright/test';
import { DEMO, fillSignIn } from '../lib/sign-in';

/**
 * Issue 36 §4: what a cold visit to /login costs on the wire. The JavaScript the page downloads until the
 * network is idle, compressed bodies and response headers together (Chromium's "transferred"), stays within
 * the sign-in budget of bench/web-assets.ts; and the service worker is not registered before the user has
 * signed in, so nothing it fetches competes with the sign-in form. Bytes are counted, not time: the sum
 * is the same on a busy machine.
 */

/** /login's JavaScript budget in bytes (bench/web-assets.ts BUDGET_KB['/login'], 1 KB = 1000 bytes). */
const SIGN_IN_BUDGET_BYTES = 300_000;

test('a cold /login downloads its JavaScript within the budget and no service worker until signed in', async ({
  browser,
  baseURL,
}) => {
  // A new context: an empty cache, as a first visit.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then((s) => ({
        url: new URL(request.url()).pathname,
        bytes: s.responseBodySize + s.responseHeadersSize,
      })),
    );
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
  const list = loaded
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.url} ${s.bytes}`)
    .join('\n');
  expect(total, `${loaded.length} scripts:\n${list}`).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);

  const registered = () =>
    page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration('/')));
  expect(await registered()).toBe(false);

  // Signed in, the app registers its worker once the browser is idle (notifications, installing the app).
  await fillSignIn(page, DEMO);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect.poll(registered, { timeout: 60_000 }).toBe(true);
  await context.close();
});
