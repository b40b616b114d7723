import { describe, expect, it } from 'vitest';
import { AppPushError, base64UrlBytes, sameKey, subscriptionBody } from './browser-push';

describe('app channel, browser side (issue 20 §4)', () => {
  it('reads a base64url VAPID key into its 65 bytes', () => {
    const raw = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    raw[0] = 4;
    const text = Buffer.from(raw).toString('base64url');
    expect(text).toMatch(/[-_]/);
    expect(base64UrlBytes(text)).toEqual(raw);
  });

  it('tells whether a subscription was made with the same key', () => {
    const key = new Uint8Array([4, 1, 2, 3]);
    expect(sameKey(new Uint8Array([4, 1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([4, 1, 2, 9]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([4, 1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });

  it('hands the server the endpoint and keys, and refuses a subscription without keys', () => {
    const endpoint = 'https://push.example.net/send/abc';
    expect(
      subscriptionBody({ endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'xyz' } }),
    ).toEqual({ endpoint, keys: { p256dh: 'BPk', auth: 'xyz' } });
    expect(() => subscriptionBody({ endpoint, keys: { p256dh: 'BPk' } })).toThrow(AppPushError);
    expect(() => subscriptionBody({ keys: { p256dh: 'BPk', auth: 'xyz' } })).toThrow(AppPushError);
  });
});
