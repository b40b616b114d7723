/**
 * The platform's VAPID key pair (RFC 8292; issue 20 §4): made once, at the first start (db/seed.ts), and
 * kept in the `settings` table, so every browser's subscription, which is bound to the public key, stays
 * valid across restarts and on every server process. A P-256 pair, both halves base64url as Web Push
 * libraries and PushManager.subscribe take them.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db, DbHandle } from '../../db/client';
import { settings } from '../../db/schema';

/** Settings key of the pair. */
export const VAPID_SETTING = 'web_push_vapid';

/** The stored pair: uncompressed public point (65 bytes) and private scalar (32 bytes), base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  createdAt: string;
}

async function readVapidKeys(db: Db): Promise<VapidKeys | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, VAPID_SETTING));
  return (rows[0]?.value as VapidKeys | undefined) ?? null;
}

/**
 * Returns the installation's pair, making and storing it the first time. Two processes starting together
 * may both make one; the insert keeps the first and both then read that one.
 */
export async function loadOrCreateVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await readVapidKeys(db);
  if (existing) return existing;
  const fresh = { ...webpush.generateVAPIDKeys(), createdAt: new Date().toISOString() };
  await db.insert(settings).values({ key: VAPID_SETTING, value: fresh }).onConflictDoNothing();
  return (await readVapidKeys(db)) ?? fresh;
}

const cache = new WeakMap<DbHandle, Promise<VapidKeys>>();

/** The pair of `handle`'s database, read once per process (it never changes once made). */
export function vapidKeys(handle: DbHandle): Promise<VapidKeys> {
  let keys = cache.get(handle);
  if (!keys) {
    keys = loadOrCreateVapidKeys(handle.db);
    // A failed read is tried again by the next caller.
    keys.catch(() => cache.delete(handle));
    cache.set(handle, keys);
  }
  return keys;
}
