import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsTrendSchema } from '../../../../shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { agentActivityQueryRoot, analyticsQueryRoot } from '../../../lib/query-keys';
import { apiPath } from '../range';

/**
 * Whose trends: the viewer's scope narrowed to a team (`none`: the employees without one) or
 * an employee, or (`own`) the signed-in agent's.
 */
export type TrendScope = { teamId?: string; employeeId?: string } | 'own';

/** An agent's own trends sit under the activity root: every live event refreshes them. */
export const trendsQueryKey = (scope: TrendScope) =>
  scope === 'own'
    ? ([...agentActivityQueryRoot, 'trends'] as const)
    : ([...analyticsQueryRoot, 'trends'] as const);

export function trendsQuery(scope: TrendScope, range: Record<string, string>) {
  const params = scope === 'own' ? range : { ...range, ...scope };
  const path = scope === 'own' ? '/api/agent/analytics/trends' : '/api/analytics/trends';
  return queryOptions({
    queryKey: [...trendsQueryKey(scope), scope, range],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(path, params), { schema: analyticsTrendSchema, signal }),
    // Only a new range keeps the last charts on screen: another team's never stand in.
    placeholderData: (previous, previousQuery) =>
      JSON.stringify(previousQuery?.queryKey[2]) === JSON.stringify(scope) ? previous : undefined,
  });
}

export function useTrends(scope: TrendScope, range: Record<string, string>) {
  return useQuery(trendsQuery(scope, range));
}
