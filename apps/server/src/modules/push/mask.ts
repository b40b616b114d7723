/** Masked recipients for the delivery log (issue 20 §6): enough to recognise one's own, nothing more. */
export { maskAddress as maskEmail } from '../account/language-of';

/** An opaque id (openid) shown by its first and last four characters. */
export function maskId(id: string): string {
  return id.length <= 8 ? '***' : `${id.slice(0, 4)}…${id.slice(-4)}`;
}
