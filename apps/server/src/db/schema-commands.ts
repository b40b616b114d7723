/**
 * Tables of remote settings (issue 21, docs/commands.md): every command asked of a device (the audit
 * record: who, from where, what, the values before, each state's time), and the parameters each device
 * last reported. Exported through schema.ts.
 *
 * A command is kept when its device is deleted (device_id is not a foreign key, the device's name and
 * serial number are copied) and goes with its site (station_id cascades): the audit lives as long as
 * the site. One command per device is in flight: the partial unique index on sent commands makes that a
 * database rule across server processes.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices, stations, users } from './schema';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A command to a device (contract device-commands.ts: states, CommandRow). */
export const deviceCommands = pgTable(
  'device_commands',
  {
    /** Travels to the device: it applies an id at most once. */
    id: uuid('id').primaryKey(),
    deviceId: integer('device_id').notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deviceName: text('device_name').notNull(),
    serialNumber: text('serial_number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Login name of who asked, kept when the account goes. */
    userName: text('user_name').notNull(),
    /** Address the request came from. */
    ip: text('ip'),
    /** The values written (only those that differed from the device's). */
    params: jsonb('params').notNull(),
    /** The device's reported values of those parameters when asked (null where never reported). */
    before: jsonb('before').notNull(),
    /** queued | sent | applied | failed | timedOut | expired | verified */
    state: text('state').notNull(),
    reason: text('reason'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    ackedAt: tz('acked_at'),
    verifiedAt: tz('verified_at'),
    /** When it timed out or expired. */
    endedAt: tz('ended_at'),
    /** A queued command not sent by then expires. */
    expiresAt: tz('expires_at').notNull(),
    /** Times it was published (a retry after a failed publish republishes the same id). */
    sends: integer('sends').notNull().default(0),
  },
  (t) => [
    index('device_commands_device').on(t.deviceId, t.createdAt),
    index('device_commands_station').on(t.stationId),
    uniqueIndex('device_commands_one_in_flight').on(t.deviceId).where(sql`state = 'sent'`),
    index('device_commands_open')
      .on(t.state, t.deviceId)
      .where(sql`state IN ('queued', 'sent', 'applied', 'timedOut')`),
  ],
);

/** The parameters a device last reported in its telemetry (contract paramsFromPoints). */
export const deviceParams = pgTable('device_params', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  values: jsonb('values').notNull(),
  /** The newest sample's time that reported them. */
  reportedAt: tz('reported_at').notNull(),
  receivedAt: tz('received_at').notNull().defaultNow(),
});
