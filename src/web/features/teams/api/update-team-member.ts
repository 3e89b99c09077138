import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TeamMemberRole, teamMemberResponseSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterTeamChange } from './invalidate';

/** Promote (team_leader) or demote (member); the server's answer says which, in words. */
export function updateTeamMemberRole({
  teamId,
  memberId,
  role,
}: {
  teamId: string;
  memberId: string;
  role: TeamMemberRole;
}) {
  return apiRequest(`/api/teams/${teamId}/members/${memberId}`, {
    method: 'PATCH',
    body: { role },
    schema: teamMemberResponseSchema,
  });
}

export function useUpdateTeamMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamMemberRole,
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
