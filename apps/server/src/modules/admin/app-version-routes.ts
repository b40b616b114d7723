/**
 * App versions: the console's list and create (admin scope) and the public app/version/last that
 * /download/app and /update/version read.
 */

import {
  AppVersionCreateBodySchema,
  AppVersionLastQuerySchema,
  AppVersionLastSchema,
  AppVersionSchema,
} from '@ems/contract/api/admin';
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { latestAppVersions, listAppVersions } from './app-version-repo';
import { createAppVersion } from './service';

/** Registers manage/app/versions and manage/app/versions/create on the admin-only scope. */
export async function adminAppVersionRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  r.get(
    '/webpvesc/ajax/manage/app/versions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every published app version, newest first',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(z.array(AppVersionSchema)) },
      },
    },
    async (request) => ok(request, await listAppVersions(db)),
  );
  r.post(
    '/webpvesc/ajax/manage/app/versions/create',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish an app version (versionCode must grow per platform, else 42200)',
        body: AppVersionCreateBodySchema,
        response: { 200: envelopeOf(AppVersionSchema) },
      },
    },
    async (request) => ok(request, await createAppVersion(db, request.body)),
  );
}

/** Registers GET app/version/last (public: the download page is open without sign-in, spec §2). */
export async function publicAppVersionRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/app/version/last',
    {
      config: { public: true },
      schema: {
        tags: ['general'],
        summary: 'The newest app version per platform (empty when none is published)',
        querystring: AppVersionLastQuerySchema,
        response: { 200: envelopeOf(AppVersionLastSchema) },
      },
    },
    async (request) => ok(request, await latestAppVersions(ctx.db.db, request.query.platform)),
  );
}
