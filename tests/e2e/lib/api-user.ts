/**
 * E2E set-up through the API, for specs that need a second owner: signs in (password encrypted as the
 * browser does, RSA-OAEP/SHA-256) and registers a verified account, reading its code from the
 * administrator's outbox as an administrator without SMTP would.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

const API = '/owner_api';
/** The e2e server's administrator password (tests/e2e/server.ts). */
export const E2E_ADMIN_PASSWORD = 'Admin@E2e-2024';

/** The `data` of an API answer. @throws when its status is not 0. */
export async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${res.url()}: ${body.status} ${body.msg}`);
  return body.data;
}

async function encrypt(request: APIRequestContext, password: string): Promise<string> {
  const { publicKey } = await data<{ publicKey: string }>(await request.get(`${API}/auth/owner/publickey`));
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

/** Signs in through the API (the administrator's route when `admin`) and returns the token. */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password: string,
  admin = false,
): Promise<string> {
  const path = admin ? '/auth/owner/admin/login' : '/auth/owner/gettoken';
  const body = { username, password: await encrypt(request, password), usertype: 1 };
  return (await data<{ access_token: string }>(await request.post(`${API}${path}`, { data: body })))
    .access_token;
}

/**
 * The 6-character code of the newest mail to `email`, read from the administrator's outbox as an
 * administrator without SMTP would. @throws when no code was mailed there.
 */
export async function latestMailedCode(request: APIRequestContext, email: string): Promise<string> {
  const admin = await apiToken(request, 'admin', E2E_ADMIN_PASSWORD, true);
  const outbox = await data<{ rows: { body: string }[] }>(
    await request.get(`${API}/webpvesc/ajax/manage/outbox`, {
      params: { filterText: email },
      headers: { token: admin },
    }),
  );
  const code = outbox.rows[0]?.body.match(/\b([A-Za-z0-9]{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Registers `userName` with `password` and verifies its e-mail, so it can sign in. */
export async function registerVerified(request: APIRequestContext, userName: string, password: string) {
  const email = `${userName}@example.com`;
  const enc = await encrypt(request, password);
  await data(
    await request.post(`${API}/webpvesc/ajax/register`, {
      data: { userName, email, password: enc, confirmPassword: enc },
    }),
  );
  const code = await latestMailedCode(request, email);
  await data(
    await request.post(`${API}/webpvesc/ajax/user/email/verify`, { data: { userName, validCode: code } }),
  );
}

/** The first site of `systemType` of the owner signed in as `token`. */
export async function firstSite(request: APIRequestContext, token: string, systemType: number) {
  const list = await data<{ rows: { stationId: number; stationName: string }[] }>(
    await request.get(`${API}/webpvesc/ajax/station/systemtype/list`, {
      params: { systemType },
      headers: { token },
    }),
  );
  const site = list.rows[0];
  if (!site) throw new Error(`no site of type ${systemType}`);
  return site;
}
