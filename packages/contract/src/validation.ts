/**
 * Spec §5 validation rules as zod pieces, shared by the web's forms and the server's routes so both
 * sides refuse the same input with the same message (keys of messages.ts, translated per language).
 */
import { z } from 'zod';
import { safeString } from './bounds';
import { PASSWORD_MIN_LENGTH } from './constants';

/** Spec §5 "No < or > allowed": every free-text field gets it. */
export const noAngle = (s: z.ZodString) => s.refine((v) => !/[<>]/.test(v), { error: 'validation.noAngle' });

/** Free text of `min`..`max` characters without < or > (spec §5 lengths 2, 6, 20, 50, 90). */
export const text = (min: number, max: number) =>
  noAngle(
    safeString(max, { trim: true }).min(min, {
      error: min <= 1 ? 'validation.required' : 'validation.length',
    }),
  );

/** Optional free text: empty string or missing means "not given" (stored as null). */
export const optionalText = (max: number) =>
  z
    .union([z.literal(''), noAngle(safeString(max, { trim: true }))])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Login name: letters, digits and underscore only (仅能输入英文字母，数字以及下划线), 2–20 characters. */
export const loginNameField = safeString(20, { trim: true })
  .min(2, { error: 'validation.length' })
  .regex(/^[A-Za-z0-9_]+$/, { error: 'validation.name' });

const EMAIL_RE =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
/** E-mail address (请输入正确的邮箱地址), required. */
export const emailField = safeString(90, { trim: true })
  .min(1, { error: 'validation.required' })
  .regex(EMAIL_RE, { error: 'validation.email' });
/** E-mail, empty allowed (spec §5: "empty allowed, otherwise pattern check"). */
export const optionalEmailField = z
  .union([z.literal(''), safeString(90, { trim: true }).regex(EMAIL_RE, { error: 'validation.email' })])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** Mainland mobile (11 digits from 1[3-9]) or landline with area code, e.g. 010-1234567. */
export const PHONE_RE = /^(?:1[3-9]\d{9}|0\d{2,3}-\d{7,8})$/;
export const optionalPhoneField = z
  .union([z.literal(''), safeString(20, { trim: true }).regex(PHONE_RE, { error: 'validation.phone' })])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** URL (请输入正确的URL地址), optional. */
export const optionalUrlField = z
  .union([z.literal(''), safeString(500, { trim: true }).url({ error: 'validation.url' })])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** Dotted IPv4 address. */
export const IPV4_RE = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOST_RE =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$|^localhost$/;
/** SMTP server address: a host name or an IPv4 address. */
export const smtpHostField = safeString(253, { trim: true })
  .min(1, { error: 'validation.required' })
  .refine((v) => IPV4_RE.test(v) || HOST_RE.test(v), { error: 'validation.smtpHost' });
/** TCP port, 1–65535 (cannot be empty). */
export const portField = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.port' })
  .min(1, { error: 'validation.port' })
  .max(65535, { error: 'validation.port' });

/** 18-character mainland resident ID number with its ISO 7064 check character. */
export function isIdNumber(v: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(v)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17]!.toUpperCase();
}

const TAX_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const TAX_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** 18-character unified social credit code (a company's tax number, GB 32100-2015) with its check character. */
export function isTaxNumber(v: string): boolean {
  const code = v.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = TAX_WEIGHTS.reduce((acc, w, i) => acc + w * TAX_CHARS.indexOf(code[i]!), 0);
  return TAX_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/**
 * Who an invoice names (issue 35 item 4): a person's ID number or a company's tax number, refused with
 * the spec's "correct ID number" message (§5).
 */
export const idOrTaxNumberField = safeString(18, { trim: true })
  .min(1, { error: 'validation.required' })
  .refine((v) => isIdNumber(v) || isTaxNumber(v), { error: 'validation.idNumber' })
  .transform((v) => v.toUpperCase());

/** How many of the 4 kinds (uppercase, lowercase, digits, special) a password uses. */
export function passwordKinds(pw: string): number {
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
}

/** Password rules of spec §5 except "not the user name" (see `passwordPair`): ≥ 8 chars, 3 of 4 kinds. */
export const passwordField = safeString(128)
  .min(1, { error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordLength' })
  .refine((v) => passwordKinds(v) >= 3, { error: 'validation.passwordKinds' });

/**
 * Adds the cross-field rules to a form with `password`, `confirmPassword` and a user name field:
 * not equal to the user name, both entries equal (两次输入密码不一致).
 */
export function passwordPair<
  T extends z.ZodObject<{ password: z.ZodType<string>; confirmPassword: z.ZodType<string> }>,
>(schema: T, userNameOf: (v: z.infer<T>) => string | undefined) {
  return schema
    .refine((v) => v.password.toLowerCase() !== (userNameOf(v) ?? '').toLowerCase(), {
      error: 'validation.passwordIsName',
      path: ['password'],
    })
    .refine((v) => v.password === v.confirmPassword, {
      error: 'validation.passwordMismatch',
      path: ['confirmPassword'],
    });
}

/** E-mail verification code: 6 letters or digits, case-sensitive (spec §5). */
export const validCodeField = safeString(6, { trim: true }).regex(/^[A-Za-z0-9]{6}$/, {
  error: 'validation.code',
});

/** The schema of the field at `path` inside `root`, looking through optional, nullable, default, pipe and union. */
function fieldAt(root: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let node: z.ZodType | undefined = root;
  let i = 0;
  while (node) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
      node = node.unwrap() as z.ZodType;
    } else if (node instanceof z.ZodPipe) {
      node = node.in as z.ZodType;
    } else if (i < path.length && node instanceof z.ZodObject) {
      node = (node.shape as Record<PropertyKey, z.ZodType>)[path[i++]!];
    } else if (node instanceof z.ZodUnion) {
      const options = node.options as readonly z.ZodType[];
      node = options.find((o) => fieldAt(o, []) instanceof z.ZodString) ?? options[0];
    } else {
      return i === path.length ? node : undefined;
    }
  }
  return undefined;
}

/**
 * Placeholders of a catalogue message raised by a zod issue: `{min}`/`{max}` of validation.length come from
 * the field's schema in `root` (so "between 2 and 20" even when only one bound failed), else from the issue;
 * any other message gets the issue's own `minimum`/`maximum` (e.g. push.tooMany's `{max}`).
 */
export function issueParams(
  issue: { message: string; path: readonly PropertyKey[]; minimum?: unknown; maximum?: unknown },
  root?: z.ZodType,
): Record<string, number> {
  const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : undefined);
  if (issue.message !== 'validation.length') {
    // Other messages with a bound (push.tooMany "at most {max}") take it from the issue itself.
    const bound = { min: num(issue.minimum), max: num(issue.maximum) };
    return Object.fromEntries(Object.entries(bound).filter(([, v]) => v !== undefined)) as Record<
      string,
      number
    >;
  }
  const field = root ? fieldAt(root, issue.path) : undefined;
  const bounds = field instanceof z.ZodString ? field : null;
  const min = bounds?.minLength ?? num(issue.minimum) ?? 0;
  const max = bounds?.maxLength ?? num(issue.maximum);
  return max === undefined ? { min } : { min, max };
}
