/**
 * Account calls of issue 3 (spec §7 User): registration, e-mail verification, password retrieval,
 * personal centre. Every password travels RSA-OAEP-encrypted (`encryptedPassword`, base64, see auth.ts);
 * the *Form schemas are what the person types (the web validates them before encrypting, the server
 * validates the decrypted values with the same schemas).
 */
import { z } from 'zod';
import { safeString } from '../bounds';
import { SUBSCRIPTION_PLANS } from '../constants';
import {
  emailField,
  idOrTaxNumberField,
  loginNameField,
  optionalPhoneField,
  optionalText,
  passwordField,
  passwordPair,
  text,
  validCodeField,
} from '../validation';
import { languageIdField } from './common';

/** A password as sent on the wire: base64 RSA-OAEP ciphertext (never plaintext). */
export const encryptedPassword = safeString(2048).min(1, { error: 'validation.required' });

/** The registration form (plaintext, before encryption). userName is the login name. */
export const RegisterFormSchema = passwordPair(
  z.object({
    userName: loginNameField,
    nickname: optionalText(50),
    email: emailField,
    phone: optionalPhoneField,
    password: passwordField,
    confirmPassword: z.string(),
  }),
  (v) => v.userName,
);
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** POST /owner_api/webpvesc/ajax/register and register/check: the form with encrypted passwords. */
export const RegisterBodySchema = z.object({
  userName: loginNameField,
  nickname: optionalText(50),
  email: emailField,
  phone: optionalPhoneField,
  password: encryptedPassword,
  confirmPassword: encryptedPassword,
  /** IANA time zone of the new account (the browser's); UTC when omitted. */
  timeZone: safeString(64, { trim: true }).optional(),
  languageId: languageIdField,
});
/** data of register/check when every rule passes (a failed rule answers 40000 with msg and data.field). */
export const RegisterCheckSchema = z.object({ valid: z.literal(true) });
/** data of register: the new account; a code went to its e-mail (state unverified). */
export const RegisteredSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Seconds before user/email/active may send the code again. */
  resendAfterSeconds: z.number().int(),
});

/** POST /owner_api/auth/owner/register/verifyUserName. */
export const VerifyUserNameBodySchema = z.object({ userName: loginNameField, languageId: languageIdField });
export const UserNameAvailabilitySchema = z.object({ available: z.boolean() });

/**
 * POST user/email/verify. Signed in: validCode alone (the caller's pending e-mail). Right after
 * registration, before the first sign-in: userName + validCode.
 */
export const EmailVerifyBodySchema = z.object({
  validCode: validCodeField,
  userName: loginNameField.optional(),
  languageId: languageIdField,
});
/**
 * GET user/email/active?email=: signed in, sends a code to `email` (becomes the caller's e-mail once
 * verified). Without a session, right after registering, `userName` names the new account and the code
 * goes again to the unverified e-mail it registered with (`email` must be that address).
 */
export const EmailActiveQuerySchema = z.object({
  email: emailField,
  userName: loginNameField.optional(),
  languageId: languageIdField,
});
/** data of a code send: where it went (masked) and when another may be asked for. */
export const CodeSentSchema = z.object({ maskedAddress: z.string(), resendAfterSeconds: z.number().int() });

/**
 * POST user/password/back: without validCode sends a code to the account's verified e-mail; with it, checks it.
 * The account's login name comes as `username` (spec §7's spelling) or `userName` (this API's other
 * calls); both may be sent when they agree. Parsed, it is always `userName`.
 */
export const PasswordBackBodySchema = z
  .object({
    userName: loginNameField.optional(),
    username: loginNameField.optional(),
    validCode: validCodeField.optional(),
    languageId: languageIdField,
  })
  .check((ctx) => {
    const { userName, username } = ctx.value;
    if (userName === undefined && username === undefined) {
      ctx.issues.push({
        code: 'custom',
        message: 'validation.required',
        path: ['userName'],
        input: undefined,
      });
    } else if (userName !== undefined && username !== undefined && userName !== username) {
      ctx.issues.push({
        code: 'custom',
        message: 'common.illegalInput',
        path: ['username'],
        input: username,
      });
    }
  })
  .transform(({ username, userName, ...rest }) => ({ ...rest, userName: (userName ?? username) as string }));
/**
 * data of password/back without a code: when another may be asked for. No address, so the answer is the
 * same whether or not the account exists and has a verified e-mail (docs/security.md).
 */
