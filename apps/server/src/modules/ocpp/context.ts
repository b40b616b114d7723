import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { SeenBatch } from './seen-batch';
import type { SmartCharging } from './smart-charging/runtime';

/** What a handler of one connected charger gets: the database, a logger, the charger and the interval. */
export interface ChargerContext {
  db: DbHandle;
  log: FastifyBaseLogger;
  /** The charger's devices.id, fixed for the connection (its site is read at each use: it may move). */
  deviceId: number;
  identity: string;
  /** Heartbeat interval told at boot (config OCPP_HEARTBEAT_S). */
  heartbeatS: number;
  /** Heartbeats of this process's chargers, written together. */
  seen: SeenBatch;
  /** Smart charging's hooks (issue 22 item 5); absent when the app sends no charger calls. */
  smartCharging?: SmartCharging;
}
