/**
 * Alarm push (issue 20 §3): triggers on `alarms` leave an event for every alarm raised or cleared
 * (migration 0014), in the transaction that changed it; this job turns the events into deliveries, one per
 * alarm occurrence, event, channel and recipient (the log's unique key), in the transaction that deletes
 * the events; in that transaction too it hands new e-mails to the mail outbox and queues delivery jobs for
 * the rest (other channels, digests due later). So a device resending its active code makes no event (the
 * alarm is open once), a restart or a second process never pushes twice, and nothing raised is missed.
 * It runs every 5 s on one process (an exclusive periodic job) and within a second when the database
 * NOTIFYs `alarm_push`.
 */
import type { PushChannel } from '@ems/contract/api/push';
import type { LanguageCode } from '@ems/contract/constants';
import { publicUrlOf } from '../../config';
import type { JobDefinition, JobDeps } from '../../jobs/job';
import { languageCodeOf } from '../account/language-of';
import { lookupAlarm } from '../alarms/catalog';
import type { DeliveryToSend, Recipient } from './channel';
import { CHANNELS } from './channels/registry';
import { declareDeliveries, queueDeliveries } from './deliver';
import {
  breaksQuiet,
  deliveryKey,
  flapKey,
  flapWindow,
  inQuietHours,
  type RuleForMatch,
  ruleMatches,
} from './fanout-plan';
import {
  type AlarmEventRow,
  countFlaps,
  insertDeliveries,
  loadAlarmRules,
  loadEventAlarms,
  type NewDelivery,
  peekAlarmEvents,
  recentFlapKeys,
} from './fanout-repo';
import { countDelivery } from './metrics';
import { alarmMessage } from './render';

/** Events taken per run. */
export const FANOUT_BATCH = 500;

/** Plans the deliveries of `events` (reads only). */
async function plan(deps: JobDeps, events: AlarmEventRow[], now: Date): Promise<NewDelivery[]> {
  const stationIds = [...new Set(events.map((e) => e.stationId))];
  const rules = await loadAlarmRules(deps.db, stationIds);
  if (rules.length === 0) return [];
  const recipientsOf = new Map<string, Promise<Recipient[]>>();
  const recipients = (channel: string, rule: RuleForMatch & { mailboxIds: number[] }) => {
    const key = `${channel}\u0000${rule.userId}\u0000${rule.mailboxIds.join(',')}`;
    let found = recipientsOf.get(key);
    if (!found) {
      found = CHANNELS[channel as keyof typeof CHANNELS].recipients(deps, rule.userId, rule.mailboxIds);
      recipientsOf.set(key, found);
    }
    return found;
  };
  const publicUrl = publicUrlOf(deps.config);
  const deviceIds = [...new Set(events.map((e) => e.deviceId).filter((d): d is number => d !== null))];
  const recent = await recentFlapKeys(deps.db, deviceIds, now);
  const out: NewDelivery[] = [];
  // One message per key even when two rules of a user match the same alarm.
  const planned = new Set<string>();
  for (const e of events) {
    for (const rule of rules) {
      if (!rule.sees.includes(e.stationId) || !ruleMatches(rule, e, e.event)) continue;
      const lang = languageCodeOf(rule.receiveLanguageId);
      for (const channel of rule.channels) {
        for (const r of await recipients(channel, rule)) {
          const key = deliveryKey.alarm(e.alarmId, e.event, channel, r.recipient);
          if (planned.has(key)) continue;
          planned.add(key);
          const base = {
            eventId: e.eventId,
            userId: rule.userId,
            ruleId: rule.id,
            channel,
            recipient: r.recipient,
            stationId: e.stationId,
            alarmId: e.alarmId,
          };
          const message = (event: 'raised' | 'cleared' | 'digest', count?: number) =>
            alarmMessage(describe(e, lang), event, lang, publicUrl, count);
          if (!breaksQuiet(e.level) && inQuietHours(rule, now, rule.timeZone)) {
            out.push({
              ...base,
              dedupeKey: key,
              kind: kindOf(e.event),
              message: message(e.event),
              suppressed: 'push.reason.quietHours',
            });
            continue;
          }
          const flap = flapKey(e.deviceId, e.code, channel, r.recipient);
          if (e.event === 'raised' && recent.has(flap)) {
            // Back within the window: in the log as flapping, and one digest for the window at its end.
            out.push({
              ...base,
              dedupeKey: key,
              kind: 'alarm',
              message: message('raised'),
              suppressed: 'push.reason.flapping',
            });
            const window = flapWindow(e.startedAt);
            const count = await countFlaps(deps.db, e.deviceId, e.code, window);
            out.push({
              ...base,
              dedupeKey: deliveryKey.digest(e.deviceId, e.code, window, channel, r.recipient),
              kind: 'digest',
              message: message('digest', count),
              updateMessage: true,
              startAfter: new Date((window + 600) * 1000),
            });
            continue;
          }
          if (e.event === 'raised') recent.add(flap);
          out.push({ ...base, dedupeKey: key, kind: kindOf(e.event), message: message(e.event) });
        }
      }
    }
  }
  return out;
}

