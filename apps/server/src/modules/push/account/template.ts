/**
 * Template messages of the official account (issue 20 §4, docs/push.md "Template layout"). Both
 * templates use the classic industry-template layout, `first`, `keyword1`… and `remark`:
 *
 * - alarm template (deliveries `alarm`, `cleared`, `digest`): first = the message title; keyword1 site;
 *   keyword2 device; keyword3 alarm code and description; keyword4 level; keyword5 start time (site's
 *   zone); remark = when it cleared (`cleared`), or `× n` occurrences (`digest`).
 * - report template (deliveries `report`, `test`): first = the title; keyword1 the report's name;
 *   keyword2 its period; keyword3 the summary (the report's rows `label: value`, or the test's text);
 *   remark empty.
 *
 * The values come from the delivery's rendered `fields` (render.ts), in the rule's language.
 */
import type { DeliveryToSend } from '../channel';
import type { StoredAccount } from './settings';

/** Longest value put in one template field (WeChat cuts longer ones or refuses them). */
const FIELD_MAX = 200;
/** Delivery kinds that use the alarm template; every other kind (report, test) the report template. */
const ALARM_KINDS: ReadonlySet<string> = new Set(['alarm', 'cleared', 'digest']);
/** Fields of a report message that have a keyword of their own. */
const REPORT_OWN = ['report', 'period'];

const cut = (s: string) => (s.length > FIELD_MAX ? `${s.slice(0, FIELD_MAX - 1)}…` : s);

/** Whether `kind` goes with the alarm template. */
export const usesAlarmTemplate = (kind: string) => ALARM_KINDS.has(kind);

/** The template id and data of `delivery` (see the layout above). */
export function templateOf(
  account: StoredAccount,
  delivery: Pick<DeliveryToSend, 'kind' | 'message'>,
): { templateId: string; data: Record<string, { value: string }> } {
  const { title, fields } = delivery.message;
  const f = (name: string) => fields[name] ?? '';
  let values: Record<string, string>;
  if (usesAlarmTemplate(delivery.kind)) {
    const alarm = [f('code'), f('description')].filter(Boolean).join(' ');
    const remark = fields.cleared ?? (fields.occurrences ? `× ${fields.occurrences}` : '');
    values = {
      first: title,
      keyword1: f('site'),
      keyword2: f('device'),
      keyword3: alarm,
      keyword4: f('level'),
      keyword5: f('time'),
      remark,
    };
  } else {
    const summary =
      fields.description ??
      Object.entries(fields)
        .filter(([k]) => !REPORT_OWN.includes(k))
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ');
    values = {
      first: title,
      keyword1: fields.report ?? title,
      keyword2: fields.period ?? '',
      keyword3: summary,
      remark: '',
    };
  }
  const data = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: cut(v) }]));
  return {
    templateId: usesAlarmTemplate(delivery.kind) ? account.alarmTemplateId : account.reportTemplateId,
    data,
  };
}
