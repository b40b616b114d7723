/**
 * The user's push calls (issue 20 §1, §2, §6) under /owner_api/webpvesc/ajax/push: rules (config/list,
 * config/save, config/del), receiving mailboxes (mailbox/list, add, verify, del), each channel's state
 * (channels), a test send (test) and the delivery log (log).
 */
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import {
  ChannelStatesSchema,
  type Delivery,
  DeliveryPageSchema,
  MailboxAddSchema,
  MailboxSchema,
  MailboxVerifySchema,
  PushIdBodySchema,
  PushLogQuerySchema,
  PushRuleSaveSchema,
  PushRuleSchema,
  PushTestSchema,
} from '@ems/contract/api/push';
import { envelopeOf } from '@ems/contract/envelope';
import { isMessageKey, translate } from '@ems/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/language';
import { spend } from '../../security/limit-checks';
import { channelStates } from './channel-states';
import { CHANNELS } from './channels/registry';
import { deliveryPage } from './log-repo';
import { addMailbox, deleteMailbox, listMailboxes, verifyMailbox } from './mailbox-service';
import { removeRule, rulesOf, saveRule } from './rules-service';
import { sendTest } from './test-send';

const PUSH = '/webpvesc/ajax/push';

/**
 * push/test calls per user (issue 31 item 5): each queues a message to every recipient, so a loop of
 * them would mail everyone; 5 within 10 minutes is plenty to try a channel.
 */
export const PUSH_TEST_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

/** Registers the user's push routes. */
export async function userPushRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const deps = { db: ctx.db, config: ctx.config, log: ctx.log };
  const tests = ctx.limits.limiter('push.test', PUSH_TEST_LIMIT);
  const tags = ['push'];

  r.get(
    `${PUSH}/config/list`,
    {
      schema: {
        tags,
        summary: 'The caller’s push rules, newest first',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(z.array(PushRuleSchema)) },
      },
    },
    async (request) => ok(request, await rulesOf(ctx.db, request.user)),
  );
  r.post(
    `${PUSH}/config/save`,
    {
      schema: {
        tags,
        summary: 'Save a push rule (id present means edit); every site, device and mailbox is checked',
        body: PushRuleSaveSchema,
        response: { 200: envelopeOf(PushRuleSchema) },
      },
    },
    async (request) => ok(request, await saveRule(ctx.db, request.user, request.body)),
  );
  r.post(
    `${PUSH}/config/del`,
    {
      schema: {
        tags,
        summary: 'Delete a push rule',
        body: PushIdBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeRule(ctx.db, request.user, request.body.id);
      return ok(request, null);
    },
  );

  r.get(
    `${PUSH}/mailbox/list`,
    {
      schema: {
        tags,
        summary: 'Receiving mailboxes, the account’s own verified e-mail first',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(z.array(MailboxSchema)) },
      },
    },
    async (request) => ok(request, await listMailboxes(ctx.db, request.user)),
  );
  r.post(
    `${PUSH}/mailbox/add`,
    {
      schema: {
        tags,
        summary:
          'Add a receiving mailbox; a 6-character code goes to it (again for one not verified yet; at most 5)',
        body: MailboxAddSchema,
        response: { 200: envelopeOf(MailboxSchema) },
      },
    },
    async (request) => {
      const box = await addMailbox(ctx.db, request.user, request.body.email, request.body.languageId ?? 1);
      return ok(request, box, 'push.codeSent', { email: box.email });
    },
  );
  r.post(
    `${PUSH}/mailbox/verify`,
    {
      schema: {
        tags,
        summary: 'Verify a receiving mailbox with its code',
        body: MailboxVerifySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await verifyMailbox(ctx.db, request.user, request.body.id, request.body.validCode);
      return ok(request, null);
    },
  );
  r.post(
    `${PUSH}/mailbox/del`,
    {
      schema: {
        tags,
        summary: 'Delete a receiving mailbox (and take it out of the rules)',
        body: PushIdBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteMailbox(ctx.db, request.user, request.body.id);
      return ok(request, null);
    },
  );

  r.get(
    `${PUSH}/channels`,
    {
      schema: {
        tags,
        summary: 'Each channel’s state for the caller: not set up, no recipient yet, or ready',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(ChannelStatesSchema) },
      },
    },
    async (request) => ok(request, await channelStates(deps, request.user.userId)),
  );
  r.post(
    `${PUSH}/test`,
    {
      schema: {
        tags,
        summary: 'Send a test message to every recipient the caller has on one channel',
        body: PushTestSchema,
        response: { 200: envelopeOf(z.object({ recipients: z.number().int(), setUp: z.boolean() })) },
      },
    },
    async (request) => {
      const { channel } = request.body;
      await spend(tests, String(request.user.userId));
      const setUp = await CHANNELS[channel].isSetUp(deps);
      const n = await sendTest(deps, ctx.queue, request.user.userId, channel, request.body.languageId ?? 1);
      const msg = n === 0 ? 'push.noRecipient' : setUp ? 'push.testQueued' : 'push.channelNotSetUp';
      return ok(request, { recipients: n, setUp }, msg, { count: n });
    },
  );
  r.get(
    `${PUSH}/log`,
    {
      schema: {
        tags,
        summary: 'The caller’s delivery log, newest first; recipients masked',
        querystring: PushLogQuerySchema,
        response: { 200: envelopeOf(DeliveryPageSchema) },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const page = await deliveryPage(ctx.db, request.user.userId, request.query);
      const rows: Delivery[] = [];
      for (const row of page.rows) {
        const { mailError, ...d } = row;
        const raw = d.reason ?? mailError;
        rows.push({
          ...d,
          recipient: await CHANNELS[d.channel].label(deps, d.recipient),
          reason: raw ? (isMessageKey(raw) ? translate(raw, lang) : raw) : null,
        });
      }
      return ok(request, { rows, total: page.total });
    },
  );
}
