import {
  type SessionUser,
  sessionResponseSchema,
  setupStatusSchema,
} from '../../shared/schemas/sign-in';
import { apiRequest, isApiError } from './api-client';

/*
 * Whether the first run is pending, who is signed in and where they belong — without React
 * Query or the router: the sign-in page (its own small bundle) and the app both use these.
 */

export const SIGN_IN_PATH = '/sign-in';
export const SETUP_PATH = '/setup';

/** Whether the first super admin still has to be created (an empty database). */
export function getSetupStatus() {
  return apiRequest('/api/setup', { schema: setupStatusSchema });
}

/**
 * Who is signed in, `null` for no one. Asks /api/auth/session, which answers 200 either way:
 * /api/auth/me's 401 for a signed-out visitor would be a console error on every such page load.
 */
export async function getSession(): Promise<SessionUser | null> {
  const { user } = await apiRequest('/api/auth/session', { schema: sessionResponseSchema });
  return user;
}

/**
 * The server's answer when this browser's session is missing or has expired. Not the
 * sign-in endpoint's 401 (INVALID_CREDENTIALS), which refuses a password, not a session.
 */
export function isSessionExpiredError(error: unknown) {
  return isApiError(error, 401) && error.code === 'NOT_SIGNED_IN';
}

/** Where each role lands after sign-in. */
export function homePathFor(user: SessionUser) {
  return user.role === 'admin' ? '/admin/dashboard' : '/agent';
}

/** Whether a path belongs to the side of the app this user may see. */
export function isPathForUser(user: SessionUser, path: string) {
  const side = user.role === 'admin' ? '/admin' : '/agent';
  return path === side || path.startsWith(`${side}/`);
}

/** After sign-in: back to the page asked for, if it is on this user's side; else their home. */
export function destinationAfterSignIn(user: SessionUser, from: string | undefined) {
  return from && isPathForUser(user, from) ? from : homePathFor(user);
}
