import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, sortParam } from '../../../../shared/schemas/list';
import { type TeamSortColumn, teamListSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

export const teamListQueryKey = (queryString: string) =>
  [...teamsQueryRoot, 'list', queryString] as const;

/**
 * A page of the teams this user may see (all for a super admin, else the one they lead), newest
 * first unless sorted (`queryString`: search, sort, page).
 */
export function getTeams(queryString: string, signal?: AbortSignal) {
  return apiRequest(`/api/teams${queryString ? `?${queryString}` : ''}`, {
    schema: teamListSchema,
    signal,
  });
}

/** The Teams page's list. */
export const teamListQuery = (queryString: string) =>
  queryOptions({
    queryKey: teamListQueryKey(queryString),
    queryFn: ({ signal }) => getTeams(queryString, signal),
    // While the next page or search loads, the last one stays on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });

export const useTeamList = (queryString: string) => useQuery(teamListQuery(queryString));

/** The largest page the route serves, by name. */
const TEAM_CHOICES_QUERY = new URLSearchParams({
  sort: sortParam<TeamSortColumn>({ column: 'name', descending: false }),
  pageSize: String(Math.max(...PAGE_SIZES)),
}).toString();

/**
 * The teams a select offers (the Add New Admin form's Team), by name: one page of the largest
 * size the route serves, as a select longer than that would need a search of its own.
 */
export function useTeams() {
  return useQuery({
    queryKey: teamListQueryKey(TEAM_CHOICES_QUERY),
    queryFn: ({ signal }) => getTeams(TEAM_CHOICES_QUERY, signal),
  });
}
