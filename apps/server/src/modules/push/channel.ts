/**
 * A push channel (issue 20 §4): how messages reach one kind of recipient. The delivery job
 * (deliver.ts) asks the channel whether the platform has it set up, then hands it one delivery; the
 * fan-out (fanout.ts, reports.ts) asks it for a user's recipients. E-mail, the web app (Web Push) and
 * the official account implement it in channels/.
 */
import type { PushChannel } from '@ems/contract/api/push';
import type { LanguageCode } from '@ems/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { Tx } from '../mail/outbox';

/** A message as rendered in the rule's language (render.ts); kept on the delivery row. */
export interface PushMessage {
  /** The language it is written in (the rule's receive language). */
  language: LanguageCode;
  /** One line: the e-mail subject, the notification title, the template's first field. */
  title: string;
  /** Plain text, several lines. */
  text: string;
  /** E-mail only: the same as HTML. */
  html?: string;
  /** Absolute link to open (the station page of the alarm's site and device, or the report page). */
  link: string;
  /** Short fields for templates (official account): site, device, code, level, time… in display form. */
  fields: Record<string, string>;
  /** Report messages: what to attach to an e-mail (rebuilt at delivery time from this description). */
  report?: {
    kind: 'data' | 'alarmReport' | 'generation';
    stationIds: number[];
    statisticsType: 1 | 2;
    searchDate: string;
    from: string;
    to: string;
  };
}

/** One delivery as the channel gets it. */
export interface DeliveryToSend {
  id: number;
  userId: number;
  channel: PushChannel;
  /** The channel's own address: an e-mail address, an app subscription id, an openid. */
  recipient: string;
  kind: string;
  message: PushMessage;
  /** 1 on the first attempt. */
  attempt: number;
}

/**
 * What became of one attempt: `sent`; `gone` when the recipient no longer exists (a Web Push
 * subscription answered 404/410: the channel removed it; an unbound openid), which ends the delivery as
 * failed without retry; `queuedElsewhere` when another outbox took it and reports its fate (e-mail: the
 * mail outbox row `mailId`). An error thrown is retried with backoff (transient: network, quota).
 */
export type SendOutcome =
  | { status: 'sent' }
  | { status: 'gone'; reason: string }
  | { status: 'queuedElsewhere'; mailId: number };

/** What a channel gets to work with. */
export interface ChannelDeps {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
}

/** A user's recipient on a channel: its address and a label to show (masked where it is an address). */
export interface Recipient {
  recipient: string;
  label: string;
}

/** One channel. */
export interface PushChannelImpl {
  channel: PushChannel;
  /** Whether the platform has the channel set up (SMTP server, official account); Web Push always is. */
  isSetUp(deps: ChannelDeps): Promise<boolean>;
  /**
   * Whether a delivery waits in the log while the channel is not set up (`waiting`, queued again when it
   * is). False for e-mail: its outbox holds the mail until an SMTP server is set, visible in the console.
   */
  waitsUntilSetUp: boolean;
  /**
   * The recipients of `userId` on this channel: for e-mail the rule's verified mailboxes (or the
   * account's own verified e-mail when the rule names none), for the app each subscribed browser, for
   * the official account the bound openid.
   */
  recipients(deps: ChannelDeps, userId: number, mailboxIds: readonly number[]): Promise<Recipient[]>;
  /** Label of a recipient address for the log (masked e-mail, browser name, masked openid). */
  label(deps: ChannelDeps, recipient: string): Promise<string>;
  /** Delivers one message. @throws to be retried. */
  send(deps: ChannelDeps, delivery: DeliveryToSend): Promise<SendOutcome>;
  /**
   * For a channel whose send hands the message to another outbox (e-mail): many deliveries handed on in
   * one statement, which also records the attempt on each delivery row (attempts, reason cleared, the
   * link), as `send` answering `queuedElsewhere` and its recording would. `accepts` says which deliveries
   * it takes (the others go through `send`). With `tx`, inside that transaction (the alarm fan-out hands
   * new e-mail over in the transaction that writes their rows, so no delivery job is needed); `handedOver`
   * must then be called once it has committed. @throws to be retried, none of them handed on.
   */
  handOver?: {
    accepts(delivery: DeliveryToSend): boolean;
    send(deps: ChannelDeps, deliveries: readonly DeliveryToSend[], tx?: Tx): Promise<void>;
    /** Wakes what takes the handed-over messages on (the mail sender). */
    handedOver(deps: ChannelDeps): void;
  };
}
