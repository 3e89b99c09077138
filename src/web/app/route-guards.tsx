import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../shared/schemas/auth';
import { FullPageLoader } from '../components/full-page-loader';
import { goToSignIn } from '../lib/page-navigation';
import { homePathFor, useSession } from '../lib/session';
import { ADMIN_DASHBOARD_PATH, type AdminPage, isAdminPageVisible } from './admin-pages';
import { Redirect } from './redirect';

export { SIGN_IN_PATH } from '../lib/session-user';

/**
 * Leaves the app for the sign-in page, which is its own entry of the build (a page load);
 * `from` is where to return after signing in. The loader shows until the page goes.
 */
export function SignInRedirect({ from }: { from?: string }) {
  useEffect(() => goToSignIn(from), [from]);
  return <FullPageLoader />;
}

/** One side of the app (admin portal or agent softphone), only for its role. */
export function RequireRole({ role }: { role: Role }) {
  const { data: user } = useSession();
  const location = useLocation();
  if (!user) return <SignInRedirect from={location.pathname + location.search} />;
  if (user.role !== role) return <Redirect to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** Unknown paths and '/': the signed-in user's own dashboard, or sign-in. */
export function HomeRedirect() {
  const { data: user } = useSession();
  if (!user) return <SignInRedirect />;
  return <Redirect to={homePathFor(user)} replace />;
}

/**
 * A page of the admin portal that not every admin may see (Teams, Admins): its URL leads to
 * the dashboard for anyone its menu entry is hidden from.
 */
export function RequireAdminPage({ page }: { page: AdminPage }) {
  const { data: user } = useSession();
  if (!user || !isAdminPageVisible(page, user)) {
    return <Navigate to={ADMIN_DASHBOARD_PATH} replace />;
  }
  return <Outlet />;
}
