/**
 * Which Web Push endpoints the server will call (issue 20 §4, docs/push.md "The app channel"). An
 * endpoint is a URL a browser hands us and the server later POSTs to, so it is a server-side request
 * forgery risk: only https endpoints on public addresses are accepted, unless the endpoint's origin is
 * listed in WEB_PUSH_ALLOW_ORIGINS. A public address is a global unicast one: not private (10/8,
 * 172.16/12, 192.168/16), loopback, link-local, CGNAT (100.64/10), multicast, reserved or documentation
 * ranges, nor IPv6 unique-local, link-local or outside 2000::/3; IPv4-mapped IPv6 is judged as IPv4.
 * A host name is judged by every address it resolves to, when subscribing and again at connect time of
 * each send (publicOnlyLookup), so a name later pointed at an internal address is refused then too.
 */
import { type LookupAddress, lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether `address` (an IP literal) is a public, global unicast address. Not an address: false. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

/** The host of `url` without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** How the endpoint `url` is to be reached, or why it may not be. */
export type EndpointRoute =
  /** An allow-listed origin: called as it is. */
  | { kind: 'allowed' }
  /** https on a public address literal, or on a name whose addresses are checked when resolved. */
  | { kind: 'public' }
  | { kind: 'refused' };

/** Judges `endpoint` without resolving names (the static part of the rule). */
export function routeOf(endpoint: string, allowOrigins: readonly string[]): EndpointRoute {
  if (!URL.canParse(endpoint)) return { kind: 'refused' };
  const url = new URL(endpoint);
  if (allowOrigins.includes(url.origin)) return { kind: 'allowed' };
  if (url.protocol !== 'https:' || url.username || url.password) return { kind: 'refused' };
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return { kind: 'refused' };
  return { kind: 'public' };
}

/** How long subscribing waits for a name to resolve before leaving the check to the send. */
const RESOLVE_TIMEOUT_MS = 3000;

/** Every address of `host`, or null when it does not resolve (in time). */
function resolveAll(host: string): Promise<LookupAddress[] | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), RESOLVE_TIMEOUT_MS);
    lookup(host, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      resolve(err ? null : addresses);
    });
  });
}

/**
 * Whether a browser may subscribe with `endpoint`: the static rule, and for a name, none of its
 * addresses may be non-public. A name that does not resolve now is accepted: every send resolves it
 * again and refuses a non-public answer, so nothing internal is ever called.
 */
export async function acceptableEndpoint(
  endpoint: string,
  allowOrigins: readonly string[],
): Promise<boolean> {
  const route = routeOf(endpoint, allowOrigins);
  if (route.kind !== 'public') return route.kind === 'allowed';
  const host = hostOf(new URL(endpoint));
  if (ipaddr.isValid(host)) return true;
  const addresses = await resolveAll(host);
  return addresses === null || addresses.every((a) => isPublicAddress(a.address));
}

/** Error of a connection refused because the name resolved to a non-public address. */
export class NonPublicAddressError extends Error {
  readonly code = 'EPUSHNONPUBLIC';
  constructor(host: string, address: string) {
    super(`push endpoint ${host} resolves to the non-public address ${address}`);
  }
}

/**
 * A `lookup` for http(s).request that resolves as usual but fails when any address is not public: the
 * check happens on the very addresses the socket connects to, so a re-pointed name cannot slip past.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    const all = (options as { all?: boolean }).all === true;
    if (err) return all ? callback(err, []) : callback(err, '', 0);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0) {
      const refused = new NonPublicAddressError(hostname, bad?.address ?? 'none');
      return all ? callback(refused, []) : callback(refused, '', 0);
    }
    return all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
