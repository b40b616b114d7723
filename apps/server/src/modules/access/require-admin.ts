import { ADMIN_ROLE } from '@ems/contract/api/admin';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';

/**
 * Guard of every administrator call (issue 3 §6).
 * @throws AppError noPermission (40300, 无操作权限 in the caller's language) for anyone without the admin role.
 */
export function requireAdmin(user: SessionUser): void {
  if (!user.roles.includes(ADMIN_ROLE)) throw noPermission();
}
