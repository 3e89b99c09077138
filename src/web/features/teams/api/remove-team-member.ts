import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import type { TeamMember } from '../../../../shared/schemas/teams';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { refreshAfterTeamChange } from './invalidate';

/** Takes the member out of the team; the server clears their team. */
export function removeTeamMember({ teamId, member }: { teamId: string; member: TeamMember }) {
  return apiRequest(`/api/teams/${teamId}/members/${member.id}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: () => refreshAfterTeamChange(queryClient),
    // Not found: someone else removed them (or the team) first, and the list on screen is old.
    onError: async (error) => {
      if (isApiError(error, 404)) await refreshAfterTeamChange(queryClient);
    },
  });
}
