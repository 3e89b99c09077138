import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamCandidatesSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

export const teamCandidatesQueryKey = (teamId: string, queryString: string) =>
  [...teamsQueryRoot, 'detail', teamId, 'candidates', queryString] as const;

/**
 * One page of who may be added to a team (employees and admins outside it, not super admins),
 * those in no team first; `queryString` carries the search. A call centre has thousands: the
 * picker shows a page and says how many more match.
 */
export function getTeamCandidates(teamId: string, queryString: string, signal?: AbortSignal) {
  return apiRequest(`/api/teams/${teamId}/candidates${queryString ? `?${queryString}` : ''}`, {
    schema: teamCandidatesSchema,
    signal,
  });
}

export const teamCandidatesQuery = (teamId: string, queryString: string) =>
  queryOptions({
    queryKey: teamCandidatesQueryKey(teamId, queryString),
    queryFn: ({ signal }) => getTeamCandidates(teamId, queryString, signal),
    // Someone may have joined another team since: ask again each time the picker opens.
    refetchOnMount: 'always',
    // While a new search runs, the options found so far stay instead of an empty list.
    placeholderData: keepPreviousData,
  });

export const useTeamCandidates = (teamId: string, queryString: string) =>
  useQuery(teamCandidatesQuery(teamId, queryString));
