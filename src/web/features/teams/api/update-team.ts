import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamResponseSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import type { NewTeam } from './create-team';
import { refreshAfterTeamChange } from './invalidate';

export async function updateTeam({ teamId, team }: { teamId: string; team: NewTeam }) {
  const response = await apiRequest(`/api/teams/${teamId}`, {
    method: 'PATCH',
    body: team,
    schema: teamResponseSchema,
  });
  return response.team;
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    // A renamed team is also the signed-in user's team name in their session.
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
