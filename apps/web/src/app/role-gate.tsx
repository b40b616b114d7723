import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useMatches } from 'react-router';
import { useUserInfo } from '../shared/session/user-info';
import { mayOpen } from './lib/roles';
import { deepestHandle } from './lib/route-handle';

/**
 * Spec §6/§8: a page whose route names roles opens only for users holding one (roles from user/info);
 * anyone else goes to /401.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const required = deepestHandle(useMatches())?.roles;
  const user = useUserInfo();
  if (!required?.length) return children;
  if (user.isPending) return <Spin className="page-spinner" size="large" />;
  if (!mayOpen(required, user.data?.roles ?? [])) return <Navigate to="/401" replace />;
  return children;
}
