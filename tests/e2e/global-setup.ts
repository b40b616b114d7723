import { mkdirSync, writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { startCluster } from '../../apps/server/src/test/cluster';
import { e2eServerEnv, freshPostgres, startServer } from './server';

/**
 * One server for the whole run; its URL reaches the tests through E2E_BASE_URL. With E2E_CLUSTER=1
 * (and DATABASE_URL, MQTT_URL, REDIS_URL) two server processes behind nginx instead (issue 23,
 * apps/server/src/test/cluster.ts), and E2E_BASE_URL is nginx's.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.E2E_CLUSTER === '1') {
    const { DATABASE_URL, MQTT_URL, REDIS_URL } = process.env;
    if (!DATABASE_URL || !MQTT_URL || !REDIS_URL) {
      throw new Error('E2E_CLUSTER=1 needs DATABASE_URL, MQTT_URL and REDIS_URL');
    }
    const cluster = await startCluster({
      databaseUrl: await freshPostgres(DATABASE_URL),
      mqttUrl: MQTT_URL,
      redisUrl: REDIS_URL,
      env: e2eServerEnv(),
    });
    process.env.E2E_BASE_URL = cluster.url;
    return async () => {
      reportServerLog(cluster.output());
      await cluster.stop();
    };
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    reportServerLog(server.output());
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  };
}

/**
 * What the server logged at warn level or above (LOG_LEVEL=warn) goes to test-results/server.log, and
 * its last errors and held event loops to the run's output (not the warnings: the mail specs' unknown
 * SMTP hosts fill those): a browser test that waited in vain for an answer is explained there.
 */
function reportServerLog(output: string): void {
  const lines = output.split('\n').filter((l) => l.trim());
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/server.log', `${lines.join('\n')}\n`);
  const errors = lines.filter((l) => /"level":(5|6)0|event loop held/.test(l));
  console.log(
    `\nserver log: ${lines.length} lines at warn or above, ${errors.length} errors or held event loops (test-results/server.log)`,
  );
  for (const l of errors.slice(-15)) console.log(`  ${l.slice(0, 400)}`);
}
