/**
 * A charger for browser specs: an ocpp-rpc client (OCPP 1.6J) of the server under test, connected with
 * its identity and key and booted (BootNotification) as `model`. The caller closes it.
 */
import { RPCClient } from 'ocpp-rpc';

export async function bootedCharger(identity: string, key: string, model: string): Promise<RPCClient> {
  const cp = new RPCClient({
    endpoint: `ws://${new URL(process.env.E2E_BASE_URL!).host}/ocpp`,
    identity,
    password: key,
    protocols: ['ocpp1.6'],
    reconnect: false,
  } as never);
  await cp.connect();
  await cp.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: model });
  return cp;
}
