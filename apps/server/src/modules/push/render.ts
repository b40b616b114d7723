/**
 * Pushed messages as text (issue 20 §3, §5): in the rule's receive language, times in the site's zone,
 * with a link into the platform. Built once when the delivery is made and kept on it, so every retry
 * and every channel says the same.
 */
import type { LanguageCode } from '@ems/contract/constants';
import { type MessageKey, translate } from '@ems/contract/messages';
import { localDateTime } from '../alarms/list-service';
import type { PushMessage } from './channel';

/** An alarm as a message needs it. */
export interface AlarmForMessage {
  stationId: number;
  stationName: string;
  timeZone: string;
  deviceId: number | null;
  deviceName: string | null;
  code: string;
  /** Description in the message's language. */
  desc: string;
  level: number;
  startedAt: Date;
  clearedAt: Date | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Text lines and the matching HTML table of `rows` (label, value) with a link button. */
function body(rows: [string, string][], link: string, linkText: string, lead?: string) {
  const text = [
    ...(lead ? [lead, ''] : []),
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${linkText}: ${link}`,
  ].join('\n');
  const cells = rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html =
    `<div style="font-family:sans-serif;font-size:14px">${lead ? `<p>${escapeHtml(lead)}</p>` : ''}` +
    `<table>${cells}</table><p><a href="${escapeHtml(link)}" style="color:#1677ff">${escapeHtml(linkText)}</a></p></div>`;
  return { text, html };
}

/** The station page of the alarm's site and device. */
export function stationLink(publicUrl: string, stationId: number, deviceId: number | null): string {
  return `${publicUrl}/station?stationId=${stationId}${deviceId !== null ? `&deviceId=${deviceId}` : ''}`;
}

/**
 * The message of an alarm event: `raised`, `cleared`, or a `digest` of `count` occurrences of the same
 * device and code within the flap window.
 */
export function alarmMessage(
  alarm: AlarmForMessage,
  event: 'raised' | 'cleared' | 'digest',
  lang: LanguageCode,
  publicUrl: string,
  count = 1,
): PushMessage {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(key, lang, params);
  const level = t(`push.level.${Math.min(5, Math.max(1, alarm.level))}` as MessageKey);
  const site = alarm.stationName;
  const title =
    event === 'raised'
      ? t('push.msg.raisedTitle', { level, code: alarm.code, site })
      : event === 'cleared'
        ? t('push.msg.clearedTitle', { code: alarm.code, site })
        : t('push.msg.digestTitle', { code: alarm.code, site, count });
  const started = localDateTime(alarm.startedAt, alarm.timeZone);
  const cleared = alarm.clearedAt ? localDateTime(alarm.clearedAt, alarm.timeZone) : null;
  const fields: Record<string, string> = {
    site,
    device: alarm.deviceName ?? '–',
    code: alarm.code,
    description: alarm.desc,
    level,
    time: `${started} (${alarm.timeZone})`,
  };
  if (cleared) fields.cleared = `${cleared} (${alarm.timeZone})`;
  if (event === 'digest') fields.occurrences = String(count);
  const rows: [string, string][] = [
    [t('push.msg.site'), fields.site!],
    [t('push.msg.device'), fields.device!],
    [t('push.msg.code'), fields.code!],
    [t('push.msg.description'), fields.description!],
    [t('push.msg.level'), fields.level!],
    [t('push.msg.started'), fields.time!],
    ...(cleared ? ([[t('push.msg.cleared'), fields.cleared!]] as [string, string][]) : []),
    ...(event === 'digest' ? ([[t('push.msg.occurrences'), String(count)]] as [string, string][]) : []),
  ];
  const link = stationLink(publicUrl, alarm.stationId, alarm.deviceId);
  return { language: lang, title, ...body(rows, link, t('push.msg.open')), link, fields };
}

/**
 * One e-mail for several alarm messages to the same mailbox, all in `lang` (push/channels/email.ts groups
 * what one fan-out run hands over, issue 36 §2): the subject counts them and names the first, the body
 * is each message in turn, as it would have been mailed alone.
 */
export function groupedMessage(messages: readonly PushMessage[], lang: LanguageCode): PushMessage {
  const first = messages[0]!;
  const count = messages.length;
  const lead = translate('push.msg.groupLead', lang, { count });
  const rule = '\n\n' + '-'.repeat(40) + '\n\n';
  return {
    language: lang,
    title: translate('push.msg.groupTitle', lang, { count, first: first.title }),
    text: [lead, ...messages.map((m) => `${m.title}\n\n${m.text}`)].join(rule),
    html:
      `<div style="font-family:sans-serif;font-size:14px"><p>${escapeHtml(lead)}</p></div>` +
      messages
        .map((m) => `<hr><h3 style="font-family:sans-serif">${escapeHtml(m.title)}</h3>${m.html ?? ''}`)
        .join(''),
    link: first.link,
    fields: { ...first.fields, count: String(count) },
  };
}

/** The message of POST push/test on `channel`. */
export function testMessage(channelName: string, lang: LanguageCode, publicUrl: string): PushMessage {
  const channel = translate(`push.channel.${channelName}` as MessageKey, lang);
  const lead = translate('push.msg.testBody', lang, { channel });
  const link = `${publicUrl}/dashboard`;
  return {
    language: lang,
    title: translate('push.msg.testTitle', lang),
    ...body([], link, translate('push.msg.open', lang), lead),
    link,
    fields: { site: '–', description: lead },
  };
}

/** A report message from its summary rows (reports.ts builds them per kind). */
export function reportMessage(
  reportName: string,
  period: string,
  rows: [string, string][],
  lang: LanguageCode,
  link: string,
  report: PushMessage['report'],
): PushMessage {
  const title = translate('push.msg.reportTitle', lang, { report: reportName, period });
  const open = translate('push.msg.open', lang);
  return {
    language: lang,
    title,
    // The note about the attachment is for the e-mail only (the app and the account get no file).
    text: body(rows, link, open).text,
    html: body(rows, link, open, translate('push.msg.attached', lang)).html,
    link,
    fields: { report: reportName, period, ...Object.fromEntries(rows) },
    report,
  };
}
