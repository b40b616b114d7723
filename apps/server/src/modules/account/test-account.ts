/**
 * Test utilities of the account flows: requests as the browser sends them (passwords RSA-OAEP-encrypted),
 * and the code read back out of a mail body, as a person would read it.
 */
import { LANGUAGES } from '@ems/contract/constants';
import { translate } from '@ems/contract/messages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DbHandle } from '../../db/client';
import { encryptPassword, fetchPublicKey } from '../auth/test-login';

/** The account calls the tests drive, as a browser names them (spec §7 user calls). */
export const BACK = '/owner_api/webpvesc/ajax/user/password/back';
export const RESET = '/owner_api/webpvesc/ajax/user/password/resert';
export const ACTIVE = '/owner_api/webpvesc/ajax/user/email/active';
export const VERIFY = '/owner_api/webpvesc/ajax/user/email/verify';
export const INFO = '/owner_api/webpvesc/ajax/user/info';

/** Options of a test call: token, client address, languageId header. */
export interface CallOptions {
  token?: string;
  ip?: string;
  languageId?: number;
}

function headersOf(opts: CallOptions): Record<string, string> {
  const h: Record<string, string> = {};
  if (opts.token) h.token = opts.token;
  if (opts.languageId) h.languageid = String(opts.languageId);
  return h;
}

/** POSTs JSON to `url`. */
export function post(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload, headers: headersOf(opts), remoteAddress: opts.ip });
}

/** GETs `url` (query already in it). */
export function get(
  app: FastifyInstance,
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: headersOf(opts), remoteAddress: opts.ip });
}

/** The registration form as typed by a person: every field valid unless overridden. */
export interface RegisterForm {
  userName: string;
  nickname?: string;
  email: string;
  phone?: string;
  password: string;
  confirmPassword: string;
  timeZone?: string;
}

/** A valid form for `userName` (password Reg@Pass2024, e-mail <userName>@example.com). */
export function validForm(userName: string, overrides: Partial<RegisterForm> = {}): RegisterForm {
  return {
    userName,
    email: `${userName.toLowerCase()}@example.com`,
    password: 'Reg@Pass2024',
    confirmPassword: 'Reg@Pass2024',
    ...overrides,
  };
}

/** The form as sent: both passwords encrypted with the server's key (or as typed, when `plaintext`). */
export async function encryptForm(
  app: FastifyInstance,
  form: RegisterForm,
  plaintext = false,
): Promise<Record<string, unknown>> {
  if (plaintext) return { ...form };
  const key = await fetchPublicKey(app);
  return {
    ...form,
    password: encryptPassword(key, form.password),
    confirmPassword: encryptPassword(key, form.confirmPassword),
  };
}

/** The code inside a code mail's text, in whichever language it was written. */
export function codeFromText(text: string): string {
  for (const { languageCode } of LANGUAGES) {
    const [prefix] = translate('mail.codeBody', languageCode, { code: '\u0000' }).split('\u0000');
    if (prefix && text.startsWith(prefix)) return text.slice(prefix.length, prefix.length + 6);
  }
  throw new Error(`no verification code in: ${text}`);
}

/** The code of the newest mail queued to `address` (read from the outbox, as the console shows it). */
export async function latestCodeTo(db: DbHandle, address: string): Promise<string> {
  const { rows } = await db.query<{ body: string }>(
    'SELECT body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [address],
  );
  if (!rows[0]) throw new Error(`no mail to ${address}`);
  return codeFromText(rows[0].body);
}

/** A code of the right shape that differs from `code` (same letters, one changed). */
export function wrongCode(code: string): string {
  return `${code.slice(0, 5)}${code[5] === 'A' ? 'B' : 'A'}`;
}
