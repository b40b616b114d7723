/**
 * The official account's access token (issue 20 §4): fetched with appId and appSecret
 * (`GET {base}/cgi-bin/token?grant_type=client_credential`), cached in the `settings` table until it
 * expires less a margin, so every server process uses the same one. Getting a new token ends the old
 * one, so it is refreshed once for all processes: the refresh holds the cache row's lock (SELECT … FOR
 * UPDATE) while it asks, and a process that waited for the lock takes the token the other one stored
 * instead of asking again. The lock is held at most one API call long (http.ts API_TIMEOUT_MS).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { settings } from '../../../db/schema';
import { apiCall, checkAnswer } from './http';
import { ACCOUNT_TOKEN_SETTING, type StoredAccount } from './settings';

/** A token is refreshed this many seconds before WeChat says it expires (clocks and calls in flight). */
export const TOKEN_MARGIN_S = 300;

/** The cached token: for which account it is, and until when it may be used (ms since the epoch). */
interface CachedToken {
  appId: string;
  apiBase: string;
  token: string;
  usableUntil: number;
}

/** Whether `cached` is a token of `account` still usable now and not the one that just failed. */
function usable(cached: Partial<CachedToken> | undefined, account: StoredAccount, stale?: string) {
  return (
    cached?.token !== undefined &&
    cached.appId === account.appId &&
    cached.apiBase === account.apiBase &&
    (cached.usableUntil ?? 0) > Date.now() &&
    cached.token !== stale
  );
}

/** Asks the API for a new token. @throws AccountApiError (40013 bad appId, 40125 bad secret, -1…). */
async function fetchToken(account: StoredAccount): Promise<CachedToken> {
  const answer = checkAnswer(
    await apiCall(account.apiBase, '/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: account.appId,
      secret: account.appSecret,
    }),
  );
  const token = answer.access_token;
  const expiresIn = Number(answer.expires_in);
  if (typeof token !== 'string' || token === '' || !Number.isFinite(expiresIn)) {
    throw new Error('official account API answered no access token');
  }
  return {
    appId: account.appId,
    apiBase: account.apiBase,
    token,
    usableUntil: Date.now() + Math.max(0, expiresIn - TOKEN_MARGIN_S) * 1000,
  };
}

/**
 * A usable access token of `account`: the cached one, or a new one. `stale` is a token the API has
 * just refused (40001, 40014, 42001): it is not returned again, and when it is still the cached one a
 * new token is fetched. @throws when the API refuses to give one (the caller's job is retried).
 */
export async function accessToken(db: Db, account: StoredAccount, stale?: string): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, ACCOUNT_TOKEN_SETTING));
  const cached = row?.value as CachedToken | undefined;
  if (usable(cached, account, stale)) return cached!.token;
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: ACCOUNT_TOKEN_SETTING, value: {} }).onConflictDoNothing();
    const [locked] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, ACCOUNT_TOKEN_SETTING))
      .for('update');
    const current = locked?.value as CachedToken | undefined;
    // Another process refreshed while this one waited for the lock: its token is the one to use.
    if (usable(current, account, stale)) return current!.token;
    const fresh = await fetchToken(account);
    await tx
      .update(settings)
      .set({ value: fresh, updatedAt: new Date() })
      .where(eq(settings.key, ACCOUNT_TOKEN_SETTING));
    return fresh.token;
  });
}
