import { ADMIN_ROLE } from '@ems/contract/api/admin';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';

/** True when `who` (a session user or a stored account) holds the admin role. */
export function isAdmin(who: { roles: readonly string[] }): boolean {
  return who.roles.includes(ADMIN_ROLE);
}

/**
 * Guard of every administrator call (issue 3 §6).
 * @throws AppError noPermission (40300, 无操作权限 in the caller's language) for anyone without the admin role.
 */
export function requireAdmin(user: SessionUser): void {
  if (!isAdmin(user)) throw noPermission();
}
