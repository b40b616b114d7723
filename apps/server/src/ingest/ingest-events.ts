/**
 * A known device's messages other than telemetry (docs/device-protocol.md): alarm events (issue 9, through
 * the device gate's time window, acknowledged once committed), status (logged; online/offline itself is
 * derived from device_latest.last_seen_at) and a gateway's announcement of the devices it reads (issue 32).
 * What is dropped is counted and logged (rate limited), never thrown.
 */
import { DEVICE_LIMITS, StatusPayloadSchema } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/client';
import { type AlarmQueue, parseAlarmPayload } from '../modules/alarms/alarm-queue';
import type { KnownDevice } from './device-directory';
import { countRefusal, timeRefusal } from './device-gate';
import { acceptGatewayDevices } from './gateway-devices';
import type { CommandHooks, IngestLog } from './ingest-types';

/** What the event handlers work with. */
export interface EventDeps {
  db: DbHandle;
  log: FastifyBaseLogger;
  alarms: AlarmQueue;
  commands?: CommandHooks;
  /** Per kind of trouble, every 10 s at most. */
  warn: IngestLog;
  /** Per kind, every 10 s at most, at info level. */
  notice: IngestLog;
  /** Publishes a gateway's device confirmations (IngestOptions.confirmGatewayDevices). */
  confirmGatewayDevices?(gatewaySn: string, sns: readonly string[]): Promise<void>;
}

/**
 * How long an announcement's acknowledgement waits for its confirmations to reach the broker: an external
 * broker that is away must not hold the gateway's other events; the gateway announces again meanwhile.
 */
const CONFIRM_WAIT_MS = 10_000;

/** The handlers of a known device's events. */
export interface EventHandlers {
  /** A device's alarm events; the promise of their commit, or undefined when dropped. */
  acceptAlarm(device: KnownDevice, sn: string, payload: Buffer): Promise<void> | undefined;
  /** A device's status message. */
  onStatus(device: KnownDevice, sn: string, payload: Buffer): void;
  /** A gateway's announcement: creates the devices it names on its site (gateway-devices.ts). */
  onGatewayDevices(sn: string, payload: Buffer): Promise<void>;
}

/** Creates the event handlers of `deps`. */
export function createEventHandlers(deps: EventDeps): EventHandlers {
  const { db, log, alarms, commands, warn, notice, confirmGatewayDevices } = deps;

  function acceptAlarm(device: KnownDevice, sn: string, payload: Buffer): Promise<void> | undefined {
    const events =
      payload.length <= DEVICE_LIMITS.maxPacketBytes ? parseAlarmPayload(device.id, payload) : null;
    // The gate's time window (device-gate.ts): an alarm dated 0001 or 9999 is refused whole and counted.
    const refused = events?.map((e) => timeRefusal('ts', e.ts)).find((r) => r !== null);
    if (refused) {
      countRefusal(device.viaGateway ? 'gateway' : 'mqtt', refused);
      alarms.invalid();
      warn('clock', { sn }, 'alarm event with an impossible timestamp dropped');
      return;
    }
    if (!events) {
      alarms.invalid();
      warn('alarm', { sn }, 'alarm message does not match the schema');
      return;
    }
    return alarms.add(events);
  }

  function onGatewayDevices(sn: string, payload: Buffer): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      body = null;
    }
    return acceptGatewayDevices(db, sn, body).then(
      async (outcomes) => {
        const created = [...outcomes].filter(([, o]) => o === 'created').map(([child]) => child);
        if (created.length > 0) notice(`gateway:${sn}`, { sn, created }, 'gateway devices created');
        // The gateway holds a device's data until confirmed: a broker that acknowledges and then drops it
        // (Mosquitto's static ACL before it lists the device) would otherwise lose it.
        const onSite = [...outcomes].filter(([, o]) => o === 'created' || o === 'present').map(([c]) => c);
        if (onSite.length > 0 && confirmGatewayDevices) await confirmWithin(sn, onSite);
      },
      (err: unknown) => warn('gateway', { sn, err }, 'gateway announcement failed'),
    );
  }

  async function confirmWithin(sn: string, sns: string[]): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('broker did not take the confirmations')), CONFIRM_WAIT_MS);
    });
    try {
      await Promise.race([confirmGatewayDevices!(sn, sns), late]);
    } catch (err) {
      warn('gateway-confirm', { sn, err }, 'gateway device confirmations not published');
    } finally {
      clearTimeout(timer);
    }
  }

  function onStatus(device: KnownDevice, sn: string, payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      body = null;
    }
    const parsed = StatusPayloadSchema.safeParse(body);
    if (!parsed.success) return void warn('status', { sn }, 'status message does not match the schema');
    if (parsed.data.online) log.debug({ sn }, 'device online');
    else notice('offline', { sn }, 'device reported offline');
    commands?.seen(device, sn, parsed.data.online);
  }

  return { acceptAlarm, onStatus, onGatewayDevices };
}
