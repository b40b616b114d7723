/**
 * Personal centre calls of spec §7 (User), signed in: user/info/edit, user/password/edit, user/delete,
 * user/plans, and the avatar (avatar-routes.ts).
 */

import {
  AccountDeleteBodySchema,
  PasswordEditBodySchema,
  PlansSchema,
  UserInfoEditBodySchema,
} from '@ems/contract/api/account';
import { UserInfoSchema } from '@ems/contract/api/auth';
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createAuthService } from '../auth/service';
import { avatarRoutes } from './avatar-routes';
import { createPasswordChecks } from './passwords';
import { changePassword, deleteAccount, editProfile, type ProfileDeps, plansOf } from './service';

const USER = '/webpvesc/ajax/user';

/** Registers the personal-centre routes on the /owner_api scope. */
export async function profileRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const auth = createAuthService({ db: ctx.db, config: ctx.config });
  const deps: ProfileDeps = {
    db,
    passwords: createPasswordChecks(auth.keys, ctx.limits),
    forgetUser: auth.forgetUser,
    log: ctx.log,
  };
  const tags = ['profile'];
  const done = { 200: envelopeOf(z.null()) };

  r.post(
    `${USER}/info/edit`,
    {
      schema: {
        tags,
        summary: 'Edit name, nickname, phone and time zone (an IANA zone)',
        body: UserInfoEditBodySchema,
        response: { 200: envelopeOf(UserInfoSchema) },
      },
    },
    async (request) => ok(request, await editProfile(db, request.user, request.body)),
  );
  r.post(
    `${USER}/password/edit`,
    {
      schema: {
        tags,
        summary: 'Change the password (all three encrypted); every other session of the user ends',
        body: PasswordEditBodySchema,
        response: done,
      },
    },
    async (request) => {
      await changePassword(deps, request.user, request.body);
      return ok(request, null, 'account.passwordChanged');
    },
  );
  r.post(
    `${USER}/delete`,
    {
      schema: {
        tags,
        summary: 'Delete the caller’s account with its stations and devices (password required)',
        body: AccountDeleteBodySchema,
        response: done,
      },
    },
    async (request) => {
      await deleteAccount(deps, request.user, request.body);
      return ok(request, null, 'account.deleted');
    },
  );
  r.get(
    `${USER}/plans`,
    {
      schema: {
        tags,
        summary: 'Report subscription plans and the caller’s current plan and user type',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(PlansSchema) },
      },
    },
    async (request) => ok(request, await plansOf(db, request.user)),
  );
  await avatarRoutes(api, ctx);
}
