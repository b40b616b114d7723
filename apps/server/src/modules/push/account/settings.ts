/**
 * The official account's settings (issue 20 §4, docs/push.md "Official account"): appId, appSecret,
 * the token that signs its callbacks, the two template ids and the API base address, kept in the
 * `settings` table under 'officialAccount' so every server process uses the same. The secret is stored
 * so the server can fetch access tokens, and never leaves the server (GET answers `hasSecret`).
 */

import type { AccountSettingsSchema } from '@ems/contract/api/push';
import { ACCOUNT_CALLBACK_PATH, DEFAULT_ACCOUNT_API_BASE } from '@ems/contract/api/push-account';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { settings } from '../../../db/schema';
import { fieldError } from '../../../http/errors';

/** Settings key of the official account. */
export const ACCOUNT_SETTING = 'officialAccount';
/** Settings key of the cached access token (token.ts). */
export const ACCOUNT_TOKEN_SETTING = 'officialAccountToken';

/** The stored form. */
export interface StoredAccount {
  appId: string;
  appSecret: string;
  /** Signs the callback's requests (sha1 of the sorted token, timestamp and nonce). */
  token: string;
  /** API base address without a trailing slash, e.g. https://api.weixin.qq.com. */
  apiBase: string;
  alarmTemplateId: string;
  reportTemplateId: string;
}

/** What the console submits (contract AccountSettingsBodySchema after parsing, less languageId). */
export interface AccountInput extends Omit<StoredAccount, 'appSecret'> {
  /** Omitted or empty keeps the stored secret. */
  appSecret?: string | undefined;
}

/** The stored settings, or null while the official account is not set up. */
export async function readAccountSettings(db: Db): Promise<StoredAccount | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, ACCOUNT_SETTING));
  return (rows[0]?.value as StoredAccount | undefined) ?? null;
}

/**
 * Saves `input`; an empty secret keeps the stored one (the first save needs one: `validation.required`
 * on appSecret). A new appId, secret or API base drops the cached access token, which belonged to the
 * old account. @returns the stored settings.
 */
export async function writeAccountSettings(db: Db, input: AccountInput): Promise<StoredAccount> {
  const previous = await readAccountSettings(db);
  const appSecret = input.appSecret || previous?.appSecret;
  if (!appSecret) throw fieldError('validation.required', 'appSecret');
  const value: StoredAccount = {
    appId: input.appId,
    appSecret,
    token: input.token,
    apiBase: input.apiBase.replace(/\/+$/, ''),
    alarmTemplateId: input.alarmTemplateId,
    reportTemplateId: input.reportTemplateId,
  };
  const sameAccount =
    previous?.appId === value.appId &&
    previous.appSecret === value.appSecret &&
    previous.apiBase === value.apiBase;
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: ACCOUNT_SETTING, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    if (!sameAccount) await tx.delete(settings).where(eq(settings.key, ACCOUNT_TOKEN_SETTING));
  });
  return value;
}

/** The settings as the console sees them: no secret, only whether one is set. */
export function presentAccount(stored: StoredAccount | null): z.infer<typeof AccountSettingsSchema> {
  return {
    configured: stored !== null,
    appId: stored?.appId ?? '',
    hasSecret: Boolean(stored?.appSecret),
    token: stored?.token ?? '',
    apiBase: stored?.apiBase ?? DEFAULT_ACCOUNT_API_BASE,
    alarmTemplateId: stored?.alarmTemplateId ?? '',
    reportTemplateId: stored?.reportTemplateId ?? '',
    callbackPath: ACCOUNT_CALLBACK_PATH,
  };
}
