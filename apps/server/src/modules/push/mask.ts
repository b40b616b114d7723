/** Masked recipients for the delivery log (issue 20 §6): enough to recognise one's own, nothing more. */

/** `alice@example.com` → `a***e@example.com`; a one- or two-letter local part keeps its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/** An opaque id (openid) shown by its first and last four characters. */
export function maskId(id: string): string {
  return id.length <= 8 ? '***' : `${id.slice(0, 4)}…${id.slice(-4)}`;
}
