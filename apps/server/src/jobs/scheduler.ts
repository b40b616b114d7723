import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';

/** PLACEHOLDER (helper B replaces): periodic jobs. */
export function startJobs(_deps: { db: DbHandle; config: Config; log: FastifyBaseLogger }) {
  return { stop: () => {} };
}
