/**
 * What the official-account panel shows (issue 20 §4), worked out from the caller's binding
 * (GET push/account), the QR code on screen (GET push/account/qrcode) and the clock. Kept apart from the
 * component so the rules are tested without a browser.
 */
import type { AccountBinding } from '@ems/contract/api/push-account';
import type { AccountQr } from './account-actions';

/**
 * - `notSetUp`: the administrator has not entered the official account; nothing to bind.
 * - `bound`: the caller's WeChat receives the pushes; it can be unbound.
 * - `scanning`: a QR code is on screen and its one-time scene still binds.
 * - `expired`: the QR code on screen stopped binding; a refresh asks for a new one.
 * - `unbound`: set up, not bound, no QR code asked for yet.
 */
export type AccountPanelState = 'notSetUp' | 'bound' | 'scanning' | 'expired' | 'unbound';

/** Whole seconds the QR code still binds at `nowMs` (0 once it expired or when its time is unreadable). */
export function qrSecondsLeft(qr: AccountQr, nowMs: number): number {
  const until = Date.parse(qr.expiresAt);
  if (Number.isNaN(until)) return 0;
  return Math.max(0, Math.ceil((until - nowMs) / 1000));
}

/** `m:ss` of a count of seconds (the QR code's countdown, at most 10 minutes). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The panel's state. Not set up wins over everything (no QR code can be made, and a binding made
 * earlier gets nothing until the administrator sets the account up again); then a binding, since a
 * scan that bound ends the QR code's job; then the QR code on screen, live or expired.
 */
export function accountPanelState(
  binding: AccountBinding,
  qr: AccountQr | null,
  nowMs: number,
): AccountPanelState {
  if (!binding.setUp) return 'notSetUp';
  if (binding.bound) return 'bound';
  if (qr) return qrSecondsLeft(qr, nowMs) > 0 ? 'scanning' : 'expired';
  return 'unbound';
}
