/**
 * Serves the built web app (apps/web/dist, or WEB_DIST) at / and answers every unmatched URL: the API's
 * 404 in the spec §7 envelope, any other GET with index.html so the SPA resolves its own routes (spec §2).
 *
 * Caching (issue 6, item 10): hashed files under /assets/ are immutable for a year; index.html and the
 * SPA fallback are `no-cache` (revalidated each time, so a new build is picked up at once), and so are
 * the service worker /sw.js and /manifest.webmanifest; other root files (favicon, icons…) keep a short
 * cache. The build writes .br and .gz beside each asset and
 * `preCompressed` picks one by Accept-Encoding, with `Vary: Accept-Encoding`.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { declareScopeAccess } from './access';
import { isApiPath } from './api-path';
import { requestLanguage } from './language';

/** Cache-Control of content-hashed build output (the name changes whenever the content does). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html: stored, but revalidated (ETag / Last-Modified) before each use. */
export const HTML_CACHE = 'no-cache';
/** Cache-Control of unhashed root files such as favicon.svg. */
export const SHORT_CACHE = 'public, max-age=3600';

/**
 * Unhashed files a browser must revalidate like index.html (issue 20 §4): the service worker, whose
 * update the app's next visit must see, and the web app manifest it installs with.
 */
const REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

/** Cache-Control for a served file; `path` is the file on disk, possibly its .br/.gz variant. */
function cacheControlFor(path: string): string {
  const name = basename(path).replace(/\.(br|gz)$/, '');
  if (name.endsWith('.html') || REVALIDATED.has(name)) return HTML_CACHE;
  return /[\\/]assets[\\/]/.test(path) ? IMMUTABLE_CACHE : SHORT_CACHE;
}

/**
 * Registers the static files and the not-found handler on `app` (call once, from buildApp).
 * Every static route is declared `config.public` on the route itself, so the session hook lets it
 * through without reading the URL. Without a built web app only the enveloped 404 remains.
 */
export async function registerWebAssets(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = resolve(config.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname);
  if (!existsSync(resolve(webDist, 'index.html'))) {
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
    return;
  }
  // Encapsulated: the onRoute hook below touches only the static routes, and reply.sendFile exists
  // only here, so the not-found handler that needs it is set here too (it still covers every prefix).
  await app.register(async (web) => {
    declareScopeAccess(web, 'public');
    await web.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      // The variants are reached through their original's route; they need no route of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
    web.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url) || request.method !== 'GET') return sendNotFound(request, reply);
      // Client-side routes (spec §2) are resolved by the SPA, including its own /404.
      return reply.sendFile('index.html');
    });
  });
}

/** The spec §7 404 envelope (Status.NOT_FOUND) in the caller's language. */
function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({
    status: Status.NOT_FOUND,
    msg: translate('common.notFound', requestLanguage(request)),
    data: null,
  });
}
