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
    return () => cluster.stop();
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  };
}
