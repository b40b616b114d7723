/**
 * Test harness of the OCPP central system: the real app listening on a loopback port, a charging site
 * with a charger commissioned through charger/add, and ocpp-rpc's RPCClient as the charger. With
 * `calls`, the app works its node's charger command queue (as main.ts starts it), and `peer()` builds a
 * second app (another node) on the same database.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { RPCClient } from 'ocpp-rpc';
import { buildApp } from '../../http/app';
import type { AppContext } from '../../http/context';
import { createJobQueue } from '../../jobs/queue';
import { buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createAuthService } from '../auth/service';
import { type ChargerCalls, startChargerCalls } from './commands/worker';

/** Options of the bench: its node's name, and its command worker's call timeout (s) to start one. */
export interface BenchOptions {
  nodeName?: string;
  calls?: { callTimeoutS: number };
  /** More configuration of the app (e.g. DEVICE_RATE_PER_S). */
  env?: Record<string, string>;
}

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
  connect(
    identity: string,
    key: string | undefined,
    opts?: { strict?: boolean; callConcurrency?: number },
  ): Promise<RPCClient>;
  /** A second app (node `nodeName`, its own job queue, no worker) on the bench's database. */
  peer(nodeName: string): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Builds the bench (with `chargerSend`, smart charging sends through it); close it in afterAll. */
export async function startOcppBench(
  opts: BenchOptions & Pick<AppContext, 'chargerSend' | 'chargerSendMany'> = {},
): Promise<OcppBench> {
  const nodeName = opts.nodeName ?? 'node-a';
  const t = await buildTestApp({ OCPP_HEARTBEAT_S: '30', NODE_NAME: nodeName, ...opts.env }, undefined, {
    chargerSend: opts.chargerSend,
    chargerSendMany: opts.chargerSendMany,
  });
  const workers: ChargerCalls[] = [];
  if (opts.calls) {
    const { db, queue, app } = t;
    const links = app.centralSystem.links;
    workers.push(await startChargerCalls({ db, queue, log: app.log, nodeName, links, ...opts.calls }));
  }
  const peers: { app: FastifyInstance; stop(): Promise<void> }[] = [];
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
        callConcurrency: opts.callConcurrency ?? 1,
        reconnect: false,
      } as never);
      await client.connect();
      clients.push(client);
      return client;
    },
    async peer(nodeName) {
      const config = { ...t.config, NODE_NAME: nodeName };
      const queue = createJobQueue(t.db);
      const authenticate = createAuthService({ db: t.db, config }).authenticate;
      const app = await buildApp({ config, db: t.db, authenticate, queue }, { logger: false });
      await queue.start(app.log);
      await app.ready();
      peers.push({ app, stop: () => queue.stop() });
      return app;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
      for (const w of workers) await w.stop();
      for (const p of peers) {
        await p.app.close();
        await p.stop();
      }
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