export const PasswordBackSentSchema = z.object({ resendAfterSeconds: z.number().int() });
/** data of password/back: the send answer, or (with a right code) a single-use reset ticket. */
export const PasswordBackSchema = z.union([PasswordBackSentSchema, z.object({ resetTicket: z.string() })]);
/** POST user/password/resert: new password with the ticket from password/back. */
export const PasswordResetBodySchema = z.object({
  userName: loginNameField,
  resetTicket: safeString(200).min(16, { error: 'common.illegalInput' }),
  password: encryptedPassword,
  confirmPassword: encryptedPassword,
  languageId: languageIdField,
});
/** The reset form (plaintext). */
export const PasswordResetFormSchema = passwordPair(
  z.object({ userName: loginNameField, password: passwordField, confirmPassword: safeString(128) }),
  (v) => v.userName,
);

/** POST user/info/edit: the personal centre's fields (spec §3 User). */
export const UserInfoEditBodySchema = z.object({
  userName: text(2, 50),
  nickname: optionalText(50),
  phone: optionalPhoneField,
  timeZone: safeString(64).min(1, { error: 'validation.required' }),
  languageId: languageIdField,
});
/** POST user/password/edit: other sessions end (issue 3 §10). */
export const PasswordEditBodySchema = z.object({
  oldPassword: encryptedPassword,
  password: encryptedPassword,
  confirmPassword: encryptedPassword,
  languageId: languageIdField,
});
/** The change-password form (plaintext). */
export const PasswordEditFormSchema = passwordPair(
  z.object({
    userName: safeString(90),
    oldPassword: safeString(128).min(1, { error: 'validation.required' }),
    password: passwordField,
    confirmPassword: safeString(128),
  }),
  (v) => v.userName,
);
/** POST user/delete: deletes the caller's account, its sites and devices, after the password. */
export const AccountDeleteBodySchema = z.object({ password: encryptedPassword, languageId: languageIdField });

/** Avatar upload limits (POST user/avatar, multipart field `file`). */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AvatarSchema = z.object({ avatar: z.string() });

/** GET user/plans: report subscription plans (spec §1, §9) and the caller's current one. */
export const PlansSchema = z.object({
  plans: z.array(z.object({ months: z.number().int(), yuanPerYear: z.number() })),
  current: z.object({ months: z.number().int(), expiresAt: z.string() }).nullable(),
  /** 1 standard, 2 premium, 3 protocol, 4 fourth; changes go through customer service. */
  usertype: z.number().int(),
  /** The caller's order waiting for customer service to confirm its payment (issue 24 item 15). */
  pendingOrder: z
    .object({
      id: z.number().int(),
      months: z.number().int(),
      amountYuan: z.number().int(),
      createdAt: z.string(),
    })
    .nullable(),
});

// ---- issue 24 item 15: ordering a report plan, confirmed by customer service ----

/** The fee of a plan's term in yuan: its yearly fee times months / 12 (1 month of 1200/year: 100). */
export function planFee(months: number): number {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.months === months);
  return plan ? Math.round((plan.yuanPerYear * months) / 12) : 0;
}

/**
 * Invoice details of a plan order (issue 35 item 4): the payer's name and a person's ID number or a
 * company's tax number (spec §5 "correct … ID number").
 */
export const InvoiceSchema = z.object({
  name: text(2, 50),
  idNumber: idOrTaxNumberField,
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/**
 * POST user/plans/order: the caller orders a plan of `months` (1 or 3), with invoice details if they
 * want an invoice; a pending order is replaced.
 */
export const PlanOrderBodySchema = z.object({
  months: z.union(
    SUBSCRIPTION_PLANS.map((p) => z.literal(p.months)),
    { error: 'validation.choice' },
  ),
  invoice: InvoiceSchema.nullish(),
  languageId: languageIdField,
});

/** An order of a plan, waiting for customer service to confirm the payment (or confirmed). */
export const PlanOrderSchema = z.object({
  id: z.number().int(),
  months: z.number().int(),
  /** Fee of the term in yuan (planFee). */
  amountYuan: z.number().int(),
  state: z.enum(['pending', 'confirmed', 'cancelled']),
  /** Who the invoice names, or null when the order asked for none. */
  invoice: z.object({ name: z.string(), idNumber: z.string() }).nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type PlanOrder = z.infer<typeof PlanOrderSchema>;
