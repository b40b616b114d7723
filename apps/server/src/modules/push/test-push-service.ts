/**
 * Test util of the app channel: a local Web Push service (an HTTP server on loopback that records each
 * request and answers as told), a browser's subscription keys made as a browser makes them, and the
 * receiving side of the protocol written here from the RFCs, independently of the `web-push` package
 * the server sends with: the VAPID token check (RFC 8292: ES256 JWT, `aud` the endpoint's origin) and
 * the payload decryption (RFC 8291 over RFC 8188 aes128gcm).
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription's keys as PushManager.subscribe makes them: a P-256 pair and a 16-byte secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  /** What the browser hands the server (base64url). */
  keys: { p256dh: string; auth: string };
}

/** Makes a browser's subscription keys. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

/** One request the push service received. */
export interface PushRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A running local push service. */
export interface LocalPushService {
  /** `http://127.0.0.1:port`, to list in WEB_PUSH_ALLOW_ORIGINS. */
  origin: string;
  received: PushRequest[];
  /** The HTTP status the next requests get (201 Created by default, as RFC 8030 §5 says). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

/** Starts a push service on a free loopback port. */
export async function startPushService(): Promise<LocalPushService> {
  const received: PushRequest[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answerWith: (s) => {
      status = s;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The claims of a VAPID token that verified. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks an `Authorization: vapid t=<jwt>, k=<key>` header (RFC 8292 §2–3): `k` is `publicKey`, the
 * token is an ES256 JWT signed by it. @returns its claims. @throws when any part does not hold.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('VAPID key is not the platform’s');
  const [head, claims, sig] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string };
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The content key and nonce of RFC 8291 §3.4 for a message from `senderKey` with `salt`. */
function messageKeys(browser: BrowserKeys, senderKey: Buffer, salt: Buffer) {
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(browser.authSecret, shared, keyInfo, 32);
  return {
    cek: hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/**
 * Decrypts a Web Push message body (RFC 8188 header: salt, record size, key id = the sender's public
 * key; one record ending in the 0x02 delimiter) with the browser's keys. @throws when it does not open.
 */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const { cek, nonce } = messageKeys(browser, senderKey, salt);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
