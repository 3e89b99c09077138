import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { ownSessionsQueryKey } from './get-sessions';

/** Ends one of your sessions (another device, a forgotten browser). */
export function endSession(sessionId: string) {
  return apiRequest(`/api/me/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // Also on failure: a 404 means it had ended already, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSessionsQueryKey }),
  });
}
