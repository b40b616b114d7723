/**
 * The official account's server URL (issue 20 §4, docs/push.md "Official account"): WeChat each request with the
 * token the administrator entered, `signature` = sha1 of `token`, `timestamp` and `nonce` sorted and
 * joined. A GET with `echostr` verifies the URL; a POST carries one event as XML (plaintext mode). A
 * `subscribe` event with EventKey `qrscene_<scene>` (a new follower who scanned a binding QR code) or a
 * `SCAN` event with EventKey `<scene>` (a follower who scanned) binds that WeChat user to the scene's
 * account; `unsubscribe` unbinds it. Unsigned requests are refused before the body is read as XML.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Db } from '../../../db/client';
import { bindScene, unbindOpenid } from './repo';

/** A signed request's timestamp may differ from the server's clock by this many seconds. */
export const CALLBACK_MAX_SKEW_S = 600;

/** The signature WeChat sends for `token`, `timestamp` and `nonce`. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** Whether the request is signed with `token` and its timestamp is current. */
export function isSigned(
  token: string,
  q: { signature: string; timestamp: string; nonce: string },
  nowMs = Date.now(),
): boolean {
  if (!/^\d{1,12}$/.test(q.timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(q.timestamp)) > CALLBACK_MAX_SKEW_S) return false;
  const expected = Buffer.from(callbackSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The fields of an event the platform reads. */
export interface AccountEvent {
  msgType: string;
  event: string;
  eventKey: string;
  /** The WeChat user's openid. */
  from: string;
}

// Entities are neither declared nor expanded (no DOCTYPE is accepted at all), values stay strings.
const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 8,
});

/** The event in `xml`, or null when it is not well-formed WeChat XML (nothing is done with it). */
export function parseEvent(xml: string): AccountEvent | null {
  if (/<!(DOCTYPE|ENTITY)/i.test(xml) || XMLValidator.validate(xml) !== true) return null;
  let root: unknown;
  try {
    root = (parser.parse(xml) as { xml?: unknown }).xml;
  } catch {
    return null;
  }
  if (!root || typeof root !== 'object') return null;
  const text = (name: string) => {
    const v = (root as Record<string, unknown>)[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    msgType: text('MsgType'),
    event: text('Event'),
    eventKey: text('EventKey'),
    from: text('FromUserName'),
  };
}

/** What an event did, for the log. */
export type EventOutcome = 'bound' | 'sceneRefused' | 'unbound' | 'ignored';

/** Acts on one event: binds a scanned scene, unbinds an unfollow; anything else is ignored. */
export async function handleEvent(db: Db, e: AccountEvent): Promise<EventOutcome> {
  if (e.msgType !== 'event' || e.from === '') return 'ignored';
  const event = e.event.toLowerCase();
  let scene: string | null = null;
  if (event === 'subscribe' && e.eventKey.startsWith('qrscene_')) scene = e.eventKey.slice('qrscene_'.length);
  if (event === 'scan') scene = e.eventKey;
  if (scene) return (await bindScene(db, scene, e.from)) !== null ? 'bound' : 'sceneRefused';
  if (event === 'unsubscribe') return (await unbindOpenid(db, e.from)) ? 'unbound' : 'ignored';
  return 'ignored';
}
