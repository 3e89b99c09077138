import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { employeeAnalyticsDetailSchema } from '../../../../shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { agentActivityQueryRoot } from '../../../lib/query-keys';

/** Under the activity root: every live event (a call offered, answered, ended) refreshes it. */
export const agentAnalyticsQueryKey = (range: Record<string, string>) =>
  [...agentActivityQueryRoot, 'analytics', range] as const;

/** The signed-in agent's own analytics: the same detail an admin sees of them. */
export function getAgentAnalytics(range: Record<string, string>, signal?: AbortSignal) {
  const query = new URLSearchParams(range).toString();
  return apiRequest(`/api/agent/analytics${query ? `?${query}` : ''}`, {
    schema: employeeAnalyticsDetailSchema,
    signal,
  });
}

export function useAgentAnalytics(range: Record<string, string>) {
  return useQuery({
    queryKey: agentAnalyticsQueryKey(range),
    queryFn: ({ signal }) => getAgentAnalytics(range, signal),
    staleTime: 0,
    // A new range keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
