/**
 * Test util (issue 23): the platform as several stateless server processes behind nginx, on loopback.
 * Given a PostgreSQL database, an MQTT broker and (optionally) Redis, starts N built server processes
 * (test/server-process.ts, the bundle users run) with distinct NODE_NAME and ports, the simulator on
 * the first only, TRUST_PROXY=127.0.0.1, and nginx with deploy/nginx.conf in front of them
 * (test/test-nginx.ts). Used by test/cluster.test.ts and, with E2E_CLUSTER=1, the browser tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../ingest/test-mosquitto';
import { buildServerBundle, type ServerProcess, spawnServer } from './server-process';
import { startTestNginx, type TestNginx } from './test-nginx';

/** What the cluster runs on, and the settings every node gets. */
export interface ClusterOptions {
  databaseUrl: string;
  mqttUrl: string;
  /** Unset: each node counts rate limits alone (what the cluster test shows fails). */
  redisUrl?: string;
  /** Default 2. */
  nodes?: number;
  /** Settings of every node on top of the cluster's own (`undefined` removes one). */
  env?: Record<string, string | undefined>;
  /** Settings of the first node only (the simulator's, say). */
  firstNodeEnv?: Record<string, string | undefined>;
}

/** One server process of the cluster. */
export interface ClusterNode {
  /** NODE_NAME: node-1, node-2, … */
  name: string;
  port: number;
  /** Its own address, bypassing nginx. */
  baseUrl: string;
  /** Its process (the last started; exited once killed), null before the first start. */
  server: ServerProcess | null;
}

/** A running cluster. */
export interface Cluster {
  /** nginx's address: what users open. */
  url: string;
  nodes: ClusterNode[];
  nginx: TestNginx;
  /** Kills node `i` (default SIGKILL, as a crash) and waits for its exit. */
  kill(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts node `i` again on its port and name; resolves once it answers. */
  restart(i: number): Promise<void>;
  /** Every node's output, headed by its name (for failure messages). */
  output(): string;
  /** Stops nginx and every node. */
  stop(): Promise<void>;
}

/**
 * Starts the nodes (all at once, as an orchestrator would) and nginx in front of them.
 * @throws Error with the nodes' output when one does not come up.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const count = opts.nodes ?? 2;
  buildServerBundle();
  const nodes: ClusterNode[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    nodes.push({ name: `node-${i + 1}`, port, baseUrl: `http://127.0.0.1:${port}`, server: null });
  }
  const envOf = (i: number): Record<string, string | undefined> => ({
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    ...opts.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ems-node-')),
    PORT: String(nodes[i]!.port),
    NODE_NAME: nodes[i]!.name,
    DATABASE_URL: opts.databaseUrl,
    MQTT_URL: opts.mqttUrl,
    REDIS_URL: opts.redisUrl,
    TRUST_PROXY: '127.0.0.1',
    ...(i === 0 ? opts.firstNodeEnv : { SIMULATOR: 'off' }),
  });
  const start = async (i: number) => {
    nodes[i]!.server = await spawnServer(envOf(i), 120_000);
  };
  const stopAll = () => Promise.all(nodes.map((n) => n.server?.stop('SIGKILL')));
  const output = () => nodes.map((n) => `--- ${n.name}\n${n.server?.output() ?? '(not running)'}`).join('\n');
  /** A first start on a new port when the chosen one was taken before the node bound it. */
  const firstStart = async (i: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await start(i);
      } catch (err) {
        // freePort's port is free when asked, but another test's outgoing connection may get it as its
        // ephemeral port before the node listens (EADDRINUSE in a full run).
        if (attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
        const port = await freePort();
        nodes[i] = { ...nodes[i]!, port, baseUrl: `http://127.0.0.1:${port}`, server: null };
      }
    }
  };
  const started = await Promise.allSettled(nodes.map((_, i) => firstStart(i)));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  const nginx = await startTestNginx(nodes.map((n) => n.port));
  return {
    url: nginx.url,
    nodes,
    nginx,
    kill: async (i, signal = 'SIGKILL') => {
      await nodes[i]!.server?.stop(signal);
    },
    restart: (i) => start(i),
    output,
    stop: async () => {
      await nginx.dispose();
      await Promise.all(nodes.map((n) => n.server?.stop('SIGTERM')));
    },
  };
}
