import { useMutation, useQueryClient } from '@tanstack/react-query';
import { otherSessionsEndedSchema } from '../../../../shared/schemas/me';
import { apiRequest } from '../../../lib/api-client';
import { ownSessionsQueryKey } from './get-sessions';

/** 'Sign out other sessions': every session of yours but this one ends; how many did. */
export async function endOtherSessions() {
  const response = await apiRequest('/api/me/sessions', {
    method: 'DELETE',
    schema: otherSessionsEndedSchema,
  });
  return response.ended;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSessionsQueryKey }),
  });
}
