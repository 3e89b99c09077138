import { useQueryClient } from '@tanstack/react-query';
import { useSignOut } from '../features/auth/api/sign-out';
import { isApiError, serverRefusalMessage } from '../lib/api-client';
import { agentStateQueryKey } from '../lib/query-keys';
import { goToSignIn } from '../lib/page-navigation';
import { LOGOUT_FAILED_MESSAGE } from './logout-failed-alert';

/**
 * Logout from either shell: end the session, then load the sign-in page (its own entry), which
 * leaves nothing of the previous user's data in the page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  return {
    logout: () =>
      signOut.mutate(undefined, {
        onSuccess: () => goToSignIn(),
        // An agent refused (409: not in Gone Home): the page's status is old, ask again.
        onError: (error) => {
          if (isApiError(error, 409)) {
            void queryClient.invalidateQueries({ queryKey: agentStateQueryKey });
          }
        },
      }),
    // Once signed out the sign-in page is loading: Logout stays busy until it replaces this one.
    isLoggingOut: signOut.isPending || signOut.isSuccess,
    /**
     * Why the last logout failed: the server's words when it refused (409 'Set status to Gone
     * Home to sign out' for an agent), else a generic failure.
     */
    logoutFailure: signOut.isError
      ? (serverRefusalMessage(signOut.error) ?? LOGOUT_FAILED_MESSAGE)
      : null,
  };
}
