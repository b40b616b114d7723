import { describe, expect, it } from 'vitest';
import { authRedirectUrl, planAuthRedirect } from './auth-redirect';

const plan = (query: string) => planAuthRedirect(new URLSearchParams(query));

describe('auth-redirect', () => {
  it('builds the hand-off URL with a safe redirect', () => {
    expect(authRedirectUrl('abc', '/station?stationId=3')).toBe(
      '/auth-redirect?getToken=abc&redirect=%2Fstation%3FstationId%3D3',
    );
    expect(authRedirectUrl('abc', 'https://evil.example')).toBe(
      '/auth-redirect?getToken=abc&redirect=%2Fdashboard',
    );
  });

  it('trades a getToken and forwards to same-origin paths only', () => {
    expect(plan('getToken=t1&redirect=%2Fprofile')).toEqual({
      kind: 'exchange',
      getToken: 't1',
      target: '/profile',
    });
    expect(plan('getToken=t1')).toEqual({ kind: 'exchange', getToken: 't1', target: '/dashboard' });
    expect(plan('getToken=t1&redirect=//evil.example')).toEqual({
      kind: 'exchange',
      getToken: 't1',
      target: '/dashboard',
    });
  });

  it('forwards without getToken and refuses an empty query', () => {
    expect(plan('redirect=%2Fstation%3FstationId%3D1')).toEqual({
      kind: 'forward',
      target: '/station?stationId=1',
    });
    expect(plan('')).toEqual({ kind: 'invalid' });
  });
});
