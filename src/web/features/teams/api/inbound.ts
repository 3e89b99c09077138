import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InboundSettings,
  type InboundSettingsChanges,
  inboundSettingsSchema,
} from '../../../../shared/schemas/queues';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

const inboundKey = (teamId: string) => [...teamsQueryRoot, teamId, 'inbound'] as const;
const url = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/inbound`;

/** How a team's inbound calls come (per agent or through a queue) and its service-level goal. */
export function useTeamInbound(teamId: string) {
  return useQuery({
    queryKey: inboundKey(teamId),
    queryFn: ({ signal }) => apiRequest(url(teamId), { schema: inboundSettingsSchema, signal }),
  });
}

/** Changes the settings; the server answers with all of them, kept as the team's. */
export function useSetTeamInbound(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: InboundSettingsChanges) =>
      apiRequest(url(teamId), { method: 'PUT', body: changes, schema: inboundSettingsSchema }),
    onSuccess: (saved: InboundSettings) => queryClient.setQueryData(inboundKey(teamId), saved),
  });
}
