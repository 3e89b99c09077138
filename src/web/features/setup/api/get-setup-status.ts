import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSetupStatus } from '../../../lib/session-user';

export const setupStatusQueryKey = ['setup-status'] as const;

export const setupStatusQuery = queryOptions({
  queryKey: setupStatusQueryKey,
  queryFn: getSetupStatus,
  staleTime: Infinity,
});

/** Whether the first super admin still has to be created (an empty database). */
export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}
