/**
 * Test utility shared by every module's API tests: signs in through the real routes exactly as the
 * browser does (fetch the server's public key, RSA-OAEP/SHA-256 encrypt the password, base64 it).
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Encrypts `password` for the server as the browser's WebCrypto RSA-OAEP (SHA-256) does; base64. */
export function encryptPassword(publicKeyPem: string, password: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

/** The server's SPKI PEM public key, from GET /owner_api/auth/owner/publickey. */
export async function fetchPublicKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/owner_api/auth/owner/publickey' });
  const body = res.json() as { data: { publicKey: string } };
  return body.data.publicKey;
}

/**
 * Signs in as `username` and returns the access token (send it in the `token` header).
 * @throws Error with the server's answer when sign-in does not succeed.
 */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await signIn(app, username, password);
  const body = res.json() as { status: number; msg: string; data: { access_token?: string } | null };
  if (body.status !== 0 || !body.data?.access_token) {
    throw new Error(`loginAs(${username}) failed: HTTP ${res.statusCode} ${JSON.stringify(body)}`);
  }
  return body.data.access_token;
}

/** Options of signIn: which route, extra headers or body fields, the client address, plaintext mode. */
export interface SignInOptions {
  /** Default '/owner_api/auth/owner/gettoken'; admin sign-in is '/owner_api/auth/owner/admin/login'. */
  url?: string;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
  remoteAddress?: string;
  /** Send the password as typed instead of encrypted (what the server must refuse). */
  plaintext?: boolean;
}

/** Posts one sign-in attempt as the browser would and returns the raw response (for refusal tests). */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: SignInOptions = {},
): Promise<LightMyRequestResponse> {
  const sent = opts.plaintext ? password : encryptPassword(await fetchPublicKey(app), password);
  return app.inject({
    method: 'POST',
    url: opts.url ?? '/owner_api/auth/owner/gettoken',
    headers: opts.headers,
    remoteAddress: opts.remoteAddress,
    payload: { username, password: sent, usertype: 1, ...opts.body },
  });
}
