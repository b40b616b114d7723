import { Status } from '@ems/contract/status-codes';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The client's side effects are replaced so the test sees which one spec §8 asks for.
const effects = { toast: vi.fn(), signedOut: vi.fn(), dropToken: vi.fn(), root: vi.fn() };
vi.mock('../ui/feedback', () => ({ toastError: (...a: unknown[]) => effects.toast(...a) }));
vi.mock('./session-effects', () => ({
  offerSignInAgain: () => effects.signedOut(),
  dropTokenAndReload: () => effects.dropToken(),
  goToRoot: () => effects.root(),
}));
vi.mock('../session/cookies', () => ({ getToken: () => 'tok' }));
vi.mock('../i18n/current-language', () => ({ currentLanguageId: () => 1 }));
vi.mock('../i18n/i18n', () => ({ i18n: { t: (key: string) => key } }));

const { api } = await import('./client');
const { ApiError } = await import('./api-error');

/** Answers every fetch with HTTP `http` and `body`. */
function answer(http: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: http })),
  );
}

async function failure(): Promise<InstanceType<typeof ApiError>> {
  const error = await api.get('/webpvesc/ajax/x').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as InstanceType<typeof ApiError>;
}

describe('the http client follows spec §8', () => {
  beforeEach(() => {
    for (const f of Object.values(effects)) f.mockReset();
  });

  it('resolves data of status 0', async () => {
    answer(200, { status: 0, msg: 'ok', data: { a: 1 } });
    await expect(api.get('/webpvesc/ajax/x')).resolves.toEqual({ a: 1 });
  });

  it('returns a business refusal on HTTP 200 to the caller with its msg and field, showing nothing itself', async () => {
    answer(200, { status: Status.NO_PERMISSION, msg: '无操作权限', data: { field: 'stationId' } });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'status', status: 40300, message: '无操作权限', shown: false });
    expect(error.field).toBe('stationId');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('shows a transport error (any HTTP status but 200) for 3 s', async () => {
    answer(429, { status: Status.TOO_MANY_REQUESTS, msg: 'Too many', data: null });
    expect(await failure()).toMatchObject({ kind: 'http', shown: true, message: 'Too many' });
    expect(effects.toast).toHaveBeenCalledWith('Too many', 3);
    answer(502, null);
    expect(await failure()).toMatchObject({ kind: 'http', message: 'common.errors.generic' });
  });

  it('opens the signed-out box on HTTP 401 or body 1000, clears the token on 21000, goes home on 30000', async () => {
    answer(401, { status: Status.LOGGED_OUT, msg: 'out', data: null });
    expect((await failure()).kind).toBe('session');
    answer(200, { status: Status.LOGGED_OUT, msg: 'out', data: null });
    await failure();
    expect(effects.signedOut).toHaveBeenCalledTimes(2);
    answer(200, { status: Status.TOKEN_INVALID, msg: 'bad', data: null });
    await failure();
    expect(effects.dropToken).toHaveBeenCalledTimes(1);
    answer(200, { status: Status.BACK_TO_ROOT, msg: '', data: null });
    await failure();
    expect(effects.root).toHaveBeenCalledTimes(1);
    expect(effects.toast).not.toHaveBeenCalled();
  });
});
