import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx is an answer, not a hiccup: retrying it would only repeat the same refusal. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
