/**
 * Administrator console calls (issue 3 §6) under /owner_api/webpvesc/ajax/manage: users, languages,
 * dictionaries, app versions, and the mail module's SMTP and outbox calls. Every one needs the admin role (40300 无操作权限 otherwise); the
 * public app/version/last sits outside that scope.
 */

import {
  AdminUserEditBodySchema,
  AdminUserPageSchema,
  AdminUserSchema,
  LanguageEditBodySchema,
  PageQuerySchema,
} from '@ems/contract/api/admin';
import { LanguageListSchema, LanguageOnlyQuerySchema, LanguageSchema } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declareScopeAccess } from '../../http/access';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { ingestStatusRoutes } from '../../ingest/status-routes';
import { createAuthService } from '../auth/service';
import { listLanguages } from '../general/repo';
import { mailRoutes } from '../mail/routes';
import { mapTilesAdminRoutes } from '../map-tiles/routes';
import { planAdminRoutes } from '../plans/routes';
import { adminAppVersionRoutes, publicAppVersionRoutes } from './app-version-routes';
import { adminDictionaryRoutes } from './dictionary-routes';
import { adminInventoryRoutes } from './inventory';
import { renameLanguage } from './language-repo';
import { editUser } from './service';
import { findUserPage } from './users-repo';

/** Path prefix of the console's calls. */
export const MANAGE = '/webpvesc/ajax/manage';

/** Registers the console routes (admin-only scope, mail's included) and the public app/version/last. */
export async function adminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await publicAppVersionRoutes(api, ctx);
  await api.register(async (scope) => {
    // Declared on each route, checked by the access hook before any body is read.
    declareScopeAccess(scope, 'admin');
    await manageUserRoutes(scope, ctx);
    await adminDictionaryRoutes(scope, ctx);
    await adminAppVersionRoutes(scope, ctx);
    await adminInventoryRoutes(scope, ctx);
    await mailRoutes(scope, ctx);
    await mapTilesAdminRoutes(scope, ctx); // issue 7 item 7
    await planAdminRoutes(scope, ctx); // issue 24 item 15: plan payments
    await ingestStatusRoutes(scope, MANAGE);
  });
}

/** manage/users, manage/users/edit, manage/languages, manage/languages/edit. */
async function manageUserRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const auth = createAuthService({ db: ctx.db, config: ctx.config });
  const tags = ['admin'];
  r.get(
    `${MANAGE}/users`,
    {
      schema: {
        tags,
        summary: 'Users matching filterText (login name, user name, e-mail), with their station counts',
        querystring: PageQuerySchema,
        response: { 200: envelopeOf(AdminUserPageSchema) },
      },
    },
    async (request) => ok(request, await findUserPage(db, request.query)),
  );
  r.post(
    `${MANAGE}/users/edit`,
    {
      schema: {
        tags,
        summary: 'Change a user’s type or disable it (disabling ends its sessions at once)',
        body: AdminUserEditBodySchema,
        response: { 200: envelopeOf(AdminUserSchema) },
      },
    },
    async (request) =>
      ok(request, await editUser({ db, forgetUser: auth.forgetUser }, request.user, request.body)),
  );
  r.get(
    `${MANAGE}/languages`,
    {
      schema: {
        tags,
        summary: 'Languages',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(LanguageListSchema) },
      },
    },
    async (request) => ok(request, await listLanguages(db)),
  );
  r.post(
    `${MANAGE}/languages/edit`,
    {
      schema: {
        tags,
        summary: 'Rename a language',
        body: LanguageEditBodySchema,
        response: { 200: envelopeOf(LanguageSchema) },
      },
    },
    async (request) => {
      const language = await renameLanguage(db, request.body.id, request.body.languageName);
      if (!language) throw notFound();
      return ok(request, language);
    },
  );
}
