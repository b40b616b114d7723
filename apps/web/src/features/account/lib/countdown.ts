/** Whole seconds from `nowMs` until `untilMs`, never below 0 (the resend button's countdown). */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}
