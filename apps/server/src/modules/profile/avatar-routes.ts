/**
 * POST user/avatar (multipart, field `file`, signed in) and GET user/avatar/:userId (public: <img> loads
 * it without the token header; avatars are not secret).
 */
import { AVATAR_MAX_BYTES, AvatarSchema } from '@ems/contract/api/account';
import { idParam, languageIdField } from '@ems/contract/api/common';
import { safeString } from '@ems/contract/bounds';
import { envelopeOf } from '@ems/contract/envelope';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { AppError, fieldError, illegalInput, notFound } from '../../http/errors';
import { loadAvatar, storeAvatar } from './avatar';
import { imageSize } from './errors';

const isTooLarge = (err: unknown) => (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Registers the avatar upload (in its own scope, the only one that parses multipart) and the image route. */
export async function avatarRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.db;
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webpvesc/ajax/user/avatar',
      {
        schema: {
          tags: ['profile'],
          summary: `Upload the caller's avatar: multipart field "file", PNG, JPEG or WebP by content, at most ${AVATAR_MAX_BYTES / 1024} KB`,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(AvatarSchema) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw fieldError('validation.required', 'file');
        let data: Buffer;
        try {
          const file = await request.file();
          if (file?.fieldname !== 'file') throw fieldError('validation.required', 'file');
          data = await file.toBuffer();
        } catch (err) {
          // Anything else the parser throws is a malformed body: the caller's fault, never a 500.
          throw isTooLarge(err) ? imageSize() : err instanceof AppError ? err : illegalInput();
        }
        return ok(request, { avatar: await storeAvatar(db, request.user.userId, data) });
      },
    );
  });

  api.withTypeProvider<ZodTypeProvider>().get(
    '/webpvesc/ajax/user/avatar/:userId',
    {
      config: { public: true },
      schema: {
        tags: ['profile'],
        summary: 'A user’s avatar image (its URL is users.avatar; `v` changes with the image)',
        params: z.object({ userId: idParam }),
        querystring: z.object({
          v: safeString(40).optional(),
          languageId: languageIdField,
        }),
      },
    },
    async (request, reply) => {
      const avatar = await loadAvatar(db, request.params.userId);
      if (!avatar) throw notFound();
      const etag = `"${avatar.version}"`;
      // A URL naming the current version never changes; any other asks again each time.
      const cache =
        request.query.v === avatar.version ? 'public, max-age=31536000, immutable' : 'public, no-cache';
      reply.headers({
        etag,
        'cache-control': cache,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(avatar.mime).send(avatar.data);
    },
  );
}
