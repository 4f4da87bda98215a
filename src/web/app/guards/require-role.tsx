import { Navigate, Outlet } from 'react-router';
import type { Role } from '@domain/roles';
import { hasRole, UNAUTHORIZED_PATH, useSession } from '@web/lib/session';

/**
 * Pages for some roles only (the admin area). Sits inside RequireSession, so the user is known;
 * the server refuses the same calls with 403 either way.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user } = useSession();
  if (!hasRole(user, roles)) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  return <Outlet />;
}
