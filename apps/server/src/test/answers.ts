/**
 * Assertions on the API's answers as spec §8 reads them: a business outcome is HTTP 200 with a non-zero
 * body status and its msg; only a missing or dead session is HTTP 401 (status 1000). Use these instead of
 * asserting an HTTP 4xx for a refusal (decision 0031, docs/api/status-codes.md).
 */
import type { Status, StatusCode } from '@ems/contract/status-codes';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The `{status,msg,data}` envelope of an answer. */
export interface EnvelopeBody<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

/**
 * Asserts that `res` is the business refusal `status` (HTTP 200, body status, a non-empty msg) and
 * returns its envelope; `label` names the case in a failure.
 */
export function expectBusinessError<T = unknown>(
  res: LightMyRequestResponse,
  status: Exclude<StatusCode, typeof Status.OK>,
  label?: string,
): EnvelopeBody<T> {
  const body = res.json() as EnvelopeBody<T>;
  expect({ http: res.statusCode, status: body.status }, label).toEqual({ http: 200, status });
  expect(body.msg, label).not.toBe('');
  return body;
}

/** Asserts that `res` is the signed-out answer (HTTP 401, body status 1000) and returns its envelope. */
export function expectSignedOut(res: LightMyRequestResponse, label?: string): EnvelopeBody<null> {
  const body = res.json() as EnvelopeBody<null>;
  expect({ http: res.statusCode, status: body.status }, label).toEqual({ http: 401, status: 1000 });
  return body;
}
