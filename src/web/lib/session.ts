import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionUser } from '../../shared/schemas/auth';
import { getSession } from './session-user';

export {
  getSession,
  homePathFor,
  isPathForUser,
  isSessionExpiredError,
  SIGN_IN_PATH,
} from './session-user';

/** The signed-in user, shared by every screen: `null` means signed out. */
export const sessionQueryKey = ['session'] as const;

/**
 * Asked once per page load; after that it changes by sign-in, sign-out, a request answered
 * with isSessionExpiredError (the query client then sets it to `null`), and a refusal (403) or
 * a record gone (404), after which the query client asks again (query-client.ts).
 */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: Infinity,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** Records who is signed in after sign-in, first run or sign-out, without asking the server again. */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser | null) => queryClient.setQueryData(sessionQueryKey, user),
    [queryClient],
  );
}
