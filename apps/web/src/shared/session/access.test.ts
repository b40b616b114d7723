import { describe, expect, it } from 'vitest';
import { isPublicPath, loginRedirectUrl, safeRedirect } from './access';
import { modeForPath } from './mode';

describe('isPublicPath (spec §2 whitelist)', () => {
  it('lets the eight public paths through', () => {
    for (const p of [
      '/login',
      '/common/login',
      '/login/admin',
      '/auth-redirect',
      '/password/back',
      '/register',
      '/download/app',
      '/update/version',
    ]) {
      expect(isPublicPath(p)).toBe(true);
    }
    expect(isPublicPath('/login/')).toBe(true);
  });

  it('keeps everything else behind the token', () => {
    for (const p of [
      '/',
      '/dashboard',
      '/station',
      '/profile',
      '/manage',
      '/404',
      '/401',
      '/svgs',
      '/loginx',
    ]) {
      expect(isPublicPath(p)).toBe(false);
    }
  });
});

describe('loginRedirectUrl', () => {
  it('sends east mode to /login and common mode to /common/login with the wanted path', () => {
    expect(loginRedirectUrl('east', '/station', '?stationId=3')).toBe(
      '/login?redirect=%2Fstation%3FstationId%3D3',
    );
    expect(loginRedirectUrl('common', '/dashboard')).toBe('/common/login?redirect=%2Fdashboard');
  });
});

describe('safeRedirect', () => {
  it('returns same-origin paths with their query', () => {
    expect(safeRedirect('/station?stationId=3')).toBe('/station?stationId=3');
  });

  it('refuses other origins and sign-in pages', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
    ]) {
      expect(safeRedirect(bad)).toBe('/dashboard');
    }
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});

describe('modeForPath (spec §2)', () => {
  it('sets common for paths with /common and east for /login', () => {
    expect(modeForPath('/common/login')).toBe('common');
    expect(modeForPath('/login')).toBe('east');
    expect(modeForPath('/dashboard')).toBeNull();
    expect(modeForPath('/login/admin')).toBeNull();
  });
});
