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
  // Through the cluster (E2E_CLUSTER=1: two processes behind nginx) the counters are both processes' sum,
  // whichever answers, and each one's share is listed; one process lists none.
  const nodes = page.getByTestId('ingest-nodes');
  if (process.env.E2E_CLUSTER === '1') {
    await expect(nodes.getByRole('row')).toHaveCount(3);
    await expect(nodes.getByRole('row', { name: /node-1/ })).toBeVisible();
    await expect(nodes.getByRole('row', { name: /node-2/ })).toBeVisible();
  } else await expect(nodes).toHaveCount(0);
});
