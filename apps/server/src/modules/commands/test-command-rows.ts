/**
 * Test util: a command row written straight into device_commands (as if a set call had recorded it and
 * the dispatcher moved it on), for tests of what happens after: answers (ack-batch) and reports
 * (report-batch).
 */
import { randomUUID } from 'node:crypto';
import type { DeviceParamsPatch } from '@ems/contract/api/device-params';
import type { DbHandle } from '../../db/client';
import type { TestDevice } from '../../ingest/test-ingest';

/** Inserts a command of `device` on site `stationId` in `state` asking `params`; @returns its id. */
export async function insertCommandRow(
  db: DbHandle,
  device: TestDevice,
  stationId: number,
  state: 'queued' | 'sent' | 'applied',
  params: DeviceParamsPatch,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO device_commands (id, device_id, station_id, device_name, serial_number, user_name, params,
       before, state, expires_at, sent_at, acked_at)
     VALUES ($1, $2, $3, 'Inverter', $4, 'owner', $5, '{}', $6, now() + interval '1 day',
       CASE WHEN $6 <> 'queued' THEN now() END, CASE WHEN $6 = 'applied' THEN now() END)`,
    [id, device.id, stationId, device.sn, JSON.stringify(params), state],
  );
  return id;
}
