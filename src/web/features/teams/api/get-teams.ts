import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { teamListSchema } from '../../../../shared/schemas/teams';
import { apiRequest, withSearch } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

export const teamListQueryKey = (search: string) =>
  [...teamsQueryRoot, 'list', { search: search.trim() }] as const;

/** The teams this user may see (all for a super admin, else those they lead). */
export function getTeams(search: string, signal?: AbortSignal) {
  return apiRequest(withSearch('/api/teams', search), { schema: teamListSchema, signal });
}

export function useTeams(search = '') {
  return useQuery({
    queryKey: teamListQueryKey(search),
    queryFn: ({ signal }) => getTeams(search, signal),
    // While a new search runs, the last results stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}
