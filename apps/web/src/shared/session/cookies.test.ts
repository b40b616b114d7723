import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguageCookies, setToken } from './cookies';

/** A written cookie's parts, lower-cased (browsers read attribute names case-insensitively). */
function parts(cookie: string | undefined): string[] {
  return (cookie ?? '').split('; ').map((p) => p.toLowerCase());
}

/** Stubs the page's location and a document whose cookie setter records what the browser would get. */
function page(protocol: string): string[] {
  const written: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cookie attributes', () => {
  it('writes the token SameSite=Strict and Secure when the page is https', () => {
    const written = page('https:');
    setToken('abc', 60);
    expect(written).toHaveLength(1);
    const attrs = parts(written[0]);
    expect(attrs[0]).toBe('token=abc');
    expect(attrs).toContain('path=/');
    expect(attrs).toContain('samesite=strict');
    expect(attrs).toContain('secure');
    expect(attrs.some((a) => a.startsWith('expires='))).toBe(true);
  });

  it('writes it SameSite=Strict without Secure over plain http (a Secure cookie would not be kept)', () => {
    const written = page('http:');
    setToken('abc', 60);
    const attrs = parts(written[0]);
    expect(attrs).toContain('samesite=strict');
    expect(attrs).not.toContain('secure');
  });

  it('gives the language cookies the same attributes', () => {
    const written = page('https:');
    setLanguageCookies(2, 'zh-CN');
    expect(written).toHaveLength(3);
    for (const cookie of written)
      expect(parts(cookie)).toEqual(expect.arrayContaining(['samesite=strict', 'secure']));
  });
});
