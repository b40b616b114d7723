/**
 * Authentication and topic authorisation of the embedded broker (docs/device-protocol.md): a device logs in
 * with username = serial number, password = its secret, and client id = serial number; it may publish only
 * on its own telemetry, status and command/ack topics and subscribe only to its own command topic (a gateway
 * also on those of the devices on its own site, gateway-devices.ts). One
 * privileged internal client (the ingest) uses credentials generated in memory at broker start.
 */
import { timingSafeEqual } from 'node:crypto';
import { deviceTopicKind, topicSerial, topics } from '@ems/contract/telemetry';
import type { AuthenticateError, Client, PublishPacket, Subscription } from 'aedes';
import type { DbHandle } from '../db/client';
import { verifyDeviceSecret } from './device-secret';
import { createGatewayAcl } from './gateway-devices';

/** Username and password of the broker's privileged internal client. */
export interface InternalCredentials {
  username: string;
  password: string;
}

type Identity = { kind: 'internal' } | { kind: 'device'; sn: string };

/** How long a device's secret hash is trusted before it is read again (a rotated secret takes ≤ this). */
const KNOWN_TTL_MS = 30_000;
/** Unknown serial numbers are re-read this soon, so a newly added device connects without a restart. */
const UNKNOWN_TTL_MS = 3_000;
const CACHE_MAX = 100_000;

/** MQTT 3.1.1 CONNACK codes (aedes' AuthErrorCode is an ambient const enum, unusable here). */
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refused(code: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code as AuthenticateError['returnCode'] });
}

