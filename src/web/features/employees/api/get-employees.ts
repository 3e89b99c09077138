import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { employeeListSchema } from '../../../../shared/schemas/employees';
import { apiRequest, withSearch } from '../../../lib/api-client';
import { employeesQueryRoot } from '../../../lib/query-keys';

export const employeeListQueryKey = (search: string) =>
  [...employeesQueryRoot, 'list', { search: search.trim() }] as const;

/** Employees in the signed-in admin's scope matching the search, newest first. */
export function getEmployees(search: string, signal?: AbortSignal) {
  return apiRequest(withSearch('/api/employees', search), { schema: employeeListSchema, signal });
}

export function useEmployees(search: string) {
  return useQuery({
    queryKey: employeeListQueryKey(search),
    queryFn: ({ signal }) => getEmployees(search, signal),
    // While a new search runs, the last results stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}
