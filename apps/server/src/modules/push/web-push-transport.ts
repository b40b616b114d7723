/**
 * Sends one Web Push request (RFC 8030 §5: a POST of the encrypted message to the subscription's
 * endpoint). The `web-push` package builds the request (RFC 8291 encryption, RFC 8292 VAPID header:
 * generateRequestDetails); this file only carries it, so that the endpoint rule of endpoint-guard.ts
 * holds on the connection itself (web-push's own sender speaks https only and connects wherever the
 * name resolves). No redirect is followed.
 */
import http from 'node:http';
import https from 'node:https';
import type { RequestDetails } from 'web-push';
import { publicOnlyLookup, routeOf } from './endpoint-guard';

/** What the push service answered. */
export interface PushServiceAnswer {
  status: number;
  /** The first KB of the body, for the log when it refused. */
  body: string;
}

/** The endpoint broke the endpoint rule (the allow-list changed since it subscribed). */
export class RefusedEndpointError extends Error {}

/** Longest a push service may take to answer, in ms. */
export const PUSH_TIMEOUT_MS = 15_000;

/**
 * POSTs `details` to its endpoint. @throws RefusedEndpointError when the endpoint breaks the rule,
 * the lookup's NonPublicAddressError, or a network error or timeout (all retried by the caller).
 */
export function postPush(
  details: RequestDetails,
  allowOrigins: readonly string[],
): Promise<PushServiceAnswer> {
  const route = routeOf(details.endpoint, allowOrigins);
  if (route.kind === 'refused') return Promise.reject(new RefusedEndpointError('push endpoint not accepted'));
  const url = new URL(details.endpoint);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        timeout: PUSH_TIMEOUT_MS,
        // An allow-listed origin is reached as configured; any other name only on public addresses.
        ...(route.kind === 'public' ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < 1024) body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: body.slice(0, 1024) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`push service did not answer within ${PUSH_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}
