import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type SessionUser, sessionUserResponseSchema } from '../../shared/schemas/auth';
import { apiRequest, isApiError } from './api-client';

/** The signed-in user, shared by every screen: `null` means signed out. */
export const sessionQueryKey = ['session'] as const;

export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await apiRequest('/api/auth/me', { schema: sessionUserResponseSchema });
    return user;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/**
 * The server's answer when this browser's session is missing or has expired. Not the
 * sign-in endpoint's 401 (INVALID_CREDENTIALS), which refuses a password, not a session.
 */
export function isSessionExpiredError(error: unknown) {
  return isApiError(error, 401) && error.code === 'NOT_SIGNED_IN';
}

/**
 * Asked once per page load: after that the session changes only by sign-in, sign-out, or
 * a request answered with isSessionExpiredError (the query client then sets it to `null`).
 */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: Infinity });
}

/** Records who is signed in after sign-in, first run or sign-out, without asking the server again. */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser | null) => queryClient.setQueryData(sessionQueryKey, user),
    [queryClient],
  );
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
