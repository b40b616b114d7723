/**
 * Secret scrubbing for the logger (issue 6 item 9, docs/security.md "Secrets in logs"). pino's `redact`
 * paths only reach fixed depths, so every log call also passes through `redactLogArgs`: keys that name
 * secrets are censored at any depth, errors become plain objects whose message, stack and causes are
 * scrubbed too (a failed query's message carries its bound values), and URL credentials are cut from
 * every string.
 */

/** What replaces a secret in the log. */
export const CENSOR = '[Redacted]';

/**
 * Key names (lower case, without `_` or `-`) whose values are secrets: passwords and their hashes,
 * tokens, e-mail codes, reset tickets, device secrets, keys, cookies.
 */
const SECRET_KEY =
  /(password|passwd|pwd|secret|token|ticket|hash|privatekey|apikey|authorization|cookie|validcode|verificationcode|tscode|otp)$/;

/** Plain objects nested deeper than this are cut (a log line is no place for whole object graphs). */
const MAX_DEPTH = 8;

/** True when a property called `key` holds a secret (compared without case, `_` or `-`). */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[_-]/g, '');
  return k === 'pass' || SECRET_KEY.test(k);
}

/**
 * Scrubs one string: the userinfo password of URLs (`mqtt://user:pass@host`), the bound values a failed
 * query lists after `params:` (drizzle) and the row and key values of PostgreSQL error details.
 */
export function scrubText(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi, `$1:${CENSOR}@`)
    .replace(/(^|\n)(\s*params:).*$/s, `$1$2 ${CENSOR}`)
    .replace(/(Failing row contains )\(.*\)/gs, `$1(${CENSOR})`)
    .replace(/(Key \([^)]*\)=)\(.*?\)( already exists| is not present| conflicts)/gs, `$1(${CENSOR})$2`);
}

/** An Error as a plain, scrubbed object: type, message, stack, own fields, and its cause chain. */
function redactError(err: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const type = err.constructor?.name ?? 'Error';
  const message = scrubText(err.message);
  // The stack's first line repeats the message (bound values and all): rebuild it from the frames.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of Object.keys(err)) {
    if (key === 'message' || key === 'stack') continue;
    // A failed query's bound values are the row being written: never log them.
    out[key] = key === 'params' ? CENSOR : redactValue(key, (err as never)[key], depth + 1, seen);
  }
  if (err.cause !== undefined && !('cause' in out))
    out.cause = redactValue('cause', err.cause, depth + 1, seen);
  return out;
}

function redactValue(key: string, value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined) return value;
  if (isSecretKey(key)) return CENSOR;
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Object]';
  seen.add(value);
  try {
    if (value instanceof Error) return redactError(value, depth, seen);
    if (Array.isArray(value)) return value.map((v) => redactValue('', v, depth + 1, seen));
    // Dates, Buffers and the like serialise themselves; their JSON has no field names to judge.
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) out[k] = redactValue(k, (value as never)[k], depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

/**
 * A copy of a logged object with every secret censored (any depth, inside errors too). `skip` names
 * top-level keys left to their own serializers (Fastify's `req` and `res`, which are live objects).
 */
export function redactSecrets(
  obj: Record<string, unknown>,
  skip: readonly string[] = [],
): Record<string, unknown> {
  const seen = new WeakSet<object>();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    out[key] = skip.includes(key) ? obj[key] : redactValue(key, obj[key], 0, seen);
  }
  return out;
}

/**
 * The arguments of one pino log call with secrets removed: `(obj, msg, ...)`, `(err, msg?)` or
 * `(msg, ...)`. A bare Error becomes `{err}` with its scrubbed message as msg, as pino itself would log it.
 */
export function redactLogArgs(args: unknown[], skip: readonly string[]): unknown[] {
  const [first, ...rest] = args;
  const scrubRest = rest.map((a) => (typeof a === 'string' ? scrubText(a) : a));
  if (first instanceof Error) {
    const err = redactSecrets({ err: first }).err as { message: string };
    return [{ err }, ...(scrubRest.length > 0 ? scrubRest : [err.message])];
  }
  if (typeof first === 'string') return [scrubText(first), ...scrubRest];
  if (first !== null && typeof first === 'object') {
    return [redactSecrets(first as Record<string, unknown>, skip), ...scrubRest];
  }
  return [first, ...scrubRest];
}
