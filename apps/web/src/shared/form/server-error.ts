/**
 * Where a refusal of the server goes in a form: on the field it names (`data.field`) when the form has
 * that field, else in an alert by the submit button. Both stay until the next attempt; the client's
 * 3-s toast of an HTTP failure (spec §8) comes on top and fades. A session ending is left to its dialog.
 */
import type { FormInstance } from 'antd';
import { ApiError, errorText } from '../http/api-error';

/** Puts the server's message on the refused field; true when the form has that field. */
export function showOnField(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !error.field || !fields.includes(error.field)) return false;
  form.setFields([{ name: error.field, errors: [error.message] }]);
  return true;
}

/** The text an inline alert shows for `error` (null when there is none, or the session ended). */
export function inlineErrorText(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.kind === 'session') return null;
  return errorText(error, fallback);
}
