import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamAnalyticsListSchema } from '../../../../shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { apiPath } from '../range';
import { analyticsQueryRoot } from '../../../lib/query-keys';

type RangeParams = Record<string, string>;

/** The super admin's team cards: every team with its employees' figures in the range. */
export function getTeamAnalytics(range: RangeParams, signal?: AbortSignal) {
  return apiRequest(apiPath('/api/analytics/teams', range), {
    schema: teamAnalyticsListSchema,
    signal,
  });
}

export const teamAnalyticsQuery = (range: RangeParams) =>
  queryOptions({
    queryKey: [...analyticsQueryRoot, 'teams', range],
    queryFn: ({ signal }) => getTeamAnalytics(range, signal),
    // A new range keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useTeamAnalytics(range: RangeParams, options: { enabled: boolean }) {
  return useQuery({ ...teamAnalyticsQuery(range), enabled: options.enabled });
}
