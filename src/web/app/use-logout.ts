import { useSignOut } from '../features/auth/api/sign-out';
import { serverRefusalMessage } from '../lib/api-client';
import { goToSignIn } from '../lib/page-navigation';
import { LOGOUT_FAILED_MESSAGE } from './logout-failed-alert';

/**
 * Logout from either shell: end the session, then load the sign-in page (its own entry), which
 * leaves nothing of the previous user's data in the page.
 */
export function useLogout() {
  const signOut = useSignOut();
  return {
    logout: () => signOut.mutate(undefined, { onSuccess: () => goToSignIn() }),
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
