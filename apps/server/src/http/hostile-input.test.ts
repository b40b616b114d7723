/**
 * The generated hostile-input suite (issue 6 §4). It lists every route from the running server and sends
 * each the malformed variants derived from its schema (test/hostile-variants.ts) as each role: no
 * session, the owner of the records named, another owner, the administrator. Whatever is sent: no 5xx,
 * every error answer is the `{status,msg,data}` envelope in the caller's language, a business refusal
 * comes on HTTP 200 (spec §8), a route that is not
 * declared public refuses a caller without a session, an admin route refuses everyone but the admin,
 * and the server still answers afterwards.
 */
import { writeFileSync } from 'node:fs';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../db/seed/accounts';
import { openSession } from '../modules/auth/open-session';
import { findLoginAccount } from '../modules/auth/repo';
import { buildDevice, buildStation, buildUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/helper';
import { type Variant, variantsOf } from '../test/hostile-variants';
import { isSpecCall } from './errors';
import type { RouteEntry } from './route-catalogue';

type Role = 'none' | 'owner' | 'other' | 'admin';
const ROLES: Role[] = ['none', 'owner', 'other', 'admin'];
/**
 * HTTP statuses other than 200 a spec call's answer may carry (docs/api/status-codes.md): no session, a
 * request that could not be read as one (400 malformed, 413, 415), an unknown route (the path variants:
 * a doubled slash, a suffix), too many requests.
 */
const TRANSPORT = new Set([400, 401, 404, 413, 415, 429]);
/** Routes whose success answer is not an envelope by nature: the OpenAPI document and avatar images. */
const RAW_SUCCESS = [/\/openapi\.json$/, /\/user\/avatar\/:userId$/];

let t: TestApp;
const userIds: Record<Exclude<Role, 'none'>, number> = { owner: 0, other: 0, admin: 0 };
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await buildUser(t.db);
  const other = await buildUser(t.db);
  const admin = await findLoginAccount(t.db.db, ADMIN_LOGIN_NAME);
  const station = await buildStation(t.db, { ownerId: owner.id });
  const device = await buildDevice(t.db, { stationId: station.id, deviceType: 'inverter' });
  Object.assign(userIds, { owner: owner.id, other: other.id, admin: admin!.id });
  ids = { stationId: station.id, deviceId: device.id, userId: owner.id, friendId: other.id, id: station.id };
});
afterAll(async () => t?.close());

/** A fresh session of `role` (each route gets its own, so a logout variant cannot spoil the next route). */
async function tokenOf(role: Role): Promise<string | undefined> {
  if (role === 'none') return undefined;
  const token = await openSession(t.db.db, t.config, {
    userId: userIds[role],
    ip: '127.0.0.9',
    userAgent: 'hostile',
  });
  return token.access_token;
}

function send(v: Variant, token: string | undefined, languageId: number): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: String(languageId) };
  if (token) headers[TOKEN_HEADER] = token;
  if (v.contentType) headers['content-type'] = v.contentType;
  return t.app.inject({
    method: v.method as 'GET',
    url: v.url,
    query: v.query as Record<string, string>,
    headers,
    payload: v.payload as string,
  });
}

