/**
 * Registration (spec §7 register, register/check, verifyUserName; issue 3 §1): the same spec §5 rules as
 * the web's form (contract RegisterFormSchema) on the decrypted passwords, login names unique ignoring
 * case, and the new account's e-mail code written with its mail in the account's own transaction.
 */
import type { RegisterBodySchema, RegisteredSchema } from '@ems/contract/api/account';
import { RegisterFormSchema } from '@ems/contract/api/account';
import type { LanguageCode } from '@ems/contract/constants';
import type { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { fieldError } from '../../http/errors';
import { hashPassword } from '../../security/password';
import type { ServerKeyPair } from '../../security/rsa-keys';
import { mailQueued } from '../mail/outbox';
import { isIanaTimeZone } from '../profile/time-zone';
import { CODE_POLICY, mailCode } from './codes';
import { decryptField, validateForm } from './form';
import { languageIdOf } from './language-of';
import { insertAccount, isLoginNameTaken, lockLoginName } from './repo';

type RegisterBody = z.output<typeof RegisterBodySchema>;
type Registered = z.infer<typeof RegisteredSchema>;

/** What registration needs: the database and the server's key pair (for the passwords). */
export interface RegisterDeps {
  db: DbHandle;
  keys: () => Promise<ServerKeyPair>;
}

const nameTaken = () => fieldError('validation.nameTaken', 'userName');

/**
 * Every rule of the registration form, as register/check answers them.
 * @returns the validated plaintext form.
 * @throws fieldError of the first failed rule (password not encrypted, spec §5 rules, name taken).
 */
export async function checkRegistration(deps: RegisterDeps, body: RegisterBody) {
  const keys = await deps.keys();
  const form = validateForm(RegisterFormSchema, {
    ...body,
    password: decryptField(keys, body.password, 'password'),
    confirmPassword: decryptField(keys, body.confirmPassword, 'confirmPassword'),
  });
  if (body.timeZone && !isIanaTimeZone(body.timeZone)) throw fieldError('common.illegalInput', 'timeZone');
  if (await isLoginNameTaken(deps.db.db, form.userName)) throw nameTaken();
  return form;
}

/** True when no account has this login name (ignoring case). */
export async function isLoginNameAvailable(deps: RegisterDeps, loginName: string): Promise<boolean> {
  return !(await isLoginNameTaken(deps.db.db, loginName));
}

/**
 * Creates a standard account with an unverified e-mail and sends that address a code (e-mail state
 * unverified → verified through user/email/verify).
 * @throws as checkRegistration; nameTaken when a concurrent registration took the name.
 */
export async function register(
  deps: RegisterDeps,
  body: RegisterBody,
  language: LanguageCode,
): Promise<Registered> {
  const form = await checkRegistration(deps, body);
  const passwordHash = await hashPassword(form.password);
  try {
    const userId = await deps.db.db.transaction(async (tx) => {
      await lockLoginName(tx, form.userName);
      if (await isLoginNameTaken(tx, form.userName)) throw nameTaken();
      const id = await insertAccount(tx, {
        loginName: form.userName,
        nickname: form.nickname,
        email: form.email,
        phone: form.phone,
        passwordHash,
        languageId: languageIdOf(language),
        timeZone: body.timeZone || 'UTC',
      });
      await mailCode(tx, { purpose: 'email_verify', address: form.email, userId: id, language });
      return id;
    });
    mailQueued(deps.db);
    return {
      userId,
      email: form.email,
      emailVerified: false,
      resendAfterSeconds: CODE_POLICY.resendAfterSeconds,
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}
