import { expect, test } from '@playwright/test';

/**
 * Issue 3 §5/§11: QR-code sign-in between two browser contexts. The desktop shows a QR code; a phone
 * (390×844) signed in as demo opens its URL, sees which browser asks and confirms; the desktop ends on
 * the dashboard signed in as demo.
 */
test('a signed-in phone confirms the QR sign-in of a desktop browser', async ({ browser, baseURL }) => {
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const screen = await desktop.newPage();
  await screen.goto('/login');
  await screen.getByRole('button', { name: 'Scan QR code' }).click();
  const qr = screen.locator('[data-qr-url]');
  await expect(qr).toHaveAttribute('data-qr-url', /\/qr-confirm\?qrcodeId=/);
  await expect(screen.getByText('Scan it with the app or a phone that is signed in.')).toBeVisible();
  const url = (await qr.getAttribute('data-qr-url'))!;
  expect(new URL(url).origin).toBe(new URL(baseURL!).origin);

  // The phone is not signed in yet: it signs in and comes back to the confirmation.
  const hand = await phone.newPage();
  await hand.goto(url);
  await expect(hand).toHaveURL(/\/login\?redirect=%2Fqr-confirm/);
  await hand.getByLabel('User name').fill('demo');
  await hand.getByLabel('Password').fill('Demo@2024!');
  await hand.getByRole('button', { name: 'Sign in' }).click();
  await expect(hand).toHaveURL(/\/qr-confirm\?qrcodeId=/);
  await expect(hand.getByRole('heading', { name: /^Sign in on .+ \(.+\) at .+\?$/ })).toBeVisible();
  await expect(screen.getByText('Scanned. Confirm the sign-in on your phone.')).toBeVisible();

  await hand.getByRole('button', { name: 'Confirm sign-in' }).click();
  await expect(hand.getByText('Signed in', { exact: true })).toBeVisible();

  await expect(screen).toHaveURL(/\/dashboard$/);
  await screen.goto('/profile');
  await expect(screen.getByText('@demo', { exact: true })).toBeVisible();
  await desktop.close();
  await phone.close();
});
