import { useQuery } from '@tanstack/react-query';
import { teamMembersSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

export const teamMembersQueryKey = (teamId: string) =>
  [...teamsQueryRoot, 'detail', teamId, 'members'] as const;

/** A team's members, leaders first. */
export async function getTeamMembers(teamId: string, signal?: AbortSignal) {
  const { members } = await apiRequest(`/api/teams/${teamId}/members`, {
    schema: teamMembersSchema,
    signal,
  });
  return members;
}

export function useTeamMembers(teamId: string) {
  return useQuery({
    queryKey: teamMembersQueryKey(teamId),
    queryFn: ({ signal }) => getTeamMembers(teamId, signal),
  });
}
