/** Sign-in, session and current-user shapes (spec §3 User, §4 Login, §7 User calls). */
import { z } from 'zod';
import { safeString } from '../bounds';
import { LOGIN_USER_TYPE } from '../constants';
import { languageIdField } from './common';

/** GET /owner_api/auth/owner/publickey: RSA-OAEP (SHA-256) public key the browser encrypts the password with. */
export const PublicKeySchema = z.object({
  /** SPKI, PEM-encoded, 3072-bit RSA. */
  publicKey: z.string(),
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
});
export type PublicKey = z.infer<typeof PublicKeySchema>;

/** POST /owner_api/auth/owner/gettoken. password = base64 RSA-OAEP ciphertext of the UTF-8 password. */
export const GetTokenBodySchema = z.object({
  username: safeString(90, { trim: true }).min(1, { error: 'validation.required' }),
  password: safeString(2048).min(1, { error: 'validation.required' }),
  usertype: z.literal(LOGIN_USER_TYPE).default(LOGIN_USER_TYPE),
  languageId: languageIdField,
});
export type GetTokenBody = z.infer<typeof GetTokenBodySchema>;

/** Spec §3 token response: expires_in is in minutes. */
export const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number().int() });
export type Token = z.infer<typeof TokenSchema>;

/** GET /owner_api/webpvesc/ajax/user/info: the signed-in user (never the password hash). */
export const UserInfoSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  /** 1 standard, 2 premium, 3 protocol, 4 fourth (spec §3). */
  usertype: z.number().int(),
  timeZone: z.string(),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  languageId: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;
