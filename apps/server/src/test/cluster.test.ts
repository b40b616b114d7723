/**
 * Issue 23 item 1: the platform as two stateless server processes behind nginx (deploy/nginx.conf),
 * on a throwaway PostgreSQL, Mosquitto and Redis. Sign in on one node and call the other; a session
 * revoked on one is refused on the other within a second; badge counts equal on both after an alarm and
 * a share; the sign-in limit counted over both; a periodic job run once per instant, and on after the
 * node running it was killed. Starts its own engines (CI installs them): never skipped.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../db/client';
import { startTestMosquitto, type TestMosquitto } from '../ingest/test-mosquitto';
import { startTestPostgres, type TestPostgres } from '../ingest/test-postgres';
import { instantJobId, nextRunAt } from '../jobs/scheduler';
import { LOGIN_LIMITS } from '../modules/auth/service';
import { encryptPassword } from '../modules/auth/test-login';
import { mailSenderJob } from '../modules/mail/sender';
import { type Cluster, startCluster } from './cluster';
import { buildAlarm, buildStation, buildUser } from './factories';
import { startTestRedis, type TestRedis } from './test-redis';

interface Answer<T = unknown> {
  http: number;
  status: number;
  data: T;
}

/** Options of call: the session, the body (GET: the query), headers, the client's own address. */
interface CallOptions {
  token?: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Loopback address to call from (127.0.0.2 …): a client that is not the trusted proxy's 127.0.0.1. */
  from?: string;
}

