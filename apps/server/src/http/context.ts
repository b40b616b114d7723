import { TOKEN_HEADER } from '@ems/contract/constants';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { ChargerSend, ChargerSendMany } from '../modules/ocpp/smart-charging/profiles';
import type { SmartCharging } from '../modules/ocpp/smart-charging/runtime';
import type { SolarCharging } from '../modules/ocpp/solar/runtime';
import type { RateLimits } from '../security/rate-limits';

/** The signed-in caller, resolved from the token header by the auth hook. */
export interface SessionUser {
  userId: number;
  sessionId: number;
  loginName: string;
  roles: string[];
}

/** Resolves a token to its session user; throws AppError (1000 logged out, 21000 invalid) otherwise. */
export type Authenticate = (token: string) => Promise<SessionUser>;

/** What every module's routes receive: configuration, database, logger, authenticator, queue and limits. */
export interface AppContext {
  config: Config;
  db: DbHandle;
  log: FastifyBaseLogger;
  authenticate: Authenticate;
  /** The job queue (jobs/queue.ts): started by main.ts before the server listens. */
  queue: JobQueue;
  /**
   * This server process's name among several (config NODE_NAME, else the host name; main.ts): the node
   * holding an OCPP charger's socket, whose queue gets its commands (decision 0025).
   */
  nodeName: string;
  /** Where the app's rate limits count (memory, or Redis with REDIS_URL); made and closed by buildApp. */
  limits: RateLimits;
  /**
   * How smart charging delivers its OCPP calls to chargers (issue 22 item 5); without it smart charging
   * stores limits but sends nothing and recomputes nothing.
   */
  chargerSend?: ChargerSend;
  /** The same for many calls at once (solar charging's rounds); without it they go one by one through chargerSend. */
  chargerSendMany?: ChargerSendMany;
  /** Smart charging's hooks, made by buildApp when chargerSend is given. */
  smartCharging?: SmartCharging;
  /** Solar charging's controller (issue 33), started by buildApp when chargerSend is given. */
  solarCharging?: SolarCharging;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every non-public API route. */
    user: SessionUser;
  }
}

/** The session token a request sent in the `token` header (spec §7), or undefined. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER];
  return Array.isArray(raw) ? raw[0] : raw;
}
