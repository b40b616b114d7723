/**
 * OCPP 1.6 core profile, the charger's own state (issue 22 item 2): BootNotification, Heartbeat,
 * StatusNotification and Authorize. Params arrive already validated against the 1.6J schema (strict
 * mode, central-system.ts); each handler answers the .conf payload.
 */
import { applyDeviceEvents, clearCommLoss, type DeviceAlarmEvent } from '../alarms/engine';
import {
  activeErrorCodes,
  type BootInfo,
  refreshLiveStatus,
  saveBoot,
  saveConnectorStatus,
  touchSeen,
} from './charger-repo';
import type { ChargerContext } from './context';
import { idTagStatus } from './id-tags-repo';

/** The charger's clock when it gives a time, else now (OCPP makes most timestamps optional). */
export function timeOf(ts: string | undefined): Date {
  const d = ts ? new Date(ts) : new Date();
  return Number.isNaN(d.getTime()) ? new Date() : d;
}

/** BootNotification: vendor, model and firmware into the device record; Accepted with the heartbeat interval. */
export async function bootNotification(c: ChargerContext, params: BootInfo) {
  await saveBoot(c.db, c.deviceId, params);
  await heardFrom(c);
  // A charger that boots may have lost its site-limit profile: it gets it again (smart charging).
  await c.smartCharging?.chargerChanged(c.deviceId, true);
  return { status: 'Accepted', currentTime: new Date().toISOString(), interval: c.heartbeatS };
}

/** Heartbeat: last seen now (online, within SEEN_EVERY_MS), and the central system's time. */
export async function heartbeat(c: ChargerContext) {
  // Written with the other chargers' heartbeats within a second (seen-batch.ts), not before the answer.
  c.seen.add(c.deviceId);
  return { currentTime: new Date().toISOString() };
}

/** Marks the charger online and ends its communication-loss alarm, as data does for MQTT devices. */
async function heardFrom(c: ChargerContext): Promise<void> {
  await touchSeen(c.db, c.deviceId);
  await clearCommLoss(c.db, [c.deviceId]);
}

/** StatusNotification.req. */
interface StatusParams {
  connectorId: number;
  errorCode: string;
  info?: string;
  status: string;
  timestamp?: string;
  vendorErrorCode?: string;
}

/**
 * StatusNotification: the connector's status into charger_connectors and the live ConnectorStatus; an
 * errorCode other than NoError raises the catalogue's alarm (family ocpp16) at the notification's time,
 * once however often it is repeated, and it clears when no connector reports that code any more.
 */
export async function statusNotification(c: ChargerContext, p: StatusParams) {
  const statusAt = timeOf(p.timestamp);
  await touchSeen(c.db, c.deviceId);
  const { applied, previousError } = await saveConnectorStatus(c.db, c.deviceId, {
    connectorId: p.connectorId,
    status: p.status,
    errorCode: p.errorCode,
    info: p.info ?? null,
    vendorErrorCode: p.vendorErrorCode ?? null,
    statusAt,
  });
  if (!applied) return {};
  await refreshLiveStatus(c.db, c.deviceId);
  const active = await activeErrorCodes(c.db, c.deviceId);
  const events: DeviceAlarmEvent[] = [];
  if (p.errorCode !== 'NoError')
    events.push({ deviceId: c.deviceId, code: p.errorCode, active: true, ts: statusAt });
  if (previousError && previousError !== 'NoError' && !active.has(previousError)) {
    events.push({ deviceId: c.deviceId, code: previousError, active: false, ts: statusAt });
  }
  await applyDeviceEvents(c.db, events);
  return {};
}

/** Authorize: Accepted for an id tag of the charger's site, else Invalid. */
export async function authorize(c: ChargerContext, p: { idTag: string }) {
  return { idTagInfo: { status: await idTagStatus(c.db, c.deviceId, p.idTag) } };
}