const kindOf = (event: 'raised' | 'cleared') => (event === 'raised' ? 'alarm' : 'cleared');

/** The alarm as its message shows it, its description in `lang` (rule alarms keep their rule's name). */
function describe(e: AlarmEventRow, lang: LanguageCode) {
  const entry = e.source === 'rule' ? null : lookupAlarm(e.catalog, e.code, lang);
  return { ...e, desc: entry?.desc ?? e.desc } satisfies Parameters<typeof alarmMessage>[0];
}

/**
 * Splits new deliveries into those handed on at once in the fan-out's transaction (a channel that hands
 * over to another outbox, e-mail: the access check is the plan's own, made in this run, so a delivery
 * job would only repeat it a moment later, issue 36 §2) and those left to delivery jobs, by due time
 * (epoch ms, null: now). Digests wait for their window, so they always go to a job.
 */
function route(queued: readonly { id: number; delivery: NewDelivery }[]) {
  const handOver = new Map<PushChannel, DeliveryToSend[]>();
  const later = new Map<number | null, number[]>();
  for (const { id, delivery: d } of queued) {
    const channel = CHANNELS[d.channel as PushChannel];
    const toSend: DeliveryToSend = {
      id,
      userId: d.userId,
      channel: channel.channel,
      recipient: d.recipient,
      kind: d.kind,
      message: d.message,
      attempt: 1,
    };
    if (!d.startAfter && !channel.waitsUntilSetUp && channel.handOver?.accepts(toSend)) {
      handOver.set(channel.channel, (handOver.get(channel.channel) ?? []).concat(toSend));
    } else {
      const at = d.startAfter?.getTime() ?? null;
      later.set(at, (later.get(at) ?? []).concat(id));
    }
  }
  return { handOver, later };
}

/**
 * Fans out up to FANOUT_BATCH waiting alarm events. @returns how many events it took (another process
 * may have taken some of those it read: those are left to it).
 */
export async function fanOutAlarmEvents(
  deps: JobDeps & { queue: NonNullable<JobDeps['queue']> },
  now = new Date(),
): Promise<number> {
  const peeked = await peekAlarmEvents(deps.db, FANOUT_BATCH);
  if (peeked.length === 0) return 0;
  const events = await loadEventAlarms(deps.db, peeked);
  const planned = await plan(deps, events, now);
  await declareDeliveries(deps.queue);
  // Reading happened outside the transaction (on PGlite nothing else may run while one is open); the
  // transaction takes the events, so only one process writes what they make.
  const taken = await deps.db.db.transaction(async (tx) => {
    const inserted = await insertDeliveries(
      tx,
      peeked.map((p) => p.id),
      planned,
    );
    const { handOver, later } = route(inserted.queued);
    for (const [channel, deliveries] of handOver)
      await CHANNELS[channel].handOver!.send(deps, deliveries, tx);
    for (const [at, ids] of later)
      await queueDeliveries(deps.queue, ids, tx, at === null ? undefined : new Date(at));
    return { ...inserted, handedOver: [...handOver.keys()] };
  });
  for (const channel of taken.handedOver) CHANNELS[channel].handOver!.handedOver(deps);
  // Quiet hours and flapping settle a delivery as it is written.
  for (const channel of taken.suppressed) countDelivery(channel as PushChannel, 'suppressed');
  return taken.events;
}

/** The alarm-push job: every 5 s, and at once on the database's `alarm_push` notice. */
export const alarmPushJob: JobDefinition = {
  name: 'alarm-push',
  everyMs: 5_000,
  offsetMs: 1_000,
  // At 1,000 alarms a minute the database NOTIFYs many times a second: a run every two seconds takes thirty
  // or more events together, where one per 100 ms paid the run's fixed statements (a dozen, and a
  // transaction) for one or two (issue 36 §2). Its e-mails then leave within about 3 s (mail p99 ≤ 5 s).
  kickCoalesceMs: 2_000,
  run: async (deps) => {
    if (!deps.queue) return;
    while ((await fanOutAlarmEvents({ ...deps, queue: deps.queue })) === FANOUT_BATCH) {}
  },
  wakeOn: (db, kick) => {
    let stop: (() => Promise<void>) | null = null;
    let stopped = false;
    void db
      .listen('alarm_push', { onNotify: kick, onListening: (up) => (up ? kick() : undefined) })
      .then((s) => {
        if (stopped) void s();
        else stop = s;
      });
    return () => {
      stopped = true;
      void stop?.();
    };
  },
};
