import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';

/** PLACEHOLDER (helper B replaces): demo fleet publishing over MQTT. */
export async function startSimulator(_deps: {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  mqttUrl: string;
}) {
  return { stop: async () => {} };
}
