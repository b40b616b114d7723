/** SQL of the console's inventory screen (issue 24 item 9): devices with their site and owner. */
import type { InventoryRow } from '@ems/contract/api/admin';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, stations, users } from '../../db/schema';
import { containsPattern } from './like-pattern';

/** What the screen asks: a page, the serial numbers to look for, in stock or on a site. */
export interface InventoryQuery {
  pageNum: number;
  pageSize: number;
  filterText?: string | undefined;
  state?: 'stock' | 'site' | undefined;
}

/**
 * One page of devices, newest first (then by id), and the total: `filterText` matches either serial
 * number or the model, `state` keeps devices in stock (no site) or on a site.
 */
export async function findInventoryPage(
  db: Db,
  q: InventoryQuery,
): Promise<{ rows: InventoryRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  const text = q.filterText?.trim();
  if (text) {
    const p = containsPattern(text);
    conditions.push(
      or(ilike(devices.serialNumber, p), ilike(devices.commSerialNumber, p), ilike(devices.model, p)),
    );
  }
  if (q.state === 'stock') conditions.push(isNull(devices.stationId));
  if (q.state === 'site') conditions.push(isNotNull(devices.stationId));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: devices.id,
      serialNumber: devices.serialNumber,
      commSerialNumber: devices.commSerialNumber,
      type: devices.deviceType,
      model: devices.model,
      manufacturer: devices.manufacturer,
      createdAt: devices.createdAt,
      stationId: devices.stationId,
      stationName: stations.name,
      ownerName: users.userName,
    })
    .from(devices)
    .leftJoin(stations, eq(stations.id, devices.stationId))
    .leftJoin(users, eq(users.id, stations.ownerId))
    .where(where)
    .orderBy(desc(devices.createdAt), desc(devices.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(devices).where(where);
  return {
    rows: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      state: r.stationId === null ? 'stock' : 'site',
    })),
    total: Number(total?.n ?? 0),
  };
}
