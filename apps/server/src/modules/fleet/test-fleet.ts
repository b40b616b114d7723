/** Test util of the fleet calls: a signed-in caller that sends station calls and reads the envelope. */
import type { FastifyInstance } from 'fastify';

/** An answer as the tests read it. */
export interface Answer<T> {
  http: number;
  status: number;
  msg: string;
  data: T;
}

const BASE = '/owner_api/webpvesc/ajax/station';

/** Calls `method path` under the station base as `token`, with `payload` as body (or query for GET). */
export async function call<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const query = new URLSearchParams();
  if (method === 'GET') for (const [k, v] of Object.entries(payload)) query.append(k, String(v));
  const res = await app.inject({
    method,
    url: `${BASE}/${path}${method === 'GET' ? `?${query}` : ''}`,
    headers: { token },
    ...(method === 'GET' ? {} : { payload }),
  });
  const body = res.json() as { status: number; msg: string; data: T };
  return { http: res.statusCode, ...body };
}

/** A valid site form (spec §3 Site) with `overrides`. */
export function siteForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    stationName: 'Roof Alpha',
    address: 'Na Příkopě 1, Praha',
    longitude: 14.42,
    latitude: 50.08,
    capacity: 9.9,
    systemType: 1,
    templateCode: 'pv',
    timeZone: 'Europe/Prague',
    currency: 'CZK',
    ...overrides,
  };
}
