import { describe, expect, it } from 'vitest';
import { parsePayload, targetUrl } from './push-payload';

describe('service worker payload (issue 20 §4)', () => {
  it('reads the JSON the server sends', () => {
    const text = JSON.stringify({
      title: '[严重] F042 · 屋顶',
      body: '电站：屋顶',
      url: 'https://ems.example.com/station?stationId=7&deviceId=9',
      tag: 'delivery-5',
    });
    expect(parsePayload(text, 'Energy Cloud')).toEqual({
      title: '[严重] F042 · 屋顶',
      body: '电站：屋顶',
      url: 'https://ems.example.com/station?stationId=7&deviceId=9',
      tag: 'delivery-5',
    });
  });

  it('shows anything else as text under the fallback title', () => {
    expect(parsePayload('hello', 'Energy Cloud')).toEqual({ title: 'Energy Cloud', body: 'hello', url: '/' });
    expect(parsePayload(null, 'Energy Cloud')).toEqual({ title: 'Energy Cloud', body: '', url: '/' });
    expect(parsePayload('{"body":1}', 'X')).toEqual({ title: 'X', body: '{"body":1}', url: '/' });
  });

  it('opens the link on the worker’s own origin, never another site', () => {
    const origin = 'http://localhost:8080';
    expect(targetUrl('https://ems.example.com/station?stationId=7&deviceId=9', origin)).toBe(
      'http://localhost:8080/station?stationId=7&deviceId=9',
    );
    expect(targetUrl('https://evil.example/phish#x', origin)).toBe('http://localhost:8080/phish#x');
    expect(targetUrl('/reports?x=1', origin)).toBe('http://localhost:8080/reports?x=1');
    expect(targetUrl('http://[bad', origin)).toBe('http://localhost:8080/');
  });
});
