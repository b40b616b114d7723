import type { AccountBinding } from '@ems/contract/api/push-account';
import { describe, expect, it } from 'vitest';
import type { AccountQr } from './account-actions';
import { accountPanelState, formatCountdown, qrSecondsLeft } from './channel-state';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const SET_UP: AccountBinding = { setUp: true, bound: false, account: null, boundAt: null };
const BOUND: AccountBinding = {
  setUp: true,
  bound: true,
  account: 'oAbc****wxyz',
  boundAt: '2026-11-20T08:00:00Z',
};
const qrUntil = (iso: string): AccountQr => ({ url: 'http://weixin.qq.com/q/abc', expiresAt: iso });
const LIVE = qrUntil('2026-11-25T12:10:00Z');

describe('accountPanelState', () => {
  it('says not set up while the administrator has not entered the account, bound or not', () => {
    expect(accountPanelState({ ...SET_UP, setUp: false }, null, NOW)).toBe('notSetUp');
    expect(accountPanelState({ ...BOUND, setUp: false }, LIVE, NOW)).toBe('notSetUp');
  });

  it('shows the binding once there is one, even with a QR code still on screen', () => {
    expect(accountPanelState(BOUND, null, NOW)).toBe('bound');
    expect(accountPanelState(BOUND, LIVE, NOW)).toBe('bound');
  });

  it('offers binding when set up and unbound', () => {
    expect(accountPanelState(SET_UP, null, NOW)).toBe('unbound');
  });

  it('waits for the scan while the QR code binds, and asks for a refresh from its expiry on', () => {
    expect(accountPanelState(SET_UP, LIVE, NOW)).toBe('scanning');
    expect(accountPanelState(SET_UP, LIVE, Date.parse('2026-11-25T12:09:59.500Z'))).toBe('scanning');
    expect(accountPanelState(SET_UP, LIVE, Date.parse('2026-11-25T12:10:00Z'))).toBe('expired');
    expect(accountPanelState(SET_UP, qrUntil('not a time'), NOW)).toBe('expired');
  });
});

describe('qrSecondsLeft and formatCountdown', () => {
  it('counts whole seconds down to 0, never below', () => {
    expect(qrSecondsLeft(LIVE, NOW)).toBe(600);
    expect(qrSecondsLeft(LIVE, NOW + 1)).toBe(600);
    expect(qrSecondsLeft(LIVE, NOW + 599_001)).toBe(1);
    expect(qrSecondsLeft(LIVE, NOW + 700_000)).toBe(0);
  });

  it('writes m:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
