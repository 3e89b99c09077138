import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { employeeAnalyticsListSchema } from '../../../../shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { apiPath } from '../range';
import { analyticsQueryRoot } from '../../../lib/query-keys';

export interface EmployeeListFilter {
  /** A super admin's chosen team; the server scopes everyone else. */
  teamId: string | undefined;
  /** Username or full name. */
  search: string;
}

/** The employee cards in the viewer's scope, with their figures in the range. */
export function getEmployeeAnalytics(
  filter: EmployeeListFilter,
  range: Record<string, string>,
  signal?: AbortSignal,
) {
  return apiRequest(
    apiPath('/api/analytics/employees', {
      teamId: filter.teamId,
      search: filter.search.trim(),
      ...range,
    }),
    { schema: employeeAnalyticsListSchema, signal },
  );
}

export function useEmployeeAnalytics(
  filter: EmployeeListFilter,
  range: Record<string, string>,
  options: { enabled: boolean },
) {
  return useQuery({
    queryKey: [
      ...analyticsQueryRoot,
      'employees',
      { teamId: filter.teamId ?? null, search: filter.search.trim() },
      range,
    ],
    queryFn: ({ signal }) => getEmployeeAnalytics(filter, range, signal),
    enabled: options.enabled,
    // A new search or range keeps the last cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
