import { expect, test } from '@playwright/test';
import { apiToken, firstSite } from '../lib/api-user';
import { addCharger, bootedCharger } from '../lib/ocpp-client';
import { ADMIN, DEMO, signIn } from '../lib/sign-in';

/**
 * Issue 11 §5: the administrator's console shows the ingest: the broker link is up and the samples the
 * simulator's devices sent are counted as stored (the server under test runs the simulator). Issue 31:
 * it counts what the device gate refused, per reason and protocol (a real OCPP charger's meter value on
 * connector −1).
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

test('administrator sees a charger’s refused meter value counted by the device gate', async ({
  page,
  request,
}) => {
  test.slow();
  // A charger of the demo owner's charging site, driven by ocpp-rpc as a real charge point.
  const owner = await apiToken(request, DEMO.user, DEMO.password);
  const site = await firstSite(request, owner, 2);
  const { identity, key } = await addCharger(request, owner, site.stationId, 'CP-GATE');

  await signIn(page, ADMIN);
  await page.goto('/manage?tab=ingest');
  const gate = page.getByTestId('ingest-gate');
  await expect(gate).toContainText('Refused by the device gate');
  const row = gate.getByRole('row', { name: /Connector id out of range/ });
  await expect(row).toBeVisible();
  const cell = page.getByTestId('ingest-gate-ocpp-connector');
  const refused = async () => Number((await cell.textContent())?.replace(/\D/g, ''));
  const before = await refused();

  const cp = await bootedCharger(identity, key, 'Gate');
  try {
    const call = cp.call('MeterValues', {
      connectorId: -1,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: '1000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    await expect(call).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
  } finally {
    await cp.close({ force: true });
  }
  // The console refreshes every 5 s: the refusal shows under OCPP, and in the reason's total.
  await expect.poll(refused, { timeout: 30_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId('ingest-gate-total-connector')).not.toHaveText('0');
});
