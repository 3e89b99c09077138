import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminListSchema } from '../../../../shared/schemas/admins';
import { apiRequest } from '../../../lib/api-client';
import { adminsQueryRoot } from '../../../lib/query-keys';

export const adminListQueryKey = (queryString: string) =>
  [...adminsQueryRoot, 'list', queryString] as const;

/** A page of the admins, super admins first unless sorted (`queryString`: search, sort, page). */
export function getAdmins(queryString: string, signal?: AbortSignal) {
  return apiRequest(`/api/admins${queryString ? `?${queryString}` : ''}`, {
    schema: adminListSchema,
    signal,
  });
}

export const adminListQuery = (queryString: string) =>
  queryOptions({
    queryKey: adminListQueryKey(queryString),
    queryFn: ({ signal }) => getAdmins(queryString, signal),
    // While the next page or search loads, the last one stays on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });

export const useAdmins = (queryString: string) => useQuery(adminListQuery(queryString));
