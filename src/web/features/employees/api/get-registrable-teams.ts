import { useQuery } from '@tanstack/react-query';
import { registrableTeamsSchema } from '../../../../shared/schemas/employees';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

/** Under the teams root: a team created, renamed or deleted elsewhere refreshes the select. */
export const registrableTeamsQueryKey = [...teamsQueryRoot, 'registrable'] as const;

/** The teams the signed-in admin may register employees into. */
export function getRegistrableTeams(signal?: AbortSignal) {
  return apiRequest('/api/employees/teams', { schema: registrableTeamsSchema, signal });
}

export function useRegistrableTeams() {
  return useQuery({
    queryKey: registrableTeamsQueryKey,
    queryFn: ({ signal }) => getRegistrableTeams(signal),
  });
}
