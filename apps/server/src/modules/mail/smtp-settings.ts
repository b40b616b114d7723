/**
 * SMTP settings (spec §3: server address, port, account, password, SSL or TLS), kept in the `settings`
 * table under key 'smtp' so every API node sends with the same server. The password is stored so the
 * sender can log in, and never leaves the server (GET answers `hasPassword`).
 */
import type { SMTP_SECURITY, SmtpSettings } from '@ems/contract/api/admin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** Settings key of the SMTP server. */
export const SMTP_SETTING = 'smtp';

/** The stored form: what nodemailer needs to log in and send. */
export interface StoredSmtp {
  host: string;
  port: number;
  /** none: plain SMTP; ssl: TLS from the first byte (usually 465); tls: STARTTLS required (usually 587). */
  security: (typeof SMTP_SECURITY)[number];
  username: string | null;
  password: string | null;
  fromAddress: string;
}

/** What the console submits (contract SmtpSettingsBodySchema after parsing). */
export interface SmtpInput extends Omit<StoredSmtp, 'password'> {
  /** Omitted or empty keeps the stored password. */
  password?: string | undefined;
}

/** The stored settings, or null while no SMTP server was set (mail then stays in the outbox). */
export async function readSmtpSettings(db: Db): Promise<StoredSmtp | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SMTP_SETTING));
  return (rows[0]?.value as StoredSmtp | undefined) ?? null;
}

/** Saves `input`; an empty password keeps the stored one. @returns the stored settings. */
export async function writeSmtpSettings(db: Db, input: SmtpInput): Promise<StoredSmtp> {
  const previous = await readSmtpSettings(db);
  const value: StoredSmtp = {
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username,
    password: input.password ? input.password : (previous?.password ?? null),
    fromAddress: input.fromAddress,
  };
  await db
    .insert(settings)
    .values({ key: SMTP_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

/** The settings as the console sees them (contract SmtpSettingsSchema): no password, only whether one is set. */
export function presentSmtp(stored: StoredSmtp | null): SmtpSettings {
  return {
    configured: stored !== null,
    host: stored?.host ?? null,
    port: stored?.port ?? null,
    security: stored?.security ?? null,
    username: stored?.username ?? null,
    hasPassword: Boolean(stored?.password),
    fromAddress: stored?.fromAddress ?? null,
  };
}
