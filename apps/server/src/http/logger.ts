/**
 * The server's pino options (issue 6 items 9 and 11): readable lines on a terminal, JSON otherwise or
 * with LOG_FORMAT=json; secrets redacted from every log call (see log-redaction.ts and
 * docs/security.md "Secrets in logs").
 */
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import PinoPretty from 'pino-pretty';
import type { Config } from '../config';
import { CENSOR, isSecretKey, redactLogArgs, redactSecrets, scrubText } from './log-redaction';

/** How log lines are written: one JSON object per line, or pino-pretty's coloured text. */
export type LogFormat = 'json' | 'pretty';

/** Fastify's `logger` option: pino options plus the stream they write to. */
export type AppLoggerOptions = LoggerOptions & { stream?: DestinationStream };

/** Top-level keys whose values are live Fastify objects, left to the serializers below. */
const SERIALIZED_KEYS = ['req', 'res'] as const;

/**
 * Known places of secrets, censored by pino's own redaction (fast paths, fixed depth). The logMethod
 * hook covers any other depth and inside errors.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'res.headers["set-cookie"]',
  'password',
  'body.password',
  'body.confirmPassword',
  'body.oldPassword',
  'body.validCode',
  'body.resetTicket',
  '*.password',
  '*.secret',
  '*.token',
  '*.validCode',
  '*.resetTicket',
];

/**
 * The format for LOG_FORMAT and the terminal: `json` and `pretty` are obeyed; `auto` is pretty exactly
 * when stdout is a TTY (a person reading), JSON when piped or collected.
 */
export function chooseLogFormat(setting: Config['LOG_FORMAT'], stdoutIsTTY: boolean): LogFormat {
  if (setting === 'json' || setting === 'pretty') return setting;
  return stdoutIsTTY ? 'pretty' : 'json';
}

/** A request URL with the values of secret-named query parameters censored. */
function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return scrubText(url);
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (isSecretKey(key)) params.set(key, CENSOR);
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Fastify's request serializer, with the URL's secret query values censored. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: scrubUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Logger options of the app for `config` (LOG_LEVEL, LOG_FORMAT).
 * @param io.stream where lines go (tests capture them); default stdout, through pino-pretty when pretty.
 * @param io.isTTY whether stdout is a terminal; default process.stdout.isTTY.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  io: { stream?: DestinationStream; isTTY?: boolean } = {},
): AppLoggerOptions {
  const format = chooseLogFormat(config.LOG_FORMAT, io.isTTY ?? Boolean(process.stdout.isTTY));
  // Synchronous so log lines and the first-start admin password box (written to stdout) keep their order.
  const pretty = () =>
    PinoPretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  const stream = io.stream ?? (format === 'pretty' ? pretty() : undefined);
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    // Errors arrive already redacted by the hook (plain objects with their cause chain); pino's own err
    // serializer would fold the causes' messages back together and drop their fields.
    serializers: {
      req: serializeRequest,
      err: (err: unknown) => (err instanceof Error ? redactSecrets({ err }).err : err),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, redactLogArgs(args, SERIALIZED_KEYS) as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}
