/** Test util of the social calls: a caller that sends any /owner_api call as a token and reads the envelope. */
import type { FastifyInstance } from 'fastify';
import type { Answer } from '../fleet/test-fleet';

/** Calls `method /owner_api/webpvesc/ajax/<path>` as `token`; `payload` is the query for GET, else the body. */
export async function ajax<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload: Record<string, unknown> = {},
  languageId = 1,
): Promise<Answer<T>> {
  const query = new URLSearchParams();
  if (method === 'GET') for (const [k, v] of Object.entries(payload)) query.append(k, String(v));
  const res = await app.inject({
    method,
    url: `/owner_api/webpvesc/ajax/${path}${method === 'GET' ? `?${query}` : ''}`,
    headers: { token, languageid: String(languageId) },
    ...(method === 'GET' ? {} : { payload }),
  });
  const body = res.json() as { status: number; msg: string; data: T };
  return { http: res.statusCode, ...body };
}
