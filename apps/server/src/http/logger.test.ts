import { describe, expect, it } from 'vitest';
import { CENSOR, redactLogArgs, scrubText } from './log-redaction';
import { chooseLogFormat, loggerOptions } from './logger';

describe('log format (issue 6 item 11)', () => {
  it('is pretty on a terminal and JSON when piped, unless LOG_FORMAT says otherwise', () => {
    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes through pino-pretty only when pretty, and to a given stream as it is', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, { isTTY: false }).stream).toBeUndefined();
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { isTTY: true }).stream).toBeUndefined();
    const pretty = loggerOptions({ LOG_LEVEL: 'warn', LOG_FORMAT: 'auto' }, { isTTY: true });
    expect(pretty.stream).toBeDefined();
    expect(pretty.level).toBe('warn');
    const stream = { write: () => undefined };
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, { stream }).stream).toBe(stream);
  });
});

describe('secret redaction (issue 6 item 9)', () => {
  it('censors secret-named keys at any depth and inside errors, keeping the rest', () => {
    const err = Object.assign(new Error('save failed'), { code: 'E1', config: { auth: { pass: 'p-1' } } });
    const [obj] = redactLogArgs(
      [{ err, body: { list: [{ user: { confirmPassword: 'p-2', name: 'ann' } }] }, statusCode: 200 }],
      [],
    ) as [Record<string, unknown>];
    expect(JSON.stringify(obj)).not.toMatch(/p-1|p-2/);
    expect(obj).toMatchObject({
      err: { type: 'Error', message: 'save failed', code: 'E1', config: { auth: { pass: CENSOR } } },
      body: { list: [{ user: { confirmPassword: CENSOR, name: 'ann' } }] },
      statusCode: 200,
    });
  });

  it('cuts query parameters, row details and URL passwords out of text', () => {
    expect(scrubText('Failed query: insert into t values ($1)\nparams: a,{"x":"s3cret\nmore"}')).toBe(
      `Failed query: insert into t values ($1)\nparams: ${CENSOR}`,
    );
    expect(scrubText('Failing row contains (1, s3cret).')).toBe(`Failing row contains (${CENSOR}).`);
    expect(scrubText('broker mqtt://dev:s3cret@host:1883')).toBe(`broker mqtt://dev:${CENSOR}@host:1883`);
  });

  it('logs a bare Error as {err} with its scrubbed message', () => {
    const [obj, msg] = redactLogArgs([new Error('Failed query: x\nparams: s3cret')], []);
    expect(msg).toBe(`Failed query: x\nparams: ${CENSOR}`);
    expect(JSON.stringify(obj)).not.toContain('s3cret');
  });
});
