/**
 * Test util (issue 32): a gateway installed as docs/gateway.md "Install" says, through the real API: the
 * administrator imports it with type `gateway` (its MQTT secret is answered once), then a new owner adds it
 * to a new site by its two serial numbers. The gateway tests share it instead of each repeating the calls.
 */
import { rmSync } from 'node:fs';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { expect } from 'vitest';
import { signInAdmin } from '../modules/admin/test-admin';
import { call } from '../modules/fleet/test-fleet';
import { buildStation, buildUser, signIn } from '../test/factories';
import type { TestApp } from '../test/helper';

/** What installTestGateway made. */
export interface InstalledGateway {
  /** The gateway's serial number (its MQTT username and client id) and its secret from the import. */
  serialNumber: string;
  secret: string;
  /** The owner's site the gateway is on, the owner's id and session token. */
  siteId: number;
  ownerId: number;
  token: string;
}

/**
 * Imports gateway `serialNumber` (label `commSerialNumber`) as the administrator and adds it, as a new
 * owner, to a new site named `siteName`. Fails the test when either call is refused.
 */
export async function installTestGateway(
  t: TestApp,
  gateway: { serialNumber: string; commSerialNumber: string; siteName: string },
): Promise<InstalledGateway> {
  const { serialNumber, commSerialNumber } = gateway;
  const admin = await signInAdmin(t.app);
  const imported = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webpvesc/ajax/manage/devices/import`,
    headers: { [TOKEN_HEADER]: admin },
    payload: { devices: [{ serialNumber, commSerialNumber, type: 'gateway' }] },
  });
  const body = imported.json() as { status: number; data: { secret: string }[] };
  expect(body.status).toBe(0);
  const owner = await buildUser(t.db);
  const token = await signIn(t.app, owner);
  const siteId = (await buildStation(t.db, { ownerId: owner.id, name: gateway.siteName })).id;
  const added = await call(t.app, token, 'POST', 'device/add', {
    stationId: siteId,
    serialNumber,
    commSerialNumber,
  });
  expect(added.status).toBe(0);
  return { serialNumber, secret: body.data[0]!.secret, siteId, ownerId: owner.id, token };
}

/** What a gateway test started, any part possibly never started (a failed beforeAll). */
export interface GatewayRig {
  gateways: readonly ({ stop(): Promise<void> } | undefined)[];
  modbus: readonly ({ close(): Promise<void> } | undefined)[];
  ingest: { stop(): Promise<void> } | undefined;
  mosquitto?: { dispose(): Promise<void> } | undefined;
  app: TestApp | undefined;
  bufferDirs: readonly string[];
}

/**
 * Stops a gateway test's parts in the order their links need: the gateways (they flush to the broker),
 * the SunSpec servers, the ingest, the broker, then the app; removes the gateways' buffer folders.
 */
export async function stopGatewayRig(rig: GatewayRig): Promise<void> {
  for (const g of rig.gateways) await g?.stop();
  for (const m of rig.modbus) await m?.close();
  await rig.ingest?.stop();
  await rig.mosquitto?.dispose();
  await rig.app?.close();
  for (const dir of rig.bufferDirs) rmSync(dir, { recursive: true, force: true });
}
