/**
 * antd Form rules built from the contract's zod schemas (spec §5), so a form refuses exactly what the
 * server refuses, with the same catalogue message (messages.ts) in the interface language. A rule
 * checks its field against the whole form schema, so cross-field rules (password ≠ user name, both
 * entries equal) are said on the field they name.
 */
import { isMessageKey, translate } from '@ems/contract/messages';
import { issueParams } from '@ems/contract/validation';
import type { RuleObject, RuleRender } from 'antd/es/form';
import type { z } from 'zod';
import { currentLanguageCode } from '../i18n/current-language';

type Issue = z.core.$ZodIssue;

/** The first issue that carries a catalogue key, looking inside union alternatives. */
function keyedIssue(issue: Issue): Issue | null {
  if (isMessageKey(issue.message)) return issue;
  if (issue.code === 'invalid_union') {
    for (const inner of issue.errors.flat()) {
      const found = keyedIssue(inner);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The text of an issue in `language`: its catalogue message with the placeholders the server fills
 * too (contract issueParams: {min}/{max} from the field's schema inside `root`), else 非法输入.
 */
export function issueText(issue: Issue, language: string, root?: z.ZodType): string {
  const keyed = keyedIssue(issue);
  if (!keyed || !isMessageKey(keyed.message)) return translate('common.illegalInput', language);
  return translate(keyed.message, language, issueParams({ ...keyed, path: issue.path }, root));
}

/** The first issue `schema` finds on `field` of `values`, or null when the field is fine. */
export function fieldIssue(schema: z.ZodType, values: unknown, field: string): Issue | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field) ?? null;
}

/**
 * A form's values as the schema reads them: every field of `fields` that is untouched (missing or
 * undefined) becomes '', so that a field not yet filled in does not stop the cross-field rules.
 */
export function formValues(
  raw: Record<string, unknown>,
  fields: readonly string[] = [],
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...raw };
  for (const key of new Set([...Object.keys(raw), ...fields])) values[key] = values[key] ?? '';
  return values;
}

/** Any zod object schema (refinements keep the object's shape). */
type FormSchema = z.ZodObject;

/**
 * An antd rule for `field` of a form validated by `schema`. `extra` adds values the form does not
 * show (e.g. the signed-in user's name for "password ≠ user name").
 */
export function zodRule<S extends FormSchema>(
  schema: S,
  field: keyof z.input<S> & string,
  extra: Record<string, unknown> = {},
): RuleRender {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const raw = { ...extra, ...form.getFieldsValue(true), [field]: value };
      const values = formValues(raw, Object.keys(schema.shape));
      const issue = fieldIssue(schema, values, field);
      if (issue) throw new Error(issueText(issue, currentLanguageCode(), schema));
    },
  });
}

/** An antd rule for a single-value schema (e.g. validCodeField, emailField). */
export function zodValueRule(schema: z.ZodType): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) {
        throw new Error(issueText(result.error.issues[0]!, currentLanguageCode(), schema));
      }
    },
  };
}

/** A catalogue message (messages.ts) in the interface language, e.g. the avatar's size limit. */
export function catalogueText(key: string, params: Record<string, string | number> = {}): string {
  return isMessageKey(key)
    ? translate(key, currentLanguageCode(), params)
    : translate('common.illegalInput', currentLanguageCode());
}
