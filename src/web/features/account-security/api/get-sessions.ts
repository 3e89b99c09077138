import { useQuery } from '@tanstack/react-query';
import { authSessionListSchema } from '../../../../shared/schemas/me';
import { apiRequest } from '../../../lib/api-client';

/** Your signed-in sessions; ending one or all others refreshes this list. */
export const ownSessionsQueryKey = ['me', 'sessions'] as const;

/** Your signed-in sessions, most recently used first, the current one marked. */
export async function getOwnSessions(signal?: AbortSignal) {
  const response = await apiRequest('/api/me/sessions', { schema: authSessionListSchema, signal });
  return response.sessions;
}

export function useOwnSessions() {
  return useQuery({
    queryKey: ownSessionsQueryKey,
    queryFn: ({ signal }) => getOwnSessions(signal),
  });
}
