/**
 * The daily "your report plan ends soon" mail (issue 24 item 15): users whose plan ends within
 * PLAN_REMINDER_DAYS get one mail per plan through the outbox (queued and marked in one transaction,
 * so a crash neither loses nor doubles it); confirming a new order makes the next one due.
 */
import { translate } from '@ems/contract/messages';
import type { DbHandle } from '../../db/client';
import type { JobDefinition } from '../../jobs/job';
import { languageCodeOf } from '../account/language-of';
import { enqueueMail, mailQueued } from '../mail/outbox';
import { findPlansEnding, markReminded } from './repo';

/** How many days before its end a plan's reminder goes out. */
export const PLAN_REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;

/** Queues the reminders due at `now`. @returns how many were queued. */
export async function sendPlanReminders(db: DbHandle, now: Date): Promise<number> {
  const ending = await findPlansEnding(db.db, now, new Date(now.getTime() + PLAN_REMINDER_DAYS * DAY_MS));
  for (const user of ending) {
    const language = languageCodeOf(user.languageId);
    const date = user.planExpiresAt.toISOString().slice(0, 10);
    await db.db.transaction(async (tx) => {
      await enqueueMail(tx, {
        to: user.email,
        subject: translate('mail.planReminderSubject', language),
        body: translate('mail.planReminderBody', language, { date, months: user.planMonths ?? 0 }),
      });
      await markReminded(tx, user.id, now);
    });
  }
  if (ending.length > 0) mailQueued(db);
  return ending.length;
}

/** Daily at 08:00 UTC. */
export const planReminderJob: JobDefinition = {
  name: 'plan-reminders',
  everyMs: DAY_MS,
  offsetMs: 8 * 3_600_000,
  run: async ({ db, log }, now) => {
    const queued = await sendPlanReminders(db, now);
    if (queued > 0) log.info({ queued }, 'plan reminders queued');
  },
};
