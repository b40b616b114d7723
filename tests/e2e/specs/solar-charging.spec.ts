/**
 * Issue 33: solar charging on the station page's chargers card. The demo owner's charging site gets a
 * charger (commissioned through the API); on its card the owner picks "Solar only" in the mode control:
 * the card says what the charger gets and why, and after a reload (and in charger/list) the mode reads back
 * with the month's share; the owner sets its priority. The card draws today's PV, grid and charging power.
 */
import type { ChargerRow } from '@ems/contract/api/ocpp-charger';
import { expect, test } from '@playwright/test';
import { data, firstSite } from '../lib/api-user';
import { DEMO, signIn } from '../lib/sign-in';

const API = '/owner_api';

test('the owner sets a charger to solar only and sees it read back', async ({ page, request }) => {
  test.slow();
  const token = await signIn(page, DEMO);
  const site = await firstSite(request, token, 2);
  const identity = `E2E-SOLAR-${Date.now()}`;
  await data(
    await request.post(`${API}/webpvesc/ajax/station/charger/add`, {
      data: { stationId: site.stationId, identity, name: 'Solar wallbox' },
      headers: { token },
    }),
  );
  await page.goto(`/station?stationId=${site.stationId}`);
  const charger = page.locator(`[data-testid="charger"][data-identity="${identity}"]`);
  const solar = charger.getByTestId('charger-solar');
  await expect(solar).toContainText('Not under solar control');
  // Under no solar control it charges as fast as it can: Fast is the mode shown.
  await expect(solar.getByRole('radio', { name: 'Fast' })).toBeChecked();
  // The card's day chart of PV, grid and charging, drawn from the site's simulated devices' lines.
  const chart = page.getByTestId('chargers-card').getByTestId('solar-day-chart');
  await expect(chart).toContainText('Today: PV, grid and charging');
  await expect(chart.getByTestId('solar-day-chart-canvas').locator('canvas')).toBeVisible({
    timeout: 60_000,
  });
  await expect(chart.getByTestId('solar-day-chart-canvas')).toHaveAttribute('aria-label', /EV charging/);

  await solar.getByText('Solar only', { exact: true }).click();
  // Never connected: the controller sends it nothing and says so.
  await expect(solar.getByTestId('solar-decision')).toContainText('Gets 0.0 A');
  await expect(solar.getByTestId('solar-decision')).toContainText('the charger is offline.');

  await page.reload();
  await expect(solar.getByRole('radio', { name: 'Solar only' })).toBeChecked();
  await expect(solar.getByTestId('solar-share')).toContainText('Nothing charged today yet');
  await expect(solar.getByTestId('solar-share-month')).toContainText('Nothing charged this month yet');
  // Priority among the site's chargers (higher first): the owner picks 3, the card and the API read it back.
  await solar.getByTestId('solar-priority').click();
  await page.locator('.ant-select-item-option[title="3"]').click();
  await expect(solar.getByTestId('solar-priority')).toContainText('3');
  await page.reload();
  await expect(solar.getByTestId('solar-priority')).toContainText('3');
  await expect(solar.getByRole('radio', { name: 'Solar only' })).toBeChecked();
  const list = await data<ChargerRow[]>(
    await request.get(`${API}/webpvesc/ajax/station/charger/list`, {
      params: { stationId: site.stationId },
      headers: { token },
    }),
  );
  expect(list.find((c) => c.identity === identity)?.solar).toMatchObject({
    mode: 'pv',
    reason: 'offline',
    monthChargedKwh: 0,
    monthSolarKwh: 0,
    priority: 3,
  });
});
