/**
 * Issue 22 item 4 in the browser: an OCPP charger (commissioned through charger/add, driven by ocpp-rpc as
 * a real charge point) shows its transactions on the station page's Charging sessions card with the
 * connector, id tag and the stop reason in words, and its open session as Charging.
 */
import { expect, test } from '@playwright/test';
import { apiToken, firstSite } from '../lib/api-user';
import { chooseOption } from '../lib/dropdown';
import { addCharger, bootedCharger } from '../lib/ocpp-client';
import { DEMO, signIn } from '../lib/sign-in';

test('an OCPP charger’s sessions show connector, id tag, stop reason and the open one as charging', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await apiToken(request, DEMO.user, DEMO.password);
  const site = await firstSite(request, token, 2);
  const { identity, key, remove } = await addCharger(request, token, site.stationId, 'CP-E2E');
  const cp = await bootedCharger(identity, key, 'Wallbox');
  try {
    const at = (minAgo: number) => new Date(Date.now() - minAgo * 60_000).toISOString();
    const { transactionId } = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD-E2E',
      meterStart: 0,
      timestamp: at(90),
    })) as { transactionId: number };
    await cp.call('StopTransaction', { transactionId, meterStop: 7000, timestamp: at(30), reason: 'Remote' });
    await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD-OPEN',
      meterStart: 7000,
      timestamp: at(10),
    });

    await signIn(page, DEMO);
    await page.goto(`/station?stationId=${site.stationId}`);
    const card = page.locator('.device-events-card');
    // The station page loads many calls at once on a shared CI machine.
    await expect(card).toContainText('Charging sessions', { timeout: 60_000 });
    await chooseOption(page, card, 'Device', identity);
    // All time: the sessions are listed whichever month or year it is.
    await card.getByText('Total', { exact: true }).click();
    for (const name of ['Connector', 'Id tag', 'Stop reason']) {
      await expect(card.getByRole('columnheader', { name })).toBeVisible();
    }
    const stopped = card.locator('.ant-table-row').filter({ hasText: 'CARD-E2E' });
    await expect(stopped).toContainText('Stopped remotely');
    await expect(stopped).toContainText('7');
    await expect(card.locator('.ant-table-row').filter({ hasText: 'CARD-OPEN' })).toContainText('Charging');
  } finally {
    await cp.close({ force: true }).catch(() => undefined);
    // The demo's charging site is shared by other specs: the charger leaves it again.
    await remove();
  }
});
