/**
 * Issue 21 items 5 and 7: the device detail's Parameters tab. The demo owner opens a simulated hybrid
 * inverter's parameters, is told the spec §5 rule as he types a grid-tied lower SOC limit too close to
 * the off-grid one, sends an allowed value after a confirmation naming the device, and follows the
 * command: applied by the device, then verified once its next report shows the value.
 */
import { expect, test } from '@playwright/test';
import { firstSite } from '../lib/api-user';
import { chooseOption } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

/** "35 %" as the page writes it (a non-breaking space before the unit). */
const percent = (n: number) => new RegExp(`${n}\\s%`);

test('the demo owner changes a hybrid inverter’s grid-tied lower SOC limit and sees it applied, then verified', async ({
  page,
  request,
}) => {
  // Sign-in, the station page, a dialog and a device's answer and report over MQTT on a shared CI machine.
  test.slow();
  const token = await signIn(page, DEMO);
  const site = await firstSite(request, token, 6);
  await page.goto(`/station?stationId=${site.stationId}`);
  const detail = page.locator('.fleet-device-detail');
  await chooseOption(page, detail, 'Device', 'Hybrid inverter · Inverter');
  await detail.getByRole('tab', { name: 'Parameters' }).click();
  const tab = detail.getByTestId('params-tab');
  const onGrid = tab.getByLabel('Grid-tied lower SOC limit');
  const offGrid = tab.getByLabel('Off-grid lower SOC limit');
  await expect(onGrid).toBeVisible();

  // The battery power limits at their default (the simulator's inverter reports none): "No limit", not
  // "100000 W" on a 6 kW inverter.
  const chargeMax = tab.getByLabel('Maximum charge power');
  await expect(chargeMax).toHaveValue('');
  await expect(chargeMax).toHaveAttribute('placeholder', 'No limit');

  // Spec §5: the grid-tied limit at least 10 points above the off-grid one, said as the user types.
  const off = Number(await offGrid.inputValue());
  const current = Number(await onGrid.inputValue());
  await onGrid.fill(String(off + 5));
  await expect(
    tab.getByText('The grid-tied lower SOC limit must be at least 10% above the off-grid lower limit'),
  ).toBeVisible();
  await tab.getByRole('button', { name: /Send to device/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // An allowed value other than the device's; only it is sent, after a confirmation naming the device.
  const next = Math.max(off + 10, 35) === current ? current + 5 : Math.max(off + 10, 35);
  await onGrid.fill(String(next));
  await expect(tab.getByText(/must be at least 10%/)).toHaveCount(0);
  await tab.getByRole('button', { name: 'Send to device (1 changed)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send these settings to Hybrid inverter?' });
  await expect(confirm.getByRole('listitem')).toHaveCount(1);
  await expect(confirm.getByRole('listitem')).toContainText('Grid-tied lower SOC limit');
  await expect(confirm.getByRole('listitem')).toContainText(percent(next));
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(confirm).toBeHidden();

  // The field shows the asked value and the command's state while it is pending; the history lists who
  // asked what. The simulated inverter answers with its values within a few hundred ms, often before the
  // page reads the parameters again: then the command is verified at once and only the history shows it.
  const pending = tab.getByTestId('param-pending-socLowerOnGrid');
  const row = tab.getByTestId('command-row').first();
  const state = row.getByTestId('command-state');
  const verified = state.and(page.locator('[data-state="verified"]'));
  await expect(
    pending
      .filter({ hasText: percent(next) })
      .or(verified)
      .first(),
  ).toBeVisible();
  await expect(row).toContainText('demo');
  await expect(row).toContainText('Grid-tied lower SOC limit');
  await expect(state).toHaveAttribute('data-state', /^(queued|sent|applied|verified)$/);
  // The simulated inverter answers (applied) and its next report shows the value (verified).
  await expect(state).toHaveAttribute('data-state', /^(applied|verified)$/, { timeout: 45_000 });
  await expect(state).toHaveAttribute('data-state', 'verified', { timeout: 45_000 });
  await expect(state).toHaveText('Verified');
  await expect(pending).toHaveCount(0);
  await expect(tab.getByTestId('param-status-socLowerOnGrid')).toContainText(percent(next));
  await expect(onGrid).toHaveValue(String(next));
});
