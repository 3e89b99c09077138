import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest, isApiError } from '../../../lib/api-client';

export async function signOut() {
  try {
    await apiRequest('/api/auth/sign-out', { method: 'POST', schema: okResponseSchema });
  } catch (error) {
    // Already signed out (expired or revoked elsewhere): the goal is reached.
    if (!isApiError(error, 401)) throw error;
  }
}

/**
 * Ends the session. The caller then loads the sign-in page, so nothing cached for the previous
 * user outlives the page; the session is not set to signed-out here, which would have the
 * route guards send the user to sign-in first, remembering the page to come back to.
 */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
