/**
 * The OCPP upgrade's own checks before ocpp-rpc sees it (issue 31 items 1 and 6): the identity in the path
 * must decode and match OCPP's identifier characters (an `/ocpp/ID%00` or `/ocpp/%E0` is a clean 400, never
 * a database encoding error or ocpp-rpc's unhandled URIError), and every refusal carries the platform's
 * security headers (http/security-headers.ts), as every HTTP answer does.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { OCPP_IDENTITY_MAX, OCPP_IDENTITY_PATTERN } from '@ems/contract/api/ocpp';

/**
 * The charge point identity of an upgrade URL (`/ocpp/{identity}`, URL-encoded, as ocpp-rpc reads it: the
 * last path segment), or null when it does not decode or is not 1–48 of OCPP's identifier characters.
 */
export function upgradeIdentity(url: string | undefined): string | null {
  try {
    const path = new URL(`http://localhost${url ?? '/'}`).pathname;
    const identity = decodeURIComponent(path.split('/').pop() ?? '');
    return identity.length <= OCPP_IDENTITY_MAX && OCPP_IDENTITY_PATTERN.test(identity) ? identity : null;
  } catch {
    return null;
  }
}

/**
 * Answers an upgrade with HTTP `code` (a short plain-text `message`) and `headers` (the security headers)
 * and closes the socket. Nothing is written to a socket that is gone.
 */
export function refuseUpgrade(
  socket: Socket,
  code: number,
  message: string,
  headers: Record<string, string>,
): void {
  if (!socket.writable) return void socket.destroy();
  const all: Record<string, string> = {
    ...headers,
    connection: 'close',
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(message)),
  };
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
  socket.end(`HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\n${lines.join('\r\n')}\r\n\r\n${message}`);
}
