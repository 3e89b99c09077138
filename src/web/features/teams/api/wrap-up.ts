import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TeamWrapUp,
  type WrapUpRules,
  teamWrapUpSchema,
  wrapUpCodeResponseSchema,
} from '../../../../shared/schemas/wrap-up';
import { apiRequest } from '../../../lib/api-client';
import { teamsQueryRoot } from '../../../lib/query-keys';

const wrapUpKey = (teamId: string) => [...teamsQueryRoot, teamId, 'wrap-up'] as const;
const url = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/wrap-up`;

/** A team's wrap-up rules and codes. */
export function useTeamWrapUp(teamId: string) {
  return useQuery({
    queryKey: wrapUpKey(teamId),
    queryFn: ({ signal }) => apiRequest(url(teamId), { schema: teamWrapUpSchema, signal }),
  });
}

/** Each change answers or changes part of the team's wrap-up; the list is read again after. */
function useWrapUpChange<Input>(teamId: string, send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wrapUpKey(teamId) }),
  });
}

export function useSetWrapUpRules(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: WrapUpRules) =>
      apiRequest(`${url(teamId)}/rules`, { method: 'PUT', body: rules, schema: teamWrapUpSchema }),
    onSuccess: (saved: TeamWrapUp) => queryClient.setQueryData(wrapUpKey(teamId), saved),
  });
}

export function useAddWrapUpCode(teamId: string) {
  return useWrapUpChange(teamId, (name: string) =>
    apiRequest(`${url(teamId)}/codes`, {
      method: 'POST',
      body: { name },
      schema: wrapUpCodeResponseSchema,
    }),
  );
}

export function useChangeWrapUpCode(teamId: string) {
  return useWrapUpChange(
    teamId,
    ({ codeId, ...changes }: { codeId: string; name?: string; active?: boolean }) =>
      apiRequest(`${url(teamId)}/codes/${encodeURIComponent(codeId)}`, {
        method: 'PATCH',
        body: changes,
        schema: wrapUpCodeResponseSchema,
      }),
  );
}
