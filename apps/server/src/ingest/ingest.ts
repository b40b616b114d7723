import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';

/** PLACEHOLDER (helper B replaces): MQTT subscriber feeding the batch writer. */
export async function startIngest(_deps: {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  mqttUrl: string;
}) {
  return { stop: async () => {} };
}
