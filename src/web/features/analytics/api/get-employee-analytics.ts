import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employeeAnalyticsListSchema } from '../../../../shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { analyticsQueryRoot } from '../../../lib/query-keys';
import { apiPath } from '../range';

export interface EmployeeCardsQuery {
  /** A super admin's chosen team; the server scopes everyone else. */
  teamId: string | undefined;
  /** The list's search, sort, page and page size, as `useListParams` writes them. */
  listQuery: string;
  /** Only the employees with a flagged status in the range. */
  isFlaggedOnly: boolean;
}

/** `/api/analytics/employees?…`: one page of the cards, in the range. */
export function employeeCardsPath(query: EmployeeCardsQuery, range: Record<string, string>) {
  return apiPath('/api/analytics/employees', {
    teamId: query.teamId,
    ...Object.fromEntries(new URLSearchParams(query.listQuery)),
    flagged: query.isFlaggedOnly ? 'true' : undefined,
    ...range,
  });
}

/** A page of the employee cards in the viewer's scope, with their figures in the range. */
export function getEmployeeAnalytics(path: string, signal?: AbortSignal) {
  return apiRequest(path, { schema: employeeAnalyticsListSchema, signal });
}

export function employeeAnalyticsQuery(query: EmployeeCardsQuery, range: Record<string, string>) {
  const path = employeeCardsPath(query, range);
  return queryOptions({
    queryKey: [...analyticsQueryRoot, 'employees', path],
    queryFn: ({ signal }) => getEmployeeAnalytics(path, signal),
    // A new page, sort, search or range keeps the last cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeAnalytics(
  query: EmployeeCardsQuery,
  range: Record<string, string>,
  options: { enabled: boolean },
) {
  return useQuery({ ...employeeAnalyticsQuery(query, range), enabled: options.enabled });
}
