import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employeeListSchema, employeeSortColumns } from '../../../../shared/schemas/employees';
import { apiRequest } from '../../../lib/api-client';
import { employeesQueryRoot } from '../../../lib/query-keys';
import { listQueryStringOf } from '../../../lib/use-list-params';

export const employeeListQueryKey = (queryString: string) =>
  [...employeesQueryRoot, 'list', queryString] as const;

/** A page of the employees in the signed-in admin's scope (`queryString`: search, sort, page). */
export function getEmployees(queryString: string, signal?: AbortSignal) {
  return apiRequest(`/api/employees${queryString ? `?${queryString}` : ''}`, {
    schema: employeeListSchema,
    signal,
  });
}

export const employeeListQuery = (queryString: string) =>
  queryOptions({
    queryKey: employeeListQueryKey(queryString),
    queryFn: ({ signal }) => getEmployees(queryString, signal),
    // While the next page or search loads, the last one stays on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });

export const useEmployees = (queryString: string) => useQuery(employeeListQuery(queryString));

/** Asks for the rows the page at a URL with these `params` shows, before the page renders. */
export function prefetchEmployeeList(queryClient: QueryClient, params: URLSearchParams) {
  return queryClient.prefetchQuery(
    employeeListQuery(listQueryStringOf(employeeSortColumns, params)),
  );
}
