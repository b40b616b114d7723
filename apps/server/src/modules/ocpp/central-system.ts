/**
 * The OCPP 1.6J central system (issue 22, docs/ocpp.md, decision 0024): WebSocket upgrades of
 * `/ocpp/{identity}` on the platform's own HTTP server, subprotocol `ocpp1.6`, through ocpp-rpc. A charger
 * is admitted only with its identity's HTTP Basic key (security profiles 1 and 2): an unknown identity or a
 * wrong key is answered 401 before the upgrade, so no message of it is ever read. Every call is checked
 * against ocpp-rpc's 1.6J schemas (strict mode): a malformed one is answered with the OCPP CALLERROR
 * (FormationViolation, PropertyConstraintViolation…) and never reaches a handler, so nothing is stored.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Status } from '@ems/contract/status-codes';
import type { FastifyInstance } from 'fastify';
import { createRPCError, RPCServer } from 'ocpp-rpc';
import { deviceRateOf } from '../../config';
import type { AppContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { staticSecurityHeaders } from '../../http/security-headers';
import { countRefusal } from '../../ingest/device-gate';
import { createDeviceRate, type DeviceRate } from '../../ingest/device-rate';
import { verifyDeviceSecret } from '../../ingest/device-secret';
import { findCharger } from './charger-repo';
import { dropConnection, saveConnection } from './commands/repo';
import type { ChargerLinks } from './commands/worker';
import type { ChargerContext } from './context';
import { ocppRefusal } from './gate-mapping';
import { authorize, bootNotification, heartbeat, statusNotification } from './handlers-core';
import { meterValues, startTransaction, stopTransaction } from './handlers-transactions';
import { refuseUpgrade, upgradeIdentity } from './handshake';
import { createSeenBatch } from './seen-batch';

/** The WebSocket subprotocol of OCPP 1.6J. */
export const OCPP16 = 'ocpp1.6';
/** `/ocpp/{identity}`: one path segment after /ocpp (the identity, URL-encoded). */
const OCPP_PATH = /^\/ocpp\/[^/?#]+(?:\?.*)?$/;
/** Largest OCPP frame accepted (bytes): far above any core message, far below ws's 100 MB default. */
const MAX_FRAME_BYTES = 64 * 1024;
/**
 * Calls of one charger waiting or running at once. OCPP 1.6J §4.1.1: a charger sends its next call only
 * once the last is answered, so one is the norm. At this many the node stops reading the charger's socket
 * until one ends (TCP backpressure, as for an MQTT device), and a call already read past it is refused
 * (GenericError) at once: a flooding charger holds at most this many handlers and costs the node only
 * what it reads, however fast it sends (issue 31 item 2).
 */
const MAX_CALLS_IN_FLIGHT = 8;

type Handler = (c: ChargerContext, params: never) => Promise<Record<string, unknown>>;
/** The core profile's calls a charger makes; any other action is answered NotImplemented by ocpp-rpc. */
const HANDLERS: Record<string, Handler> = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  StartTransaction: startTransaction,
  StopTransaction: stopTransaction,
  MeterValues: meterValues,
};

/** True when `request` is an upgrade to the central system's path. */
export function isOcppUpgrade(request: IncomingMessage): boolean {
  return OCPP_PATH.test(request.url ?? '');
}

/** The mounted central system: its ocpp-rpc server and the chargers connected to this process. */
export interface CentralSystem {
  server: RPCServer;
  /** Live clients by device id: what this node's command worker calls (commands/worker.ts). */
  links: ChargerLinks;
  /** The chargers' message rate (the device gate's, DEVICE_RATE_*): calls held back and refused. */
  rate: DeviceRate;
  /** Calls refused since start for a charger's calls in flight past MAX_CALLS_IN_FLIGHT. */
  refusedInFlight(): number;
  /** Times since start the node stopped reading a charger's socket at MAX_CALLS_IN_FLIGHT. */
  readsHeld(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The OCPP central system of this app (buildApp mounts it). */
    centralSystem: CentralSystem;
  }
}

