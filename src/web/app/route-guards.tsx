import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role, SessionUser } from '../../shared/schemas/auth';
import { homePathFor, isPathForUser, useSession } from '../lib/session';
import { ADMIN_DASHBOARD_PATH, type AdminPage, isAdminPageVisible } from './admin-pages';
import { Redirect } from './redirect';

export const SIGN_IN_PATH = '/sign-in';

/** Where the page that sent a signed-out user to sign-in is remembered. */
export interface SignInLocationState {
  from?: string;
}

/** After sign-in: back to the page asked for, if it is on this user's side; else their home. */
export function destinationAfterSignIn(user: SessionUser, from: string | undefined) {
  return from && isPathForUser(user, from) ? from : homePathFor(user);
}

/** One side of the app (admin portal or agent softphone), only for its role. */
export function RequireRole({ role }: { role: Role }) {
  const { data: user } = useSession();
  const location = useLocation();
  if (!user) {
    const state: SignInLocationState = { from: location.pathname + location.search };
    return <Redirect to={SIGN_IN_PATH} replace state={state} />;
  }
  if (user.role !== role) return <Redirect to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** Unknown paths and '/': the signed-in user's own dashboard, or sign-in. */
export function HomeRedirect() {
  const { data: user } = useSession();
  return <Redirect to={user ? homePathFor(user) : SIGN_IN_PATH} replace />;
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
