import { DEFAULT_LANGUAGE_ID, LANGUAGE_HEADER, LANGUAGES, type LanguageCode } from '@ems/contract/constants';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's language (spec §7): `languageId` header, else the query (GET) or body field, else en-US.
 * Unknown ids fall back to en-US.
 */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const fromHeader = request.headers[LANGUAGE_HEADER];
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.languageId;
  const fromBody =
    request.body && typeof request.body === 'object'
      ? (request.body as Record<string, unknown>).languageId
      : undefined;
  const raw = [fromHeader, fromQuery, fromBody].find((v) => v !== undefined && v !== '');
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  const lang = LANGUAGES.find((l) => l.id === id) ?? LANGUAGES.find((l) => l.id === DEFAULT_LANGUAGE_ID)!;
  return lang.languageCode;
}
