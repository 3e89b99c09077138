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
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: forgetExpiredSession }),
    mutationCache: new MutationCache({ onError: forgetExpiredSession }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
