import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { type teamInputSchema, teamResponseSchema } from '../../../../shared/schemas/teams';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterTeamChange } from './invalidate';

export type NewTeam = z.output<typeof teamInputSchema>;

export async function createTeam(team: NewTeam) {
  const response = await apiRequest('/api/teams', {
    method: 'POST',
    body: team,
    schema: teamResponseSchema,
  });
  return response.team;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