/** What is wrong with one answer, or null. */
function fault(
  route: RouteEntry,
  role: Role,
  v: Variant,
  res: LightMyRequestResponse,
  languageId: number,
): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`;
  // A file download (an export) is a success that is not an envelope either.
  const file = /^attachment/.test(String(res.headers['content-disposition'] ?? ''));
  const raw = (file || RAW_SUCCESS.some((re) => re.test(route.url))) && res.statusCode < 300;
  if (raw) return null;
  let body: { status?: unknown; msg?: unknown; data?: unknown };
  try {
    body = res.json();
  } catch {
    return `not JSON (HTTP ${res.statusCode}): ${res.body.slice(0, 120)}`;
  }
  if (typeof body.status !== 'number' || typeof body.msg !== 'string' || !('data' in body)) {
    return `not an envelope: ${res.body.slice(0, 160)}`;
  }
  if (body.status !== 0 && body.msg.length === 0) return 'error without msg';
  // Spec §8 (decision 0031): a business outcome is HTTP 200 with its body status; another HTTP status
  // only for what never reached the business layer.
  if (isSpecCall(route.url) && res.statusCode !== 200 && !TRANSPORT.has(res.statusCode)) {
    return `HTTP ${res.statusCode} for a business outcome (body ${body.status})`;
  }
  if (res.statusCode === 200 && body.status === Status.LOGGED_OUT) return 'signed out on HTTP 200';
  const refusal = res.statusCode === 200 && body.status !== Status.OK;
  if ((refusal || res.statusCode === 400) && languageId === 2 && !/[\u4e00-\u9fff]/.test(body.msg)) {
    return `refusal msg not in the caller's language (zh-CN): ${body.msg}`;
  }
  const isPublic = route.config?.public && !route.config?.admin;
  if (role === 'none' && !isPublic && body.status === Status.OK)
    return 'non-public route answered without a session';
  if (route.config?.admin && role !== 'admin' && body.status === Status.OK)
    return 'admin route answered a non-admin';
  return role === natural(route) && v.expect ? calendarFault(v.expect, body) : null;
}

/** The role a route is meant for: the admin on console routes, the owner elsewhere. */
const natural = (route: RouteEntry): Role => (route.config?.admin ? 'admin' : 'owner');

/** Issue 19 §1: a date past the calendar is "data out of range" for its field; an edge inside it is not. */
function calendarFault(
  expected: NonNullable<Variant['expect']>,
  body: { status?: unknown; data?: unknown },
): string | null {
  const field = (body.data as { field?: unknown } | null)?.field;
  const outOfRange = body.status === Status.OUT_OF_RANGE;
  if (expected.answer === 'outOfRange' && !(outOfRange && field === expected.field)) {
    return `expected data out of range for ${expected.field}, got ${JSON.stringify(body).slice(0, 160)}`;
  }
  if (expected.answer === 'inRange' && outOfRange && field === expected.field) {
    return `an allowed edge of ${expected.field} answered data out of range`;
  }
  return null;
}

describe('hostile input against every route', () => {
  it('lists the API routes from the running server', () => {
    const api = t.app.routeCatalogue.filter((r) => r.url.startsWith(API_PREFIX));
    expect(api.length).toBeGreaterThan(40);
    // Every route either declares itself public or is refused without a session (the check below).
    expect(api.some((r) => r.config?.public)).toBe(true);
  });

  it('answers every variant of every route as every role with an envelope and never a 5xx', async () => {
    const faults: string[] = [];
    const routes = t.app.routeCatalogue.filter((r) => r.url.startsWith(API_PREFIX));
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      for (const method of methods) {
        const variants = variantsOf(route, method, ids, 1000 + index);
        for (const role of ROLES) {
          const token = await tokenOf(role);
          // The field-by-field matrix without a session and as the route's own kind of caller (the admin on
          // console routes, the owner elsewhere); the other roles get the request-wide variants.
          const mine =
            role === natural(route) || role === 'none'
              ? variants
              : variants.filter((v) => !v.name.includes('='));
          for (const [i, v] of mine.entries()) {
            const languageId = i % 2 === 0 ? 1 : 2;
            const res = await send(v, token, languageId);
            sent += 1;
            const f = fault(route, role, v, res, languageId);
            if (f) faults.push(`${method} ${route.url} as ${role}, ${v.name}: ${f}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(5000);
    if (faults.length) writeFileSync('/tmp/hostile-faults.txt', faults.join('\n'));
    expect(faults.slice(0, 40)).toEqual([]);
    const alive = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/webpvesc/ajax/language/list` });
    expect(alive.json()).toMatchObject({ status: Status.OK });
  }, 600_000);
});
