import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type addTeamMemberSchema,
  teamMemberResponseSchema,
} from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterTeamChange } from './invalidate';

export type NewTeamMember = z.output<typeof addTeamMemberSchema>;

/** Adds a user to the team, moving them out of any other team they were in. */
export function addTeamMember({ teamId, member }: { teamId: string; member: NewTeamMember }) {
  return apiRequest(`/api/teams/${teamId}/members`, {
    method: 'POST',
    body: member,
    schema: teamMemberResponseSchema,
  });
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
