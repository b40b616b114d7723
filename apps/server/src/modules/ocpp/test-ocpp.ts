/**
 * Test harness of the OCPP central system: the real app listening on a loopback port, a charging site
 * with a charger commissioned through charger/add, and ocpp-rpc's RPCClient as the charger.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { RPCClient } from 'ocpp-rpc';
import type { AppContext } from '../../http/context';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

/** A listening app with an owner, a charging site and the owner's token. */
export interface OcppBench {
  t: TestApp;
  url: string;
  token: string;
  ownerId: number;
  stationId: number;
  /** Commissions a charger on the site through the real route. */
  addCharger(identity: string): Promise<{ deviceId: number; key: string }>;
  /** Connects as `identity` with `key` (strict mode off, so a test can send malformed calls). */
  connect(identity: string, key: string | undefined, opts?: { strict?: boolean }): Promise<RPCClient>;
  close(): Promise<void>;
}

/** Builds the bench (with `extra.chargerSend`, smart charging sends through it); close it in afterAll. */
export async function startOcppBench(extra: Pick<AppContext, 'chargerSend'> = {}): Promise<OcppBench> {
  const t = await buildTestApp({ OCPP_HEARTBEAT_S: '30' }, undefined, extra);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const owner = await buildUser(t.db);
  const token = await signIn(t.app, owner);
  const station = await buildStation(t.db, { ownerId: owner.id, systemType: 2, templateCode: 'charging' });
  const clients: RPCClient[] = [];
  return {
    t,
    url: `ws://127.0.0.1:${port}/ocpp`,
    token,
    ownerId: owner.id,
    stationId: station.id,
    async addCharger(identity) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/webpvesc/ajax/station/charger/add`,
        headers: { [TOKEN_HEADER]: token },
        payload: { stationId: station.id, identity },
      });
      const body = res.json();
      if (body.status !== 0) throw new Error(`charger/add: ${res.body}`);
      return body.data;
    },
    async connect(identity, key, opts = {}) {
      const client = new RPCClient({
        endpoint: `ws://127.0.0.1:${port}/ocpp`,
        identity,
        password: key,
        protocols: ['ocpp1.6'],
        strictMode: opts.strict ?? false,
        reconnect: false,
      } as never);
      await client.connect();
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
      await t.close();
    },
  };
}

/** A BootNotification.req of a test charger. */
export const BOOT = { chargePointVendor: 'Zaptec', chargePointModel: 'Go', firmwareVersion: '2.1.0' };

/** The OCA's 1.6J schemas as distributed with the spec (shared data, kept out of the source: SOURCE.md). */
const OCA = '/work/shared/data/ocpp16-json-schemas';
const ajv = addFormats(new Ajv({ strict: false }));
/** True when `payload` is valid against the OCA's schema of `action` (e.g. "SetChargingProfile"). */
export const ocaValid = (action: string, payload: unknown): boolean => {
  const schema = JSON.parse(readFileSync(`${OCA}/${action}.json`, 'utf8'));
  delete schema.$schema;
  return ajv.validate(schema, payload);
};
