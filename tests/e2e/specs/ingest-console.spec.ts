import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../lib/sign-in';

/**
 * Issue 11 §5: the administrator's console shows the ingest: the broker link is up and the samples the
 * simulator's devices sent are counted as stored (the server under test runs the simulator).
 */

test('administrator sees the ingest counters move in the console', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/manage?tab=ingest');
  await expect(page.getByRole('tab', { name: 'Ingest' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('ingest-link')).toHaveText('connected');
  const stored = page.getByTestId('ingest-samplesStored');
  await expect(stored).toContainText('Samples stored');
  // The simulator keeps publishing: the count is above zero and grows within a few refreshes.
  const storedCount = async () =>
    Number((await stored.locator('.ant-statistic-content').textContent())?.replace(/\D/g, ''));
  await expect.poll(storedCount, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await storedCount();
  await expect.poll(storedCount, { timeout: 30_000 }).toBeGreaterThan(first);
});
