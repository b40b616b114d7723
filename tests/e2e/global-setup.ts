import type { FullConfig } from '@playwright/test';
import { startServer } from './server';

/** One server for the whole run; its URL reaches the tests through E2E_BASE_URL. */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  };
}
