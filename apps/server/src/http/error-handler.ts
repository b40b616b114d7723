/**
 * One answer shape (issue 6 §2): every error of every route, and the framework's own (bad URL, over-long
 * parameter, body too large, unsupported media type, malformed JSON, rate limits,
 * malformed HTTP), answers the spec §7 envelope `{status,msg,data}` with a status of
 * docs/api/status-codes.md and msg in the caller's language. Input the caller got wrong is never a 500.
 *
 * HTTP status (spec §8, decision 0031, errors.ts httpStatusOf): on the spec's calls a business outcome (an
 * AppError of a business status, a request that fails its route's schema) answers HTTP 200 and the body
 * says what happened; only what never reached the business layer keeps another: 401 (no or dead session),
 * 429, 5xx, an unknown route's 404, and the framework's refusals of a request it could not read as one
 * (malformed JSON, bad URL, 413, 415, 431).
 */
import type { Socket } from 'node:net';
import type { LanguageCode } from '@ems/contract/constants';
import { isMessageKey, translate } from '@ems/contract/messages';
import { RANGE_RULE_KEYS } from '@ems/contract/messages-commands';
import { Status } from '@ems/contract/status-codes';
import { issueParams } from '@ems/contract/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, httpStatusOf } from './errors';
import { requestLanguage } from './language';

/** An envelope of 非法输入 (40000) in `lang`. */
function illegalInputBody(lang: LanguageCode) {
  return { status: Status.ILLEGAL_INPUT, msg: translate('common.illegalInput', lang), data: null };
}

/**
 * Error codes of the framework that are the caller's doing even when they carry no HTTP status. A broken
 * multipart body is mapped where it is parsed (the avatar route), not here.
 */
const CALLER_ERROR_CODES = new Set(['FST_ERR_BAD_URL', 'FST_ERR_ASYNC_CONSTRAINT']);

/** True when `error` is the caller's fault (a 4xx of the framework or one of CALLER_ERROR_CODES). */
function isCallerError(error: FastifyError): boolean {
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return true;
  return error.code !== undefined && CALLER_ERROR_CODES.has(error.code);
}

/** The app's error handler: AppError with its httpStatus, zod issues as HTTP 200 with the field's rule, the rest as said above. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  // The route's pattern when one matched (the raw path names the same prefix otherwise).
  const url = request.routeOptions.url ?? request.url;
  // The route's 200 schema describes its success; a refusal on HTTP 200 is serialized as it is.
  reply.serializer(JSON.stringify);
  if (error instanceof AppError) {
    return reply
      .code(error.httpStatus ?? httpStatusOf(error.status, url))
      .headers(error.headers)
      .send({ status: error.status, msg: translate(error.msgKey, lang, error.params), data: error.data });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first issue's own message when it is a catalogue key (spec §5 texts), else 非法输入 + field.
    const issue = error.validation[0];
    const key = issue?.message;
    const field = issue?.instancePath?.replace(/^\//, '') ?? '';
    const root = request.routeOptions.schema?.[error.validationContext ?? 'body'] as z.ZodType | undefined;
    const params = issueParams(
      { message: key ?? '', path: field ? field.split('/') : [], ...issue?.params },
      root,
    );
    const msg =
      key && isMessageKey(key)
        ? translate(key, lang, params)
        : `${translate('common.illegalInput', lang)}${field ? `: ${field}` : ''}`;
    // A number outside its field's range, or a value the others rule out (the SOC gap), answers "data out
    // of range" (spec §5) with its own status.
    const status = key && RANGE_RULE_KEYS.has(key) ? Status.OUT_OF_RANGE : Status.ILLEGAL_INPUT;
    // A business outcome (spec §8): the route's rules refused the input, read from the body, HTTP 200.
    return reply.code(httpStatusOf(status, url)).send({ status, msg, data: { field } });
  }
  if (error.code === 'FST_ERR_VALIDATION') {
    // A schema check that is not zod's (none today): still the route's rules, so a business outcome.
    return reply.code(httpStatusOf(Status.ILLEGAL_INPUT, url)).send(illegalInputBody(lang));
  }
  if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
    request.log.warn({ url: request.routeOptions.url }, 'request stopped at its budget');
    return reply.code(httpStatusOf(Status.REQUEST_TIMEOUT, url)).send({
      status: Status.REQUEST_TIMEOUT,
      msg: translate('common.requestTimeout', lang),
      data: null,
    });
  }
  if (isCallerError(error)) {
    const code = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    if (code === 429) {
      return reply.code(429).send({
        status: Status.TOO_MANY_REQUESTS,
        msg: translate('common.tooManyRequests', lang),
        data: null,
      });
    }
    return reply.code(code).send(illegalInputBody(lang));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .code(500)
    .send({ status: Status.OPERATION_FAILED, msg: translate('common.operationFailed', lang), data: null });
}

/**
 * Fastify's `frameworkErrors` option: a URL that cannot be decoded, or a path parameter past
 * `maxParamLength`, answers 400 非法输入 with `headers` (the security headers: the request matched no
 * route yet, so no hook has run).
 */
export function frameworkErrorsWith(headers: Record<string, string>) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void reply
      .code(400)
      .headers(headers)
      .send(illegalInputBody(requestLanguage(request)));
  };
}

/**
 * Fastify's `clientErrorHandler` option: a request too malformed for the HTTP parser (bad header, request
 * line, oversized headers) gets a 400 (431 for oversized headers) envelope in en-US (no header could be
 * read) with `headers` (the security headers), and the socket closes.
 */
export function clientErrorHandlerWith(headers: Record<string, string>) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify(illegalInputBody('en-US'));
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n${extra}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** Installs handleError as the error handler of `app` (its children inherit it). */
export function useEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
