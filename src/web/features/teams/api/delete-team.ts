import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterTeamChange } from './invalidate';

/** Deletes the team; the server removes its members and clears their team. */
export function deleteTeam(teamId: string) {
  return apiRequest(`/api/teams/${teamId}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
