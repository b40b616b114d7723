import { PUSH_LEVEL_NAMES, type PushRule } from '@ems/contract/api/push';
import { describe, expect, it } from 'vitest';
import { isAppleMobile } from '../../../shared/pwa/install-prompt';
import { defaultAppRule } from './allow-notifications';

const rule = (over: Partial<PushRule>): PushRule => ({
  id: 1,
  kind: 'alarm',
  channels: ['email'],
  stationIds: [],
  deviceIds: [],
  alarmLevels: ['fatal'],
  notifyCleared: false,
  period: null,
  pushTime: null,
  receiveLanguageId: 1,
  mailboxIds: [],
  quietFrom: null,
  quietTo: null,
  enabled: true,
  createdAt: '2026-11-28T10:00:00Z',
  ...over,
});

describe('defaultAppRule', () => {
  it('makes the default rule (every level, every site, to the app) unless an alarm rule pushes to the app', () => {
    expect(defaultAppRule([], 2)).toEqual({
      kind: 'alarm',
      channels: ['app'],
      alarmLevels: [...PUSH_LEVEL_NAMES],
      receiveLanguageId: 2,
    });
    expect(defaultAppRule([rule({})], 1)).not.toBeNull();
    expect(defaultAppRule([rule({ channels: ['app'], enabled: false })], 1)).not.toBeNull();
    expect(defaultAppRule([rule({ kind: 'generation', channels: ['app'] })], 1)).not.toBeNull();
    expect(defaultAppRule([rule({ channels: ['email', 'app'] })], 1)).toBeNull();
  });
});

describe('isAppleMobile', () => {
  it('knows iPhone and iPad Safari (iPadOS says Macintosh, with touch) from a desktop Mac', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15';
    expect(isAppleMobile(iphone, 5)).toBe(true);
    expect(isAppleMobile(mac, 5)).toBe(true);
    expect(isAppleMobile(mac, 0)).toBe(false);
    expect(isAppleMobile('Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile', 5)).toBe(false);
  });
});
