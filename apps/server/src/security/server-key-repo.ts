/** Keeps the server's RSA key pair in the `settings` table so it survives restarts and is shared by nodes. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { generateStoredKeyPair, loadKeyPair, type ServerKeyPair, type StoredKeyPair } from './rsa-keys';

/** Settings key of the pair. */
export const RSA_KEYPAIR_SETTING = 'rsa_keypair';

/** The stored pair, or null before first start. */
export async function readStoredKeyPair(db: Db): Promise<StoredKeyPair | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RSA_KEYPAIR_SETTING));
  return (rows[0]?.value as StoredKeyPair | undefined) ?? null;
}

/**
 * Returns the installation's key pair, generating and storing it the first time. When two nodes start
 * together both may generate one, but the insert keeps only the first, and both then read that one.
 */
export async function loadOrCreateServerKeyPair(db: Db): Promise<ServerKeyPair> {
  const existing = await readStoredKeyPair(db);
  if (existing) return loadKeyPair(existing);
  const fresh = await generateStoredKeyPair();
  await db.insert(settings).values({ key: RSA_KEYPAIR_SETTING, value: fresh }).onConflictDoNothing();
  const winner = await readStoredKeyPair(db);
  return loadKeyPair(winner ?? fresh);
}
