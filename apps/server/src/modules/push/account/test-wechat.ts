/**
 * Test utility: a local fake of the official account's API (WeChat `cgi-bin`) on a free port of
 * 127.0.0.1, as test-smtp.ts is for SMTP. It checks the shape of each call as WeChat documents it and
 * answers as WeChat does, documented errors included:
 * - `GET /cgi-bin/token?grant_type=client_credential&appid&secret`: a new token (ending every earlier
 *   one, as a new token does) or 40013 / 40125 for a wrong appid / secret;
 * - `POST /cgi-bin/qrcode/create?access_token`: a QR code URL for a `QR_STR_SCENE` scene;
 * - `POST /cgi-bin/message/template/send?access_token`: 43004 when `touser` does not follow the account;
 * - a token that was ended answers 40001, one that expired (`expireTokens`) 42001;
 * - `failNext(path, errcode)` makes the next call of `path` answer that error (45009 quota, -1 busy…).
 * A call whose shape is wrong answers 47001 and is recorded in `shapeErrors`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A template message as received. */
export interface ReceivedTemplate {
  touser: string;
  template_id: string;
  url: string;
  data: Record<string, { value: string }>;
}

/** A running fake. */
export interface FakeWechat {
  /** http://127.0.0.1:PORT, the API base address to configure. */
  base: string;
  appId: string;
  appSecret: string;
  /** Tokens issued so far. */
  issued: string[];
  /** Scenes of the QR codes made. */
  scenes: string[];
  /** Template messages accepted. */
  messages: ReceivedTemplate[];
  /** Calls whose shape was wrong (what was wrong). */
  shapeErrors: string[];
  /** openids that follow the account (others get 43004). */
  followers: Set<string>;
  /** Ends every token issued so far (the next call with one answers 40001). */
  revokeTokens(): void;
  /** Lets every token issued so far expire (the next call with one answers 42001). */
  expireTokens(): void;
  /** The next call of `path` (e.g. '/cgi-bin/message/template/send') answers `errcode`. */
  failNext(path: string, errcode: number): void;
  close(): Promise<void>;
}

const ERRMSG: Record<number, string> = {
  [-1]: 'system error',
  40001: 'invalid credential, access_token is invalid or not latest',
  40013: 'invalid appid',
  40125: 'invalid appsecret',
  42001: 'access_token expired',
  43004: 'require subscribe',
  45009: 'reach max api daily quota limit',
  47001: 'data format error',
};
const error = (errcode: number) => ({ errcode, errmsg: `${ERRMSG[errcode] ?? 'error'} rid: fake` });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

const isText = (v: unknown, max = 1000): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/** What is wrong with a qrcode/create body, or null. */
function qrShape(body: unknown): string | null {
  const b = body as {
    expire_seconds?: unknown;
    action_name?: unknown;
    action_info?: { scene?: { scene_str?: unknown } };
  };
  if (typeof b?.expire_seconds !== 'number' || b.expire_seconds < 60 || b.expire_seconds > 2_592_000) {
    return 'expire_seconds';
  }
  if (b.action_name !== 'QR_STR_SCENE') return 'action_name';
  if (!isText(b.action_info?.scene?.scene_str, 64)) return 'scene_str';
  return null;
}

/** What is wrong with a template/send body, or null. */
function templateShape(body: unknown): string | null {
  const b = body as Partial<ReceivedTemplate> | undefined;
  if (!isText(b?.touser, 64)) return 'touser';
  if (!isText(b?.template_id, 128)) return 'template_id';
  if (b?.url !== undefined && !/^https?:\/\//.test(String(b.url))) return 'url';
  if (!b?.data || typeof b.data !== 'object' || Object.keys(b.data).length === 0) return 'data';
  for (const [k, v] of Object.entries(b.data)) {
    if (typeof v?.value !== 'string' || v.value.length > 200) return `data.${k}`;
  }
  return null;
}

/** Starts the fake; `tokenDelayMs` holds each token answer that long (so two refreshes overlap). */
export async function startFakeWechat(opts: { tokenDelayMs?: number } = {}): Promise<FakeWechat> {
  const fake = {
    appId: 'wx0123456789abcdef',
    appSecret: 'fake-app-secret-0123456789abcdef',
    issued: [] as string[],
    scenes: [] as string[],
    messages: [] as ReceivedTemplate[],
    shapeErrors: [] as string[],
    followers: new Set<string>(),
  };
  let live: string | null = null;
  let expired = false;
  const failures = new Map<string, number[]>();
  const answerOf = async (req: IncomingMessage, url: URL): Promise<object> => {
    const queued = failures.get(url.pathname)?.shift();
    if (url.pathname === '/cgi-bin/token') {
      if (req.method !== 'GET' || url.searchParams.get('grant_type') !== 'client_credential') {
        fake.shapeErrors.push('token: method or grant_type');
        return error(47001);
      }
      if (url.searchParams.get('appid') !== fake.appId) return error(40013);
      if (url.searchParams.get('secret') !== fake.appSecret) return error(40125);
      if (queued !== undefined) return error(queued);
      await new Promise((r) => setTimeout(r, opts.tokenDelayMs ?? 0));
      live = `token-${fake.issued.length + 1}-${Math.random().toString(36).slice(2)}`;
      expired = false;
      fake.issued.push(live);
      return { access_token: live, expires_in: 7200 };
    }
    const token = url.searchParams.get('access_token');
    if (req.method !== 'POST') {
      fake.shapeErrors.push(`${url.pathname}: ${req.method}`);
      return error(47001);
    }
    const body = await readJson(req);
    if (token === null || token !== live) return error(40001);
    if (expired) return error(42001);
    if (queued !== undefined) return error(queued);
    if (url.pathname === '/cgi-bin/qrcode/create') {
      const wrong = qrShape(body);
      if (wrong) {
        fake.shapeErrors.push(`qrcode/create: ${wrong}`);
        return error(47001);
      }
      const scene = (body as { action_info: { scene: { scene_str: string } } }).action_info.scene.scene_str;
      fake.scenes.push(scene);
      return { ticket: `ticket-${scene}`, expire_seconds: 600, url: `http://weixin.qq.com/q/${scene}` };
    }
    if (url.pathname === '/cgi-bin/message/template/send') {
      const wrong = templateShape(body);
      if (wrong) {
        fake.shapeErrors.push(`template/send: ${wrong}`);
        return error(47001);
      }
      const message = body as ReceivedTemplate;
      if (!fake.followers.has(message.touser)) return error(43004);
      fake.messages.push(message);
      return { errcode: 0, errmsg: 'ok', msgid: fake.messages.length };
    }
    fake.shapeErrors.push(`unknown path ${url.pathname}`);
    return { errcode: 48001, errmsg: 'api unauthorized' };
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    answerOf(req, url).then(
      (answer) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    base: `http://127.0.0.1:${port}`,
    revokeTokens: () => {
      live = null;
    },
    expireTokens: () => {
      expired = true;
    },
    failNext: (path, errcode) => failures.set(path, [...(failures.get(path) ?? []), errcode]),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
