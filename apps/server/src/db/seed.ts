import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from './client';

/** PLACEHOLDER (helper A replaces): idempotent seed of reference data, demo owner and administrator. */
export async function seed(_db: DbHandle, _config: Config, _log: FastifyBaseLogger): Promise<void> {}
