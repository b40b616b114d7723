/**
 * Signing in through the browser's own form, as a person does, for every spec.
 */
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './api-user';

/** Who signs in: a user name and password, and the sign-in page (`/login/admin` for the administrator). */
export interface Account {
  user: string;
  password: string;
  path?: string;
}

/** The seeded demo owner. */
export const DEMO: Account = { user: 'demo', password: 'Demo@2024!' };
/** The e2e server's administrator. */
export const ADMIN: Account = { user: 'admin', password: E2E_ADMIN_PASSWORD, path: '/login/admin' };

/** Fills the sign-in form of the page that is open (no navigation, no wait). */
export async function fillSignIn(page: Page, who: Account): Promise<void> {
  await page.getByLabel('User name').fill(who.user);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the sign-in page, signs in, waits for the dashboard. @returns the session token (cookie). */
export async function signIn(page: Page, who: Account): Promise<string> {
  await page.goto(who.path ?? '/login');
  await fillSignIn(page, who);
  await expect(page).toHaveURL(/\/dashboard/);
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  expect(token).toBeTruthy();
  return token!;
}