/** Calls `method /owner_api<path>` at `base` and reads the envelope. */
function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const query =
    method === 'GET' && opts.body ? `?${new URLSearchParams(opts.body as Record<string, string>)}` : '';
  const body = method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/owner_api${path}${query}`,
      {
        method,
        localAddress: opts.from,
        headers: {
          ...(opts.token ? { token: opts.token } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          const json = JSON.parse(text) as { status: number; data: T };
          resolve({ http: res.statusCode ?? 0, status: json.status, data: json.data });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls `read` until `done` holds of its value or `ms` passed; the last value. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let v = await read();
  while (!done(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return v;
}

let pg: TestPostgres;
let mq: TestMosquitto;
let redis: TestRedis;
let cluster: Cluster;
let db: DbHandle;
let publicKey: string;

const gettoken = (base: string, username: string, password: string, opts: CallOptions = {}) =>
  call<{ access_token?: string }>(base, 'POST', '/auth/owner/gettoken', {
    ...opts,
    body: { username, password: encryptPassword(publicKey, password), usertype: 1 },
  });

async function tokenOn(base: string, user: { loginName: string; password: string }): Promise<string> {
  const res = await gettoken(base, user.loginName, user.password);
  if (!res.data?.access_token) throw new Error(`sign-in failed: ${JSON.stringify(res)}`);
  return res.data.access_token;
}

beforeAll(async () => {
  [pg, mq, redis] = await Promise.all([startTestPostgres(), startTestMosquitto(), startTestRedis()]);
  cluster = await startCluster({
    databaseUrl: pg.url,
    mqttUrl: mq.url,
    redisUrl: redis.url,
    env: { SIMULATOR: 'off', ADMIN_PASSWORD: 'Admin@Cluster-2024' },
  });
  db = await openDb({ url: pg.url });
  const keys = await Promise.all(
    cluster.nodes.map((n) => call<{ publicKey: string }>(n.baseUrl, 'GET', '/auth/owner/publickey')),
  );
  publicKey = keys[0]!.data.publicKey;
  // A password encrypted against any node's key must open on every node: one key pair per database.
  for (const k of keys) expect(k.data.publicKey).toBe(publicKey);
});

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
  await Promise.all([redis?.dispose(), mq?.dispose()]);
  pg?.dispose();
});

describe('two server processes behind nginx', () => {
  it('serves a session signed in on one node on the other, and through the proxy', async () => {
    const user = await buildUser(db);
    const [a, b] = cluster.nodes.map((n) => n.baseUrl) as [string, string];
    const token = await tokenOn(a, user);
    const onB = await call<{ loginName: string }>(b, 'GET', '/webpvesc/ajax/user/info', { token });
    expect(onB).toMatchObject({ http: 200, status: 0, data: { loginName: user.loginName } });
    const proxied = await tokenOn(cluster.url, user);
    for (let i = 0; i < 4; i++) {
      const res = await call(cluster.url, 'GET', '/webpvesc/ajax/user/info', { token: proxied });
      expect(res).toMatchObject({ http: 200, status: 0 });
    }
    // Round-robin: the proxied calls were answered by both nodes.
    const upstreams = cluster.nginx
      .accessLog()
      .split('\n')
      .filter((l) => l.includes('/user/info'))
      .map((l) => /upstream=(\S+)/.exec(l)?.[1]);
    for (const n of cluster.nodes) expect(upstreams).toContain(`127.0.0.1:${n.port}`);
    // Links the API builds from the request (the QR sign-in page) name the proxy's address, port included.
    const qr = await call<{ url: string }>(cluster.url, 'GET', '/auth/owner/qrcode', {
      body: { platform: '2' },
    });
    expect(new URL(qr.data.url).origin).toBe(cluster.url);
  });

  it('refuses on node B within a second a session signed out on node A', async () => {
    const user = await buildUser(db);
    const [a, b] = cluster.nodes.map((n) => n.baseUrl) as [string, string];
    const token = await tokenOn(a, user);
    const info = () => call(b, 'GET', '/webpvesc/ajax/user/info', { token });
    expect((await info()).http).toBe(200); // now in node B's session cache
    expect(await call(a, 'DELETE', '/auth/owner/logout', { token })).toMatchObject({ http: 200, status: 0 });
    const after = await until(info, (r) => r.http === 401, 1000);
    expect(after.http).toBe(401);
  });

  it('keeps badge counts equal on both nodes after an alarm and a share', async () => {
    const owner = await buildUser(db);
    const friend = await buildUser(db);
    const station = await buildStation(db, { ownerId: owner.id });
    await db.query('INSERT INTO friendships (requester_id, addressee_id, status) VALUES ($1, $2, 2)', [
      owner.id,
      friend.id,
    ]);
    const nodes = cluster.nodes.map((n) => n.baseUrl);
    const [ownerToken, friendToken] = [await tokenOn(nodes[0]!, owner), await tokenOn(nodes[1]!, friend)];
    type Badges = { alarms: { count: number }; shares: number };
    const badges = (base: string, token: string) =>
      call<Badges>(base, 'GET', '/webpvesc/ajax/user/badges', { token }).then((r) => r.data);
    // Both nodes cache the counts before the changes.
    for (const n of nodes) {
      expect((await badges(n, ownerToken)).alarms.count).toBe(0);
      expect((await badges(n, friendToken)).shares).toBe(0);
    }
    // An alarm written by another process (the ingest of any node) reaches both nodes' counts.
    await buildAlarm(db, { stationId: station.id, alarmLevel: 3 });
    for (const n of nodes) {
      const seen = await until(
        () => badges(n, ownerToken),
        (c) => c.alarms.count === 1,
        1000,
      );
      expect(seen.alarms.count).toBe(1);
    }
    // A share made on node A is pending for the friend on node B too.
    const shared = await call(nodes[0]!, 'POST', '/webpvesc/ajax/station/share/add', {
      token: ownerToken,
      body: { stationId: station.id, friendId: friend.id },
    });
    expect(shared).toMatchObject({ http: 200, status: 0 });
    for (const n of nodes) {
      const seen = await until(
        () => badges(n, friendToken),
        (c) => c.shares === 1,
        1000,
      );
      expect(seen.shares).toBe(1);
    }
  });

  it('counts sign-in failures on both nodes together, by the address nginx saw', async () => {
    const user = await buildUser(db);
    const client = '127.0.0.2';
    const before = cluster.nginx.accessLog().length;
    // Through nginx from 127.0.0.2, each with a different forged X-Forwarded-For: the nodes trust only
    // nginx's hop (TRUST_PROXY=127.0.0.1), so all count against 127.0.0.2; round-robin spreads them over
    // both nodes.
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) {
      const res = await gettoken(cluster.url, user.loginName, 'Wrong@Pass1', {
        from: client,
        headers: { 'x-forwarded-for': `10.9.9.${i}` },
      });
      expect(res.status).toBe(40100);
    }
    const upstreams = cluster.nginx
      .accessLog()
      .slice(before)
      .split('\n')
      .filter((l) => l.includes('/gettoken'))
      .map((l) => /upstream=(\S+)/.exec(l)?.[1]);
    for (const n of cluster.nodes) expect(upstreams).toContain(`127.0.0.1:${n.port}`);
    // The pair is locked through the proxy and on each node (called as nginx would, naming the client).
    expect((await gettoken(cluster.url, user.loginName, user.password, { from: client })).http).toBe(429);
    for (const n of cluster.nodes) {
      const direct = await gettoken(n.baseUrl, user.loginName, user.password, {
        headers: { 'x-forwarded-for': client },
      });
      expect(direct.http).toBe(429);
    }
    // The owner from another address is not stopped.
    expect((await gettoken(cluster.url, user.loginName, user.password, { from: '127.0.0.3' })).status).toBe(
      0,
    );
  });

  it('runs a periodic job once per instant on the two nodes, and on after the node running it died', async () => {
    const job = mailSenderJob;
    const runs = async () =>
      (
        await db.query<{ id: string; state: string; at: string }>(
          `SELECT id, state, data->>'at' AS at FROM pgboss.job WHERE name = $1 ORDER BY 3`,
          [job.name],
        )
      ).rows.map((r) => ({ ...r, at: Number(r.at) }));
    const completed = async () => (await runs()).filter((r) => r.state === 'completed');
    const period = job.everyMs;
    // Kill a node just after an instant's run completed (not mid-run: a run in hand when its node dies
    // holds the job's exclusive queue until it expires), well before the next instant.
    const latest = await until(
      completed,
      (rs) => rs.length >= 2 && Date.now() - rs.at(-1)!.at < period / 2,
      6 * period,
    );
    const killedAt = latest.at(-1)!.at;
    await cluster.kill(0);
    // A call through nginx still succeeds: the dead node is skipped.
    const alive = await call(cluster.url, 'GET', '/webpvesc/ajax/language/list');
    expect(alive.http).toBe(200);
    const next = [1, 2, 3].map((k) => killedAt + k * period);
    const after = await until(
      completed,
      (rs) => next.every((at) => rs.some((r) => r.at === at)),
      4 * period + 10_000,
    );
    for (const at of next) expect(after.some((r) => r.at === at)).toBe(true);
    // Once per instant: every run is an instant's own job (no second run of one instant under any id),
    // and every instant from the first run to the last has its run.
    const all = await runs();
    const first = all[0]!.at;
    for (const r of all) expect(r.id).toBe(instantJobId(job.name, r.at));
    for (let at = first; at <= next.at(-1)!; at = nextRunAt(job, at)) {
      expect(all.filter((r) => r.at === at).map((r) => r.state)).toEqual(['completed']);
    }
  });
});
