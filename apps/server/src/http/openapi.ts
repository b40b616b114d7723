/**
 * Generates the OpenAPI document from the routes' zod schemas (the same schemas that validate requests),
 * as served at /owner_api/openapi.json. `npm run openapi` writes it to docs/api/openapi.json.
 */

import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { createJobQueue } from '../jobs/queue';
import { createAuthService } from '../modules/auth/service';
import { buildApp } from './app';

/** The OpenAPI document as pretty-printed JSON (stable key order as registered). */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({ SIMULATOR: 'off', LOG_LEVEL: 'silent' });
  const db = await openDb({ dataDir: 'memory://' });
  const auth = createAuthService({ db, config });
  const app = await buildApp(
    { config, db, authenticate: auth.authenticate, queue: createJobQueue(db) },
    { logger: false },
  );
  await app.ready();
  const doc = JSON.stringify(app.swagger(), null, 2);
  await app.close();
  await db.close();
  return `${doc}\n`;
}
