/**
 * Server side of the forms whose passwords travel RSA-OAEP-encrypted: decrypt each password (plaintext is
 * refused, as at sign-in), then validate the typed values with the same contract schema the web uses, and
 * answer the first failed rule in the caller's language with data.field.
 */
import { isMessageKey } from '@ems/contract/messages';
import { issueParams } from '@ems/contract/validation';
import type { z } from 'zod';
import { fieldError } from '../../http/errors';
import { decryptPassword, type ServerKeyPair } from '../../security/rsa-keys';

/** The plaintext of an encrypted password field. @throws fieldError(auth.passwordNotEncrypted, field). */
export function decryptField(keys: ServerKeyPair, cipher: string, field: string): string {
  const plain = decryptPassword(keys, cipher);
  if (plain === null) throw fieldError('auth.passwordNotEncrypted', field);
  return plain;
}

/**
 * `value` parsed by `schema`.
 * @throws fieldError of the first issue: its catalogue key (or 非法输入) and its field path.
 */
export function validateForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = isMessageKey(issue.message) ? issue.message : 'common.illegalInput';
  throw fieldError(key, issue.path.join('.'), issueParams(issue, schema));
}
