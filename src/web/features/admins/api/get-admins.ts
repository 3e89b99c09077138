import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminListSchema } from '../../../../shared/schemas/admins';
import { apiRequest, withSearch } from '../../../lib/api-client';
import { adminsQueryRoot } from '../../../lib/query-keys';

export const adminListQueryKey = (search: string) =>
  [...adminsQueryRoot, 'list', { search: search.trim() }] as const;

/** Admins matching the search (case-insensitive), super admins first, then newest first. */
export function getAdmins(search: string, signal?: AbortSignal) {
  return apiRequest(withSearch('/api/admins', search), { schema: adminListSchema, signal });
}

export function useAdmins(search: string) {
  return useQuery({
    queryKey: adminListQueryKey(search),
    queryFn: ({ signal }) => getAdmins(search, signal),
    // While a new search runs, the last results stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}
