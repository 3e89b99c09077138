import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export async function signOut() {
  try {
    await apiRequest('/api/auth/sign-out', { method: 'POST', schema: okResponseSchema });
  } catch (error) {
    // Already signed out (expired or revoked elsewhere): the goal is reached.
    if (!isApiError(error, 401)) throw error;
  }
}

/** Ends the session and forgets everything cached for the previous user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
