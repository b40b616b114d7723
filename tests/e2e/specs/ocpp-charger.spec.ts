/**
 * Issue 22: an OCPP 1.6J charger from commissioning to a remote session. The demo owner adds a charger
 * on his charging site in the chargers card and reads its key (shown once), adds an id tag; a real
 * OCPP 1.6J charge point (ocpp-rpc's RPCClient, as the server's own tests use) connects with the identity
 * and key, boots and reports its connector; the card shows it online. The owner starts charging (the
 * command is accepted, the connector charges for the id tag), then stops it (the session ends).
 */
import { expect, test } from '@playwright/test';
import { RPCClient } from 'ocpp-rpc';
import { firstSite } from '../lib/api-user';
import { DEMO, signIn } from '../lib/sign-in';

const now = () => new Date().toISOString();

/**
 * A charge point with one connector: it answers RemoteStartTransaction by starting a transaction
 * (StartTransaction, then StatusNotification Charging) and RemoteStopTransaction by stopping it.
 */
async function connectChargePoint(baseUrl: string, identity: string, key: string): Promise<RPCClient> {
  const client = new RPCClient({
    endpoint: `${baseUrl.replace(/^http/, 'ws')}/ocpp`,
    identity,
    password: key,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
  } as never);
  const status = (connectorId: number, state: string) =>
    client.call('StatusNotification', { connectorId, errorCode: 'NoError', status: state, timestamp: now() });
  client.handle('RemoteStartTransaction', async ({ params }) => {
    const connectorId = (params?.connectorId as number | undefined) ?? 1;
    // The answer goes first; the charger then starts the transaction, as a real one does.
    setTimeout(async () => {
      await status(connectorId, 'Preparing');
      await client.call('StartTransaction', {
        connectorId,
        idTag: params?.idTag,
        meterStart: 1000,
        timestamp: now(),
      });
      await status(connectorId, 'Charging');
    }, 100);
    return { status: 'Accepted' };
  });
  client.handle('RemoteStopTransaction', async ({ params }) => {
    setTimeout(async () => {
      await client.call('StopTransaction', {
        transactionId: params?.transactionId,
        meterStop: 2500,
        timestamp: now(),
        reason: 'Remote',
      });
      await status(1, 'Finishing');
      await status(1, 'Available');
    }, 100);
    return { status: 'Accepted' };
  });
  await client.connect();
  await client.call('BootNotification', {
    chargePointVendor: 'E2E Motors',
    chargePointModel: 'Wallbox 11',
    firmwareVersion: '1.2.3',
  });
  await status(0, 'Available');
  await status(1, 'Available');
  return client;
}

test('the owner adds an OCPP charger, it connects, and he starts and stops charging from the card', async ({
  page,
  request,
}) => {
  // Sign-in, a dialog, a WebSocket charger and two remote commands with their answers on a shared machine.
  test.slow();
  const token = await signIn(page, DEMO);
  const site = await firstSite(request, token, 2);
  await page.goto(`/station?stationId=${site.stationId}`);
  const card = page.getByTestId('chargers-card');
  await expect(card).toBeVisible();

  // Commissioning: identity and name, then the key, shown once, with how to connect.
  const identity = `E2E-CP-${Date.now()}`;
  await card.getByRole('button', { name: 'Add charger' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add an OCPP charger' });
  await add.getByLabel('Charge point identity').fill(identity);
  await add.getByLabel('Name (optional)').fill('Garage wallbox');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  const done = page.getByRole('dialog', { name: `Charger ${identity} added` });
  await expect(done).toContainText('shown only this once');
  await expect(done).toContainText(/ws:\/\/.+\/ocpp/);
  await expect(done).toContainText('ocpp1.6');
  const key = (await done.getByTestId('charger-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^[0-9a-f]{40}$/i);
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();

  // The id tag the session will be charged to: added in the card's id tags section.
  const idTag = `E2E${Date.now() % 1_000_000}`;
  await card.getByRole('textbox', { name: 'Id tag' }).fill(idTag);
  await card.getByRole('button', { name: 'Add id tag' }).click();
  await expect(card.getByTestId('id-tags')).toContainText(idTag);

  // The charger listed, offline until it connects; online with what it said at boot once it has.
  const charger = card.locator(`[data-testid="charger"][data-identity="${identity}"]`);
  await expect(charger).toContainText('Garage wallbox');
  // Offline, it is not offered a start (issue 34 item 3): nothing could reach it.
  await expect(charger.getByRole('button', { name: 'Command history' })).toBeVisible();
  await expect(charger.getByRole('button', { name: 'Start charging' })).toHaveCount(0);
  const client = await connectChargePoint(process.env.E2E_BASE_URL!, identity, key);
  try {
    await expect(charger.getByTestId('charger-online')).toHaveAttribute('data-online', 'true');
    await expect(charger).toContainText('E2E Motors · Wallbox 11 · firmware 1.2.3');
    const connector = charger.locator('[data-testid="connector"][data-connector="1"]');
    await expect(connector.getByTestId('connector-status')).toHaveText('Available');

    // Start charging: connector 1 (the only one, chosen already) for the id tag, picked from the site's.
    await charger.getByRole('button', { name: 'Start charging' }).click();
    const start = page.getByRole('dialog', { name: 'Start charging on Garage wallbox' });
    await start.getByLabel('Id tag').fill(idTag);
    await start.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(start).toBeHidden();
    const command = charger.getByTestId('charger-command');
    await expect(command).toContainText('Start charging');
    await expect(command.getByTestId('charger-command-state')).toHaveAttribute('data-state', 'accepted');
    await expect(command.getByTestId('charger-command-state')).toHaveText('Accepted');
    await expect(command).toContainText('Charger: accepted');
    await expect(connector.getByTestId('connector-status')).toHaveAttribute('data-status', 'Charging');
    await expect(connector.getByTestId('connector-session')).toContainText(idTag);

    // Stop: the session ends and the connector is free again.
    await connector.getByRole('button', { name: 'Stop' }).click();
    await expect(command).toContainText('Stop charging');
    await expect(command.getByTestId('charger-command-state')).toHaveAttribute('data-state', 'accepted');
    await expect(connector.getByTestId('connector-session')).toHaveCount(0);
    await expect(connector.getByTestId('connector-status')).toHaveAttribute('data-status', 'Available');

    // The history lists both commands, newest first, with who asked and the charger's answer.
    await charger.getByRole('button', { name: 'Command history' }).click();
    const history = page.getByRole('dialog', { name: 'Commands of Garage wallbox' });
    const rows = history.getByTestId('charger-command-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Stop charging');
    await expect(rows.first()).toContainText('demo');
    await expect(rows.nth(1)).toContainText('Start charging');
    await expect(rows.nth(1)).toContainText('Charger: accepted');
  } finally {
    await client.close({ force: true }).catch(() => undefined);
  }
});
