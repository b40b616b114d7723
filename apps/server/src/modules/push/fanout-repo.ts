/** SQL of the alarm push fan-out (fanout.ts). */
import { FLAP_DIGEST_S } from '@ems/contract/api/push';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import type { Tx } from '../mail/outbox';
import type { PushMessage } from './channel';
import { flapKey, type RuleForMatch } from './fanout-plan';

/** An alarm event waiting to be fanned out. */
export interface PeekedEvent {
  id: number;
  alarmId: number;
  event: 'raised' | 'cleared';
}

/** The oldest `limit` events, read without taking them. */
export async function peekAlarmEvents(db: DbHandle, limit: number): Promise<PeekedEvent[]> {
  const res = await db.query<PeekedEvent>(
    `SELECT id::int AS id, alarm_id::bigint AS "alarmId", event FROM alarm_push_events ORDER BY id LIMIT $1`,
    [limit],
  );
  return res.rows.map((r) => ({ ...r, id: Number(r.id), alarmId: Number(r.alarmId) }));
}

/** An event with its alarm, site and device. */
export interface AlarmEventRow {
  eventId: number;
  alarmId: number;
  event: 'raised' | 'cleared';
  stationId: number;
  stationName: string;
  timeZone: string;
  deviceId: number | null;
  deviceName: string | null;
  code: string;
  level: number;
  desc: string;
  catalog: string | null;
  source: string;
  startedAt: Date;
  clearedAt: Date | null;
}

/** The alarms of `events` (events of deleted alarms are gone with them). */
export async function loadEventAlarms(
  db: DbHandle,
  events: readonly PeekedEvent[],
): Promise<AlarmEventRow[]> {
  const res = await db.query<Omit<AlarmEventRow, 'eventId' | 'event'> & { alarmId: string }>(
    `SELECT a.id AS "alarmId", a.station_id AS "stationId", s.name AS "stationName", s.time_zone AS "timeZone",
            a.device_id AS "deviceId", d.name AS "deviceName", a.alarm_code AS code, a.alarm_level AS level,
            a.alarm_desc AS desc, a.catalog, a.source, a.started_at AS "startedAt", a.cleared_at AS "clearedAt"
     FROM alarms a JOIN stations s ON s.id = a.station_id LEFT JOIN devices d ON d.id = a.device_id
     WHERE a.id = ANY($1::bigint[])`,
    [events.map((e) => e.alarmId)],
  );
  const byId = new Map(res.rows.map((r) => [Number(r.alarmId), r]));
  return events.flatMap((e) => {
    const a = byId.get(e.alarmId);
    return a
      ? [{ ...a, alarmId: e.alarmId, eventId: e.id, event: e.event, startedAt: new Date(a.startedAt) }]
      : [];
  });
}

/** An alarm rule with what its user sees among the events' sites, and where its messages go. */
export interface AlarmRuleRow extends RuleForMatch {
  channels: string[];
  receiveLanguageId: number;
  mailboxIds: number[];
  /** The user's time zone (quiet hours). */
  timeZone: string;
  /** Which of the asked stations the rule's user may view (owner, accepted share, administrator). */
  sees: number[];
}

/** Enabled alarm rules of every active user who may view one of `stationIds`. */
export async function loadAlarmRules(db: DbHandle, stationIds: readonly number[]): Promise<AlarmRuleRow[]> {
  const res = await db.query<AlarmRuleRow>(
    `WITH viewers AS (
       SELECT s.id AS station_id, s.owner_id AS user_id FROM stations s WHERE s.id = ANY($1::int[])
       UNION SELECT sh.station_id, sh.viewer_id FROM station_shares sh
         WHERE sh.station_id = ANY($1::int[]) AND sh.status = 2
       UNION SELECT st, u.id FROM users u CROSS JOIN unnest($1::int[]) AS st WHERE 'admin' = ANY(u.roles)
     )
     SELECT r.id, r.user_id AS "userId", r.station_ids AS "stationIds", r.device_ids AS "deviceIds",
            r.alarm_levels AS "alarmLevels", r.notify_cleared AS "notifyCleared", r.quiet_from AS "quietFrom",
            r.quiet_to AS "quietTo", r.channels, r.receive_language_id AS "receiveLanguageId",
            r.mailbox_ids AS "mailboxIds", u.time_zone AS "timeZone", array_agg(v.station_id) AS sees
     FROM push_rules r JOIN users u ON u.id = r.user_id AND NOT u.disabled
     JOIN viewers v ON v.user_id = r.user_id
     WHERE r.kind = 'alarm' AND r.enabled
     GROUP BY r.id, u.time_zone ORDER BY r.id`,
    [stationIds],
  );
  return res.rows;
}

/**
 * Flap keys (device, code, channel, recipient) that had a message or a digest within FLAP_DIGEST_S
 * before `now`, among `deviceIds`.
 */
export async function recentFlapKeys(
  db: DbHandle,
  deviceIds: readonly number[],
  now: Date,
): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const res = await db.query<{ deviceId: number | null; code: string; channel: string; recipient: string }>(
    `SELECT a.device_id AS "deviceId", a.alarm_code AS code, d.channel, d.recipient
     FROM push_deliveries d JOIN alarms a ON a.id = d.alarm_id
     WHERE a.device_id = ANY($1::int[]) AND d.kind IN ('alarm', 'digest')
       AND (d.kind = 'digest' OR d.status <> 'suppressed')
       AND d.created_at > $2::timestamptz - make_interval(secs => $3)`,
    [deviceIds, now.toISOString(), FLAP_DIGEST_S],
  );
  return new Set(res.rows.map((r) => flapKey(r.deviceId, r.code, r.channel, r.recipient)));
}

