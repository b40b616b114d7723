/**
 * Memory for token lookups: every browser polls several calls every 5 s, so most of them skip the
 * database. Entries keep the session's expiry, so expiry is exact. The auth service drops entries when
 * the database says a session or account changed (migration 0012, decision 0018) and picks each entry's
 * lifetime: long while it hears those notices, a few seconds while it cannot.
 */
import type { SessionRecord } from './repo';

/** Cache of session records by token hash. */
export interface SessionCache {
  get(tokenHash: string): SessionRecord | undefined;
  /** Keeps `record` for `ttlMs` (default: the cache's own). */
  set(tokenHash: string, record: SessionRecord, ttlMs?: number): void;
  delete(tokenHash: string): void;
  /** Drops every entry of a user (disabled, password changed, sessions revoked by an administrator). */
  deleteUser(userId: number): void;
  /** Drops every entry. */
  clear(): void;
}

/** In-memory SessionCache holding at most `maxEntries` for `ttlMs` each. */
export function createSessionCache(ttlMs = 5_000, maxEntries = 50_000, now = Date.now): SessionCache {
  const entries = new Map<string, { record: SessionRecord; until: number }>();
  return {
    get(tokenHash) {
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      if (hit.until <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return hit.record;
    },
    set(tokenHash, record, ttl = ttlMs) {
      entries.delete(tokenHash);
      entries.set(tokenHash, { record, until: now() + ttl });
      // Map keeps insertion order: the first key is the oldest entry.
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete(tokenHash) {
      entries.delete(tokenHash);
    },
    deleteUser(userId) {
      for (const [hash, e] of entries) if (e.record.userId === userId) entries.delete(hash);
    },
    clear() {
      entries.clear();
    },
  };
}
