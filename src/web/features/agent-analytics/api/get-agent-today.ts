import { useQuery } from '@tanstack/react-query';
import { agentTodaySchema } from '../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import { agentActivityQueryRoot } from '../../../lib/query-keys';

/** Under the activity root: every live event (a call offered, answered, ended) refreshes it. */
export const agentTodayQueryKey = [...agentActivityQueryRoot, 'today'] as const;

/** The agent's own totals for the call centre's today. */
export function getAgentToday(signal?: AbortSignal) {
  return apiRequest('/api/agent/today', { schema: agentTodaySchema, signal });
}

export function useAgentToday() {
  return useQuery({
    queryKey: agentTodayQueryKey,
    queryFn: ({ signal }) => getAgentToday(signal),
    staleTime: 0,
  });
}
