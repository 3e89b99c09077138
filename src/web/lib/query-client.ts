import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { isSessionExpiredError, sessionQueryKey } from './session';

/** A 4xx is an answer, not a hiccup: retrying it would only repeat the same refusal. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  /**
   * Any request finding the session gone signs the browser out, here once for every screen:
   * the route guards then send the user to sign-in and remember where they were. No toast —
   * the sign-in page is the message.
   */
  const forgetExpiredSession = (error: unknown) => {
    if (isSessionExpiredError(error)) queryClient.setQueryData(sessionQueryKey, null);
  };
  /**
   * A refusal (403) or a record gone (404) means what this page knows is out of date: the
   * user's rights changed (demoted, moved to another team) or someone else changed the data.
   * A read refused asks who the user is now (menus and route guards follow); a change refused
   * refreshes everything on screen too, so the row that is gone goes.
   */
  const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        forgetExpiredSession(error);
        if (statusOf(error) === 403) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        forgetExpiredSession(error);
        const status = statusOf(error);
        if (status === 403 || status === 404) void queryClient.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
