/**
 * area/list's answer, built once per language and kept compressed (issue 7 item 6). The tree is static
 * data of ~10,000 areas (every country's first level, Czechia's districts, China's cities, Brazil's
 * 5,570 municipalities): about 790 KB of JSON, 130 KB as Brotli or gzip. The API does not compress answers in
 * general (most are small and change every 5 s); this one is the same for every caller of a language,
 * so its JSON and its Brotli and gzip forms are made on first use and served as stored.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/language';
import { areaTree } from './area-tree';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';
type Bodies = Record<Encoding, Buffer>;
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
const cache = new Map<string, Promise<Bodies>>();

/** The spec §7 success envelope (`ok`) of the tree in the caller's language, as JSON and compressed. */
function bodiesOf(request: FastifyRequest): Promise<Bodies> {
  const language = requestLanguage(request);
  let hit = cache.get(language);
  if (!hit) {
    const json = Buffer.from(JSON.stringify(ok(request, areaTree(language))));
    hit = Promise.all([
      brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gz(json, { level: 9 }),
    ]).then(([br, gzip]) => ({ br, gzip, identity: json }));
    cache.set(language, hit);
  }
  return hit;
}

/** Sends the tree in the caller's language, compressed as its Accept-Encoding allows. */
export async function sendAreaTree(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const bodies = await bodiesOf(request);
  const accepted = request.headers['accept-encoding'];
  const encoding = (accepted && negotiate(accepted, ENCODINGS)) || 'identity';
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  await reply.send(bodies[encoding]);
}
