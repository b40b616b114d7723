/**
 * Periodic report push (issue 20 §5, spec §1): every minute, each enabled report rule whose latest push
 * time has come and whose period was not pushed yet makes one delivery per channel and recipient. The
 * rule's `last_period` moves in the same transaction as the deliveries are written, and the log's unique
 * key covers (rule, period, channel, recipient): a push time missed while the server was down is sent
 * once when it is back (only the latest period, not every missed one), never twice, and a rule made after
 * its push time first sends at the next one.
 */
import type { PushKind, PushPeriod } from '@ems/contract/api/push';
import { type MessageKey, translate } from '@ems/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import { publicUrlOf } from '../../config';
import { pushDeliveries, pushRules } from '../../db/schema';
import type { JobDefinition, JobDeps } from '../../jobs/job';
import { languageCodeOf } from '../account/language-of';
import { CHANNELS } from './channels/registry';
import { declareDeliveries, queueDeliveries } from './deliver';
import { deliveryKey } from './fanout-plan';
import { pushUser } from './recipients';
import { reportMessage } from './render';
import { reportLines, reportSites } from './report-content';
import { lastDue } from './report-period';

/** A report rule as the job reads it. */
interface ReportRuleRow {
  id: number;
  userId: number;
  kind: Exclude<PushKind, 'alarm'>;
  channels: string[];
  stationIds: number[];
  period: PushPeriod;
  pushTime: string;
  receiveLanguageId: number;
  mailboxIds: number[];
  lastPeriod: string | null;
  createdAt: Date;
  timeZone: string;
}

/** Enabled report rules of active users. */
async function loadReportRules(deps: JobDeps): Promise<ReportRuleRow[]> {
  const res = await deps.db.query<ReportRuleRow>(
    `SELECT r.id, r.user_id AS "userId", r.kind, r.channels, r.station_ids AS "stationIds", r.period,
            r.push_time AS "pushTime", r.receive_language_id AS "receiveLanguageId", r.mailbox_ids AS "mailboxIds",
            r.last_period AS "lastPeriod", r.created_at AS "createdAt", u.time_zone AS "timeZone"
     FROM push_rules r JOIN users u ON u.id = r.user_id AND NOT u.disabled
     WHERE r.kind <> 'alarm' AND r.enabled AND r.period IS NOT NULL AND r.push_time IS NOT NULL`,
  );
  return res.rows;
}

/** Pushes the due reports at `now`. @returns how many rules were pushed. */
export async function pushDueReports(
  deps: JobDeps & { queue: NonNullable<JobDeps['queue']> },
  now = Date.now(),
): Promise<number> {
  let pushed = 0;
  await declareDeliveries(deps.queue);
  for (const rule of await loadReportRules(deps)) {
    const due = lastDue(rule.period, rule.pushTime, rule.timeZone, now);
    if (due.period.key === rule.lastPeriod || due.dueAt < new Date(rule.createdAt).getTime()) continue;
    const user = await pushUser(deps, rule.userId);
    if (!user) continue;
    const stationIds = await reportSites(deps.db, user, rule.stationIds);
    const lang = languageCodeOf(rule.receiveLanguageId);
    const lines =
      stationIds.length > 0 ? await reportLines(deps.db, user, rule.kind, stationIds, due.period, lang) : [];
    const name = translate(`push.kind.${rule.kind}` as MessageKey, lang);
    const periodText =
      due.period.from === due.period.to ? due.period.from : `${due.period.from} – ${due.period.to}`;
    const statisticsType = rule.period === 'day' ? 1 : 2;
    const message = reportMessage(name, periodText, lines, lang, `${publicUrlOf(deps.config)}/dashboard`, {
      kind: rule.kind,
      stationIds,
      statisticsType,
      searchDate: due.period.from,
      from: due.period.from,
      to: due.period.to,
    });
    const recipients = (
      await Promise.all(
        rule.channels.map(async (channel) =>
          (
            await CHANNELS[channel as keyof typeof CHANNELS].recipients(deps, rule.userId, rule.mailboxIds)
          ).map((r) => ({ channel, recipient: r.recipient })),
        ),
      )
    ).flat();
    const made = await deps.db.db.transaction(async (tx) => {
      // Only the process that moves last_period writes this period's deliveries.
      const moved = await tx
        .update(pushRules)
        .set({ lastPeriod: due.period.key })
        .where(
          and(
            eq(pushRules.id, rule.id),
            rule.lastPeriod === null
              ? isNull(pushRules.lastPeriod)
              : eq(pushRules.lastPeriod, rule.lastPeriod),
          ),
        )
        .returning({ id: pushRules.id });
      if (moved.length === 0 || stationIds.length === 0) return false;
      const ids: number[] = [];
      for (const r of recipients) {
        const rows = await tx
          .insert(pushDeliveries)
          .values({
            dedupeKey: deliveryKey.report(rule.id, due.period.key, r.channel, r.recipient),
            userId: rule.userId,
            ruleId: rule.id,
            kind: 'report',
            channel: r.channel,
            recipient: r.recipient,
            message,
          })
          .onConflictDoNothing()
          .returning({ id: pushDeliveries.id });
        ids.push(...rows.map((x) => x.id));
      }
      await queueDeliveries(deps.queue, ids, tx);
      return true;
    });
    if (made) pushed += 1;
  }
  return pushed;
}

/** The report-push job: every minute, at :15. */
export const reportPushJob: JobDefinition = {
  name: 'report-push',
  everyMs: 60_000,
  offsetMs: 15_000,
  run: async (deps, at) => {
    if (deps.queue) await pushDueReports({ ...deps, queue: deps.queue }, at.getTime());
  },
};
