import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';

/** PLACEHOLDER (helper B replaces): embedded aedes broker with per-device authentication. */
export async function startEmbeddedBroker(_deps: { db: DbHandle; config: Config; log: FastifyBaseLogger }) {
  return { port: 0, stop: async () => {} };
}