/** How often `code` of `deviceId` was raised in the flap window starting at `window` (epoch s). */
export async function countFlaps(
  db: DbHandle,
  deviceId: number | null,
  code: string,
  window: number,
): Promise<number> {
  const res = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alarms
     WHERE device_id IS NOT DISTINCT FROM $1 AND alarm_code = $2
       AND started_at >= to_timestamp($3) AND started_at < to_timestamp($3 + $4)`,
    [deviceId, code, window, FLAP_DIGEST_S],
  );
  return res.rows[0]?.n ?? 0;
}

/** A delivery to write. */
export interface NewDelivery {
  eventId: number;
  dedupeKey: string;
  userId: number;
  ruleId: number;
  kind: string;
  channel: string;
  recipient: string;
  stationId: number;
  alarmId: number;
  message: PushMessage;
  /** Written as suppressed with this reason (no job). */
  suppressed?: string;
  /** A digest: a later flap of the window renews its message (its count) while it waits. */
  updateMessage?: boolean;
  startAfter?: Date;
}

/** The columns of push_deliveries a planned delivery fills, as jsonb_to_recordset reads them. */
const DELIVERY_RECORD = sql.raw(`x(dedupe_key text, user_id int, rule_id int, kind text, channel text,
  recipient text, status text, reason text, station_id int, alarm_id bigint, message jsonb)`);

/** Writes `rows` in one statement. @returns the id of each row written or renewed, and whether it is new. */
async function writeRows(
  tx: Tx,
  rows: readonly NewDelivery[],
  renew: boolean,
): Promise<Map<string, { id: number; inserted: boolean }>> {
  if (rows.length === 0) return new Map();
  const records = rows.map((d) => ({
    dedupe_key: d.dedupeKey,
    user_id: d.userId,
    rule_id: d.ruleId,
    kind: d.kind,
    channel: d.channel,
    recipient: d.recipient,
    status: d.suppressed ? 'suppressed' : 'queued',
    reason: d.suppressed ?? null,
    station_id: d.stationId,
    alarm_id: d.alarmId,
    message: d.message,
  }));
  const onConflict = renew
    ? sql`ON CONFLICT (dedupe_key) DO UPDATE SET message = EXCLUDED.message WHERE push_deliveries.status = 'queued'`
    : sql`ON CONFLICT (dedupe_key) DO NOTHING`;
  const res = await tx.execute<{ id: string; key: string; inserted: boolean }>(
    sql`INSERT INTO push_deliveries (dedupe_key, user_id, rule_id, kind, channel, recipient, status, reason,
          station_id, alarm_id, message)
        SELECT dedupe_key, user_id, rule_id, kind, channel, recipient, status, reason, station_id, alarm_id,
          message
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS ${DELIVERY_RECORD}
        ${onConflict} RETURNING id, dedupe_key AS key, (xmax = 0) AS inserted`,
  );
  return new Map(res.rows.map((r) => [r.key, { id: Number(r.id), inserted: r.inserted }]));
}

/**
 * Takes `eventIds` (those another process took first are skipped) and writes the deliveries planned for
 * the taken ones, each once by its dedupe key, in one statement per conflict rule (a planned row whose
 * key is in the log already is left alone; a digest's renews the waiting digest's message). @returns how
 * many events were taken, the new deliveries to send (id and plan), and the channels of those written
 * suppressed.
 */
export async function insertDeliveries(
  tx: Tx,
  eventIds: readonly number[],
  planned: readonly NewDelivery[],
): Promise<{ events: number; queued: { id: number; delivery: NewDelivery }[]; suppressed: string[] }> {
  const taken = await tx.execute<{ id: string }>(
    sql`DELETE FROM alarm_push_events WHERE id = ANY(${`{${eventIds.join(',')}}`}::bigint[]) RETURNING id`,
  );
  const mine = new Set(taken.rows.map((r) => Number(r.id)));
  // One row per key, as rows written one after another would leave: the first planned row, with the
  // message of the last when a later one renews it (a digest planned twice in one run).
  const once = new Map<string, NewDelivery>();
  for (const d of planned) {
    if (!mine.has(d.eventId)) continue;
    const first = once.get(d.dedupeKey);
    if (!first) once.set(d.dedupeKey, d);
    else if (d.updateMessage) once.set(d.dedupeKey, { ...first, message: d.message });
  }
  const rows = [...once.values()];
  const written = new Map([
    ...(await writeRows(
      tx,
      rows.filter((d) => !d.updateMessage),
      false,
    )),
    ...(await writeRows(
      tx,
      rows.filter((d) => d.updateMessage),
      true,
    )),
  ]);
  const queued: { id: number; delivery: NewDelivery }[] = [];
  const suppressed: string[] = [];
  for (const d of rows) {
    const row = written.get(d.dedupeKey);
    if (row?.inserted && d.suppressed) suppressed.push(d.channel);
    if (row?.inserted && !d.suppressed) queued.push({ id: row.id, delivery: d });
  }
  return { events: mine.size, queued, suppressed };
}
