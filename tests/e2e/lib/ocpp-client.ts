/**
 * A charger for browser specs: an ocpp-rpc client (OCPP 1.6J) of the server under test, connected with
 * its identity and key and booted (BootNotification) as `model`. The caller closes it.
 */
import type { APIRequestContext } from '@playwright/test';
import { RPCClient } from 'ocpp-rpc';
import { data } from './api-user';

const STATION = '/owner_api/webpvesc/ajax/station';

/** A charger a spec added to a site: its identity, device id and key (answered once by charger/add). */
export interface AddedCharger {
  identity: string;
  deviceId: number;
  key: string;
  /** Deletes the device again (station/device/del), for specs that share the demo's charging site. */
  remove(): Promise<void>;
}

/**
 * Adds an OCPP charger to `stationId` as `token`'s user (station/charger/add, issue 22), with the identity
 * `${prefix}-` and a time stamp in base 36, so each run's charger is new.
 */
export async function addCharger(
  request: APIRequestContext,
  token: string,
  stationId: number,
  prefix: string,
): Promise<AddedCharger> {
  const identity = `${prefix}-${Date.now().toString(36).toUpperCase()}`;
  const { deviceId, key } = await data<{ deviceId: number; key: string }>(
    await request.post(`${STATION}/charger/add`, { data: { stationId, identity }, headers: { token } }),
  );
  const remove = async () => {
    await request.post(`${STATION}/device/del`, { data: { deviceId }, headers: { token } });
  };
  return { identity, deviceId, key, remove };
}

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
