/**
 * Security headers on every answer, API and web alike (issue 6, item 6), set by @fastify/helmet from an
 * onRequest hook so that errors and 404s carry them too. What is sent and why: docs/security.md,
 * "Headers and cookies".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The Content-Security-Policy directives of the web app. Scripts come only from our own origin (the
 * build emits no inline script); styles allow 'unsafe-inline' because antd's CSS-in-JS writes <style>
 * elements at run time and React writes style attributes. `https` adds upgrade-insecure-requests.
 */
export function cspDirectives(https: boolean): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // The service worker /sw.js and the web app manifest of the installable app (issue 20 §4); said
    // outright rather than left to fall back to default-src.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Over plain http (a LAN install) an upgrade would send the page's own requests to a dead https port.
    upgradeInsecureRequests: https ? [] : null,
  };
}

/**
 * The helmet options of the platform. HSTS is sent only when `config.HTTPS` says the public URL is https
 * (directly or behind a TLS proxy): over plain http a browser ignores it, and a wrong one would lock a
 * LAN install out of http.
 */
function helmetOptions(config: Pick<Config, 'HTTPS'>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.HTTPS) },
    strictTransportSecurity: config.HTTPS ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // frame-ancestors 'none' is the modern form; X-Frame-Options DENY says the same to older browsers.
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    // Same-origin app: nothing of ours is meant to be embedded by another site.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** Registers the headers on the root instance (call before any route or static file is registered). */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // helmet's ESM and CommonJS typings name the same options twice; the values are helmet's own.
  await app.register(fastifyHelmet, { global: true, ...(helmetOptions(config) as FastifyHelmetOptions) });
}

/**
 * The same headers as a fixed name → value map (issue 19 §3), for the answers no hook sees: a URL the
 * router cannot decode and a request the HTTP parser refuses (error-handler.ts). Made by running helmet
 * itself once with these options, so the two can never differ.
 */
export function staticSecurityHeaders(config: Pick<Config, 'HTTPS'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(helmetOptions(config))({} as IncomingMessage, res, () => {});
  return headers;
}