/**
 * Mounts the central system on `app`'s HTTP server (its 'upgrade' event: Fastify handles no upgrades,
 * so this listener is the only one; an upgrade to any other path is refused 404). Closed with the app.
 * Each connected charger is kept in `links` and recorded in ocpp_connections under `ctx.nodeName`, so
 * that a command asked on any node reaches this one (decision 0025).
 */
export function mountCentralSystem(app: FastifyInstance, ctx: AppContext): CentralSystem {
  const server = new RPCServer({
    protocols: [OCPP16],
    strictMode: true,
    callTimeoutMs: 30_000,
    wssOptions: { maxPayload: MAX_FRAME_BYTES },
  });
  const headers = staticSecurityHeaders(ctx.config);
  server.auth(async (accept, _reject, handshake) => {
    // Refused here with the platform's headers (item 6); ocpp-rpc's own reject, called when the socket
    // closes, then finds nothing left to write.
    const reject = (code: number, message: string) =>
      refuseUpgrade(handshake.request.socket as Socket, code, message, headers);
    try {
      if (!handshake.protocols.has(OCPP16)) return reject(400, 'subprotocol ocpp1.6 required');
      const charger = await findCharger(ctx.db, handshake.identity);
      const key = handshake.password;
      // Unknown identity, a charger taken off its site and a wrong key are refused alike.
      if (!charger || charger.stationId === null || !key || !verifyDeviceSecret(key, charger.secretHash)) {
        return reject(401, 'Unauthorized');
      }
      accept({ deviceId: charger.deviceId });
    } catch (err) {
      ctx.log.error({ err }, 'OCPP admission failed');
      reject(503, 'Service Unavailable');
    }
  });
  const links: ChargerLinks = new Map();
  // Each charger's calls pass the device gate's rate, as an MQTT device's messages do: a call past it waits
  // for its turn (its answer is held, and a compliant charger sends nothing meanwhile).
  const rate = createDeviceRate(deviceRateOf(ctx.config));
  let refusedInFlight = 0;
  let readsHeld = 0;
  const seen = createSeenBatch(ctx.db, ctx.log);
  let closing = false;
  server.on('client', (client) => {
    const deviceId = client.session.deviceId as number;
    // One live socket per charger (issue 31 item 3): its new connection replaces the old, as central
    // systems do; the old one's close finds itself replaced and forgets nothing.
    const old = links.get(deviceId);
    links.set(deviceId, client);
    old?.close({ code: 4000, reason: 'replaced by a new connection' }).catch(() => undefined);
    // Connected, the charger shares the site's limit again (issue 34 item 3): its site is recomputed.
    saveConnection(ctx.db, deviceId, ctx.nodeName)
      .then(() => ctx.smartCharging?.chargerChanged(deviceId))
      .catch((err: unknown) =>
        ctx.log.error({ err, identity: client.identity }, 'OCPP connection not recorded'),
      );
    client.once('close', () => {
      // A charger that reconnected here already replaced its entry; at the app's close the worker's stop
      // forgets all of the node's rows at once.
      if (links.get(deviceId) !== client || closing) return;
      links.delete(deviceId);
      // Offline, its share of the site's limit goes to the connected chargers.
      dropConnection(ctx.db, deviceId, ctx.nodeName)
        .then(() => ctx.smartCharging?.chargerChanged(deviceId))
        .catch((err: unknown) =>
          ctx.log.warn({ err, identity: client.identity }, 'OCPP disconnection not recorded'),
        );
    });
    const c: ChargerContext = {
      db: ctx.db,
      log: ctx.log,
      deviceId,
      identity: client.identity,
      heartbeatS: ctx.config.OCPP_HEARTBEAT_S,
      seen,
      smartCharging: ctx.smartCharging,
    };
    let inFlight = 0;
    let gone = false;
    const socket = readableSocket(client);
    client.once('close', () => {
      gone = true;
    });
    for (const [action, handler] of Object.entries(HANDLERS)) {
      client.handle(action, async ({ params }: { params?: unknown }) => {
        if (inFlight >= MAX_CALLS_IN_FLIGHT) {
          refusedInFlight += 1;
          throw createRPCError('GenericError', 'too many calls in flight');
        }
        inFlight += 1;
        if (inFlight >= MAX_CALLS_IN_FLIGHT && socket && !socket.isPaused) {
          socket.pause();
          readsHeld += 1;
        }
        try {
          await rate.admit(`ocpp:${deviceId}`, () => gone || closing);
          return await gated(handler, action, params);
        } finally {
          inFlight -= 1;
          if (socket?.isPaused && !gone) socket.resume();
        }
      });
    }
    client.on('strictValidationFailure', ({ error }: { error: Error }) =>
      ctx.log.info({ identity: c.identity, err: error.message }, 'OCPP call refused by the 1.6J schema'),
    );
    /** One call through the device gate's bounds, then its handler. */
    async function gated(handler: Handler, action: string, params: unknown) {
      // The device-input gate (issue 31): out-of-range input is answered and nothing of it stored.
      const refused = ocppRefusal(action, params);
      if (refused) {
        countRefusal('ocpp', refused);
        ctx.log.info({ identity: c.identity, action, ...refused }, 'OCPP call refused by the device gate');
        throw createRPCError('PropertyConstraintViolation', `${refused.field} out of range`);
      }
      try {
        return await handler(c, params as never);
      } catch (err) {
        // The charger is told no more than that: a database's error text is for the log only.
        ctx.log.error({ err, identity: c.identity, action }, 'OCPP call failed');
        throw createRPCError('InternalError', 'internal error');
      }
    }
  });
  const onUpgrade = (request: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!isOcppUpgrade(request)) return refuseUpgrade(socket, 404, 'not found', headers);
    if (upgradeIdentity(request.url) === null) return refuseUpgrade(socket, 400, 'bad identity', headers);
    server.handleUpgrade(request, socket, head);
  };
  app.server.on('upgrade', onUpgrade);
  // A plain GET of a charger's address (a browser, a misconfigured charger) is told to upgrade. The route is
  // declared public like the sign-in calls; it reads nothing and changes nothing.
  app.get('/ocpp/:identity', { config: { public: true }, schema: { hide: true } }, async () => {
    throw new AppError(Status.ILLEGAL_INPUT, 'ocpp.upgradeRequired', {
      httpStatus: 426,
      headers: { upgrade: 'websocket' },
    });
  });
  app.addHook('onClose', async () => {
    closing = true;
    app.server.off('upgrade', onUpgrade);
    await server.close({ force: true });
    await seen.flush();
    // The node's rows go when its command worker stops (commands/worker.ts), after this.
    links.clear();
  });
  const system = { server, links, rate, refusedInFlight: () => refusedInFlight, readsHeld: () => readsHeld };
  app.decorate('centralSystem', system);
  return system;
}

/** The pause/resume of a charger's WebSocket (ws ≥ 8.7): stops reading its TCP socket, keeps it open. */
interface ReadableSocket {
  pause(): void;
  resume(): void;
  readonly isPaused: boolean;
}

/**
 * The ws WebSocket under an ocpp-rpc server client. ocpp-rpc 2 keeps it in `_ws` and offers no pause of
 * its own; undefined (no backpressure, refusals only) should a later version move it.
 */
function readableSocket(client: object): ReadableSocket | undefined {
  const ws = (client as { _ws?: Partial<ReadableSocket> })._ws;
  return typeof ws?.pause === 'function' && typeof ws.resume === 'function'
    ? (ws as ReadableSocket)
    : undefined;
}
