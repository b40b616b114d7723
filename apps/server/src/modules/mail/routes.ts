/**
 * Administrator's mail calls (issue 3 §2, §6) under /owner_api/webpvesc/ajax/manage: SMTP settings, a test
 * mail, and the outbox (where mail can be read while no SMTP server is set). Every one needs the admin role,
 * which the admin module's manage scope checks before validation.
 */
import {
  OutboxPageSchema,
  PageQuerySchema,
  SmtpSettingsBodySchema,
  SmtpSettingsSchema,
  SmtpTestBodySchema,
} from '@ems/contract/api/admin';
import { languageIdField } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/language';
import { enqueueMail, mailQueued } from './outbox';
import { listOutbox, makePendingDue } from './outbox-repo';
import { presentSmtp, readSmtpSettings, writeSmtpSettings } from './smtp-settings';
import { testMail } from './templates';

/** Registers the mail routes; mount them only inside the admin-only manage scope (adminRoutes). */
export async function mailRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;

  r.get(
    '/webpvesc/ajax/manage/smtp',
    {
      schema: {
        tags: ['manage'],
        summary: 'SMTP settings (the password is never returned)',
        querystring: z.object({ languageId: languageIdField }),
        response: { 200: envelopeOf(SmtpSettingsSchema) },
      },
    },
    async (request) => ok(request, presentSmtp(await readSmtpSettings(db))),
  );

  r.post(
    '/webpvesc/ajax/manage/smtp',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Save the SMTP settings (an empty password keeps the stored one); pending mail is retried at once',
        body: SmtpSettingsBodySchema,
        response: { 200: envelopeOf(SmtpSettingsSchema) },
      },
    },
    async (request) => {
      const { languageId: _lang, ...input } = request.body;
      const stored = await writeSmtpSettings(db, input);
      await makePendingDue(db);
      mailQueued(ctx.db);
      request.log.info(
        { host: stored.host, port: stored.port, security: stored.security },
        'SMTP settings saved',
      );
      return ok(request, presentSmtp(stored));
    },
  );

  r.post(
    '/webpvesc/ajax/manage/smtp/test',
    {
      schema: {
        tags: ['manage'],
        summary: 'Queue a test mail to `to` (its delivery shows in the outbox)',
        body: SmtpTestBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { to } = request.body;
      await enqueueMail(db, testMail(to, requestLanguage(request)));
      mailQueued(ctx.db);
      return ok(request, null, 'mail.testSent', { address: to });
    },
  );

  r.get(
    '/webpvesc/ajax/manage/outbox',
    {
      schema: {
        tags: ['manage'],
        summary: 'Outgoing mail, newest first (filterText matches recipient or subject)',
        querystring: PageQuerySchema,
        response: { 200: envelopeOf(OutboxPageSchema) },
      },
    },
    async (request) => ok(request, await listOutbox(db, request.query)),
  );
}