function sameSecret(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function denied(): Error {
  return new Error('publish not allowed on this topic');
}

function mayPublish(who: Identity | undefined, client: Client | null, topic: string): boolean {
  if (who?.kind === 'internal') return true;
  if (who?.kind === 'device') {
    const kind = deviceTopicKind(topic, who.sn);
    return (
      kind === 'telemetry' ||
      kind === 'status' ||
      kind === 'alarm' ||
      kind === 'commandAck' ||
      kind === 'gatewayDevices'
    );
  }
  // client === null: the will of a client that was connected to another broker node; only status wills exist.
  if (client) return false;
  const sn = topicSerial(topic);
  return sn !== undefined && topic === topics.status(sn);
}

/**
 * Takes an authorised publish in-process before aedes acknowledges it (aedes 1.x sends a QoS 1 PUBACK
 * right after authorizePublish, before routing): a returned promise holds the PUBACK until it settles
 * (resolved: acknowledged; rejected: the connection is closed and the device resends). Undefined: go on.
 * `qos` is the publish's QoS (0, 1 or 2; undefined where the transport does not say: treated as 1).
 */
export type PublishInterceptor = (topic: string, payload: Buffer, qos?: number) => undefined | Promise<void>;

/**
 * The aedes hooks bound to one database and one set of internal credentials; `intercept` sees every
 * authorised publish (the embedded ingest, docs/decisions/0011-acknowledge-after-commit.md).
 */
export function createBrokerAuth(
  db: DbHandle,
  internal: InternalCredentials,
  intercept?: PublishInterceptor,
) {
  const identities = new WeakMap<Client, Identity>();
  const cache = new Map<string, { hash: string | null; at: number }>();
  const internalPassword = Buffer.from(internal.password);
  const gateways = createGatewayAcl(db);

  /**
   * A gateway (issue 32) may publish a device's telemetry, alarms and command answers, and take its
   * commands, when the device is on the gateway's own site. The SN of `topic` when that is the case.
   */
  async function childTopic(who: Identity | undefined, topic: string, kinds: readonly string[]) {
    if (who?.kind !== 'device') return undefined;
    const sn = topicSerial(topic);
    if (sn === undefined || sn === who.sn) return undefined;
    const kind = deviceTopicKind(topic, sn);
    if (!kind || !kinds.includes(kind)) return undefined;
    return (await gateways.mayActFor(who.sn, sn)) ? sn : undefined;
  }

  async function secretHashOf(sn: string): Promise<string | null> {
    const hit = cache.get(sn);
    const now = Date.now();
    if (hit && now - hit.at < (hit.hash ? KNOWN_TTL_MS : UNKNOWN_TTL_MS)) return hit.hash;
    let res: { rows: { secret_hash: string }[] };
    try {
      res = await db.query<{ secret_hash: string }>(
        // An OCPP charger's key is for its WebSocket only (devices.protocol).
        "SELECT secret_hash FROM devices WHERE serial_number = $1 AND protocol = 'mqtt'",
        [sn],
      );
    } catch (err) {
      // Database unreachable: known devices keep logging in with the secret last read.
      if (hit?.hash) return hit.hash;
      throw err;
    }
    const hash = res.rows[0]?.secret_hash ?? null;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(sn, { hash, at: now });
    return hash;
  }

  async function identify(client: Client, username?: string, password?: Buffer): Promise<Identity> {
    if (!username || !password) throw refused(BAD_USERNAME_OR_PASSWORD, 'username and password required');
    if (username === internal.username) {
      if (!sameSecret(password, internalPassword)) throw refused(BAD_USERNAME_OR_PASSWORD, 'bad credentials');
      return { kind: 'internal' };
    }
    const hash = await secretHashOf(username);
    if (!hash || !verifyDeviceSecret(password, hash)) {
      throw refused(BAD_USERNAME_OR_PASSWORD, 'bad credentials');
    }
    // Another client id would let one device take over (disconnect) another device's session.
    if (client.id !== username) throw refused(NOT_AUTHORIZED, 'client id must be the serial number');
    return { kind: 'device', sn: username };
  }

  return {
    authenticate(
      client: Client,
      username: Readonly<string | undefined>,
      password: Readonly<Buffer | undefined>,
      done: (error: AuthenticateError | null, success: boolean | null) => void,
    ): void {
      identify(client, username, password).then(
        (identity) => {
          identities.set(client, identity);
          done(null, true);
        },
        (err: unknown) =>
          done(
            err instanceof Error && 'returnCode' in err
              ? (err as AuthenticateError)
              : refused(NOT_AUTHORIZED, 'authentication unavailable'),
            false,
          ),
      );
    },

    authorizePublish(
      client: Client | null,
      packet: PublishPacket,
      done: (error?: Error | null) => void,
    ): void {
      const who = client ? identities.get(client) : undefined;
      const pass = () => {
        const held = intercept?.(packet.topic, packet.payload as Buffer, packet.qos);
        if (!held) {
          done(null);
          return;
        }
        held.then(
          () => {
            // The gateway's announcement may have added devices it publishes for next.
            if (who?.kind === 'device' && deviceTopicKind(packet.topic, who.sn) === 'gatewayDevices')
              gateways.forget(who.sn);
            done(null);
          },
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
        );
      };
      if (mayPublish(who, client, packet.topic)) {
        pass();
        return;
      }
      childTopic(who, packet.topic, ['telemetry', 'alarm', 'commandAck']).then(
        (sn) => (sn ? pass() : done(denied())),
        () => done(denied()),
      );
    },

    authorizeSubscribe(
      client: Client,
      sub: Subscription,
      done: (error: Error | null, subscription?: Subscription | null) => void,
    ): void {
      const who = identities.get(client);
      const allowed =
        who?.kind === 'internal' || (who?.kind === 'device' && sub.topic === topics.command(who.sn));
      if (allowed) {
        done(null, sub);
        return;
      }
      // null: refused with SUBACK 0x80, the connection stays up
      // A gateway reads its device's confirmation only while it may act for the device (issue 32).
      childTopic(who, sub.topic, ['command', 'gatewayConfirmed']).then(
        (sn) => done(null, sn ? sub : null),
        () => done(null, null),
      );
    },
  };
}
