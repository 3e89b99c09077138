import { useQuery } from '@tanstack/react-query';
import { teamCandidatesSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

export const teamCandidatesQueryKey = (teamId: string) =>
  [...teamsQueryRoot, 'detail', teamId, 'candidates'] as const;

/** Who may be added to a team: employees and admins outside it, not super admins. */
export async function getTeamCandidates(teamId: string, signal?: AbortSignal) {
  const { candidates } = await apiRequest(`/api/teams/${teamId}/candidates`, {
    schema: teamCandidatesSchema,
    signal,
  });
  return candidates;
}

export function useTeamCandidates(teamId: string) {
  return useQuery({
    queryKey: teamCandidatesQueryKey(teamId),
    queryFn: ({ signal }) => getTeamCandidates(teamId, signal),
    // Someone may have joined another team since: ask again each time the picker opens.
    staleTime: 0,
  });
}
