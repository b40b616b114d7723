/**
 * The list/real benchmark's load generator, run as a child process so its event loop does not share
 * the server's: N simulated browsers sign in over HTTP (RSA-OAEP password, as the web does), then
 * each polls list/real for its site every 5 s with jitter (and the top bar's user/badges with it unless
 * LIST_REAL_BADGES=off), over keep-alive loopback connections.
 * Receives a ClientJob on IPC, answers with a ClientResult, exits.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { encryptPassword } from '../apps/server/src/modules/auth/test-login';
import { type ThreadWatch, watchThread } from './thread-watch';

/** One simulated browser: who signs in and which site it watches (token when already signed in). */
export interface BrowserSpec {
  loginName: string;
  password: string;
  stationId: number;
  token?: string;
}

/** What the parent asks for. */
export interface ClientJob {
  baseUrl: string;
  browsers: BrowserSpec[];
  warmupMs: number;
  measureMs: number;
  intervalMs: number;
  jitterMs: number;
  /** Also poll the top bar's combined badge call (user/badges) each cycle, as the signed-in layout does. */
  badges: boolean;
}

/** What the child answers: tokens (reusable by the next case), latencies of measured polls (ms). */
export interface ClientResult {
  tokens: string[];
  signInMs: number;
  latencies: number[];
  /** Latencies of the measured user/badges polls (ms); empty without `badges`. */
  badgeLatencies: number[];
  errors: number;
  measuredMs: number;
  /** This process's thread while measuring: how long a response waited here (null: a sign-in-only run). */
  thread: ThreadWatch | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function request(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; json: { status: number; data: unknown } }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signInAll(job: ClientJob): Promise<string[]> {
  const key = await request(job.baseUrl, 'GET', '/owner_api/auth/owner/publickey');
  const publicKey = (key.json.data as { publicKey: string }).publicKey;
  const tokens = new Array<string>(job.browsers.length);
  let next = 0;
  // A few at a time, as browsers opening over a minute would; argon2 makes each sign-in cost ~20 ms.
  const worker = async () => {
    while (next < job.browsers.length) {
      const i = next++;
      const b = job.browsers[i]!;
      if (b.token) {
        tokens[i] = b.token;
        continue;
      }
      const res = await request(
        job.baseUrl,
        'POST',
        '/owner_api/auth/owner/gettoken',
        {},
        {
          username: b.loginName,
          password: encryptPassword(publicKey, b.password),
          usertype: 1,
        },
      );
      const token = (res.json.data as { access_token?: string } | null)?.access_token;
      if (res.json.status !== 0 || !token)
        throw new Error(`sign-in of ${b.loginName} failed: ${JSON.stringify(res.json)}`);
      tokens[i] = token;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return tokens;
}

async function poll(job: ClientJob, tokens: string[]): Promise<Omit<ClientResult, 'tokens' | 'signInMs'>> {
  if (job.measureMs <= 0) {
    // A sign-in-only run.
    return { latencies: [], badgeLatencies: [], errors: 0, measuredMs: 0, thread: null };
  }
  let watch = null as ReturnType<typeof watchThread> | null;
  setTimeout(() => {
    watch = watchThread();
  }, job.warmupMs).unref();
  const latencies: number[] = [];
  const badgeLatencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const stopAt = measureFrom + job.measureMs;
  const inFlight = new Set<Promise<void>>();
  await new Promise<void>((done) => {
    let active = job.browsers.length;
    job.browsers.forEach((b, i) => {
      const path = `/owner_api/webpvesc/ajax/station/list/real?stationIds=${b.stationId}&isSimple=false&languageId=1`;
      const badgePath = '/owner_api/webpvesc/ajax/user/badges?systemType=1&languageId=1';
      const tick = () => {
        const t0 = performance.now();
        if (t0 >= stopAt) {
          if (--active === 0) done();
          return;
        }
        const p = request(job.baseUrl, 'GET', path, { token: tokens[i]!, languageid: '1' })
          .then((res) => {
            const ms = performance.now() - t0;
            if (res.status !== 200 || res.json.status !== 0) errors++;
            else if (t0 >= measureFrom) latencies.push(ms);
          })
          .catch(() => {
            errors++;
          });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        if (job.badges) {
          const q = request(job.baseUrl, 'GET', badgePath, { token: tokens[i]!, languageid: '1' })
            .then((res) => {
              const ms = performance.now() - t0;
              if (res.status !== 200 || res.json.status !== 0) errors++;
              else if (t0 >= measureFrom) badgeLatencies.push(ms);
            })
            .catch(() => {
              errors++;
            });
          inFlight.add(q);
          void q.finally(() => inFlight.delete(q));
        }
        const jitter = (Math.random() * 2 - 1) * job.jitterMs;
        setTimeout(tick, job.intervalMs + jitter);
      };
      setTimeout(tick, Math.random() * job.intervalMs);
    });
  });
  await Promise.all(inFlight);
  return { latencies, badgeLatencies, errors, measuredMs: job.measureMs, thread: watch?.stop() ?? null };
}

process.once('message', (job: ClientJob) => {
  void (async () => {
    const t0 = performance.now();
    const tokens = await signInAll(job);
    const signInMs = performance.now() - t0;
    const result: ClientResult = { tokens, signInMs, ...(await poll(job, tokens)) };
    process.send!(result, () => process.exit(0));
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
