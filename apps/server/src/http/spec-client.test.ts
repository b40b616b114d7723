/**
 * The spec's own client against every route's error answers (issue 35 item 1). `specClient` is written
 * from spec §8 alone; the suite lists the spec's calls from the running server and sends each an invalid
 * input, a call without a token, and (where the call names ids) a valid call as another owner. A client
 * that follows §8 must read every business outcome as returned to the caller, with msg in the caller's
 * language, and a call without a session as signed out: never a transport error for a business outcome.
 */
import { LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildDevice, buildStation, buildUser, signIn } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/helper';
import { inputOf } from '../test/schema-input';
import { isSpecCall } from './errors';
import type { RouteEntry } from './route-catalogue';

/** What a §8 client does with an answer. */
type Outcome =
  | { kind: 'data' }
  | { kind: 'transport'; http: number } // "an error message shows for 3 s"
  | { kind: 'signedOut' } // "For 401 or 1000 a confirm box … you were logged out"
  | { kind: 'clearTokenReload' } // 21000
  | { kind: 'siteRoot' } // 30000
  | { kind: 'returned'; status: number; msg: string }; // "Other non-zero statuses are returned to the caller"

/** Spec §8, and nothing else. */
function specClient(http: number, body: { status?: unknown; msg?: unknown } | null): Outcome {
  if (http !== 200)
    return http === 401 || body?.status === 1000 ? { kind: 'signedOut' } : { kind: 'transport', http };
  const status = body?.status;
  if (status === 0) return { kind: 'data' };
  if (status === 1000) return { kind: 'signedOut' };
  if (status === 21000) return { kind: 'clearTokenReload' };
  if (status === 30000) return { kind: 'siteRoot' };
  return { kind: 'returned', status: Number(status), msg: String(body?.msg ?? '') };
}

const read = (res: LightMyRequestResponse) => {
  try {
    return specClient(res.statusCode, res.json());
  } catch {
    return specClient(res.statusCode, null); // not JSON: a file or image answer
  }
};
const ZH = /[\u4e00-\u9fff]/; // languageId 2 is zh-CN: a refusal reads in Chinese
const ID_FIELDS = ['stationId', 'stationIds', 'deviceId', 'deviceIds', 'id', 'groupId', 'friendId', 'subId'];

let t: TestApp;
let owner = '';
let stranger = '';
const ids: Record<string, number> = {};
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const o = await buildUser(t.db);
  const station = await buildStation(t.db, { ownerId: o.id });
  const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
  Object.assign(ids, { station: station.id, device: device.id, user: o.id });
  owner = await signIn(t.app, o);
  stranger = await signIn(t.app, await buildUser(t.db));
});
afterAll(async () => t?.close());

/** The object shape of the route's input (query for GET, else body), or {}. */
function shapeOf(route: RouteEntry, method: string): Record<string, z.ZodType> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const part = method === 'GET' ? schema.querystring : schema.body;
  const node = part instanceof z.ZodType ? inputOf(part) : null;
  return node instanceof z.ZodObject ? (node.shape as Record<string, z.ZodType>) : {};
}

/** A valid value for `field`, naming the owner's records by id where the field is an id. */
function validValue(key: string, field: z.ZodType): unknown {
  const named: Record<string, unknown> = {
    stationId: ids.station,
    subId: ids.station,
    stationIds: [ids.station],
    deviceId: ids.device,
    deviceIds: [ids.device],
    id: ids.station,
    groupId: ids.station,
    friendId: ids.user,
  };
  const node = inputOf(field);
  const tries = [
    named[key],
    node instanceof z.ZodEnum ? node.options[0] : undefined,
    1,
    'Sample_value1',
    true,
  ];
  return tries.find((v) => v !== undefined && field.safeParse(v).success);
}

function call(route: RouteEntry, method: string, input: Record<string, unknown>, token?: string) {
  ip += 1; // a fresh client address per call, so no rate limit answers a business question
  const url = route.url.replace(/:([A-Za-z]+)/g, () => String(ids.station));
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: '2' };
  if (token) headers[TOKEN_HEADER] = token;
  const isGet = method === 'GET';
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: `10.35.${ip >> 8}.${ip & 255}`,
    ...(isGet
      ? { query: { ...input, languageId: '2' } as Record<string, string> }
      : { payload: { ...input, languageId: 2 } }),
  });
}

describe('a client written from spec §8 alone, on every spec call', () => {
  it('reads every business refusal from the body, in the caller language, and a missing token as signed out', async () => {
    const faults: string[] = [];
    const seen = { invalid: 0, signedOut: 0, stranger: 0, strangerRefused: 0 };
    const routes = t.app.routeCatalogue.filter((r) => isSpecCall(r.url));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const name = `${method} ${route.url}`;
        const shape = shapeOf(route, method);
        const fields = Object.keys(shape).filter((k) => k !== 'languageId');
        const refused = (o: Outcome) => (o.kind === 'returned' ? ZH.test(o.msg) && o.status !== 0 : false);
        if (!route.config?.public || route.config?.admin) {
          const o = read(await call(route, method, {}));
          seen.signedOut += 1;
          if (o.kind !== 'signedOut') faults.push(`${name} without a token: ${JSON.stringify(o)}`);
        }
        if (fields.length > 0) {
          // Every field of the contract is bounded: 5,000 characters fit none of them.
          const bad = Object.fromEntries(fields.map((k) => [k, 'x'.repeat(5000)]));
          const o = read(await call(route, method, bad, route.config?.admin ? stranger : owner));
          seen.invalid += 1;
          if (!refused(o)) faults.push(`${name} invalid input: ${JSON.stringify(o)}`);
        }
        if (fields.some((k) => ID_FIELDS.includes(k)) && !route.config?.admin) {
          const input = Object.fromEntries(fields.map((k) => [k, validValue(k, shape[k]!)]));
          const o = read(await call(route, method, input, stranger));
          seen.stranger += 1;
          if (o.kind === 'returned') seen.strangerRefused += 1;
          if (o.kind !== 'data' && !refused(o)) faults.push(`${name} as a stranger: ${JSON.stringify(o)}`);
        }
      }
    }
    expect(faults).toEqual([]);
    // Not vacuous: most calls need a session, take input, and name ids a stranger is refused.
    expect(seen.signedOut).toBeGreaterThan(100);
    expect(seen.invalid).toBeGreaterThan(100);
    expect(seen.strangerRefused).toBeGreaterThan(30);
  }, 600_000);
});
