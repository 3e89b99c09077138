import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamMembersSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

export const teamMembersQueryKey = (teamId: string, queryString: string) =>
  [...teamsQueryRoot, 'detail', teamId, 'members', queryString] as const;

/** A page of a team's members, leaders first unless sorted (`queryString`: search, sort, page). */
export function getTeamMembers(teamId: string, queryString: string, signal?: AbortSignal) {
  return apiRequest(`/api/teams/${teamId}/members${queryString ? `?${queryString}` : ''}`, {
    schema: teamMembersSchema,
    signal,
  });
}

export const teamMembersQuery = (teamId: string, queryString: string) =>
  queryOptions({
    queryKey: teamMembersQueryKey(teamId, queryString),
    queryFn: ({ signal }) => getTeamMembers(teamId, queryString, signal),
    // While the next page or search loads, the last one stays on screen instead of a blank list.
    placeholderData: keepPreviousData,
  });

export const useTeamMembers = (teamId: string, queryString: string) =>
  useQuery(teamMembersQuery(teamId, queryString));
