import { useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/api/sign-out';
import { serverRefusalMessage } from '../lib/api-client';
import { LOGOUT_FAILED_MESSAGE } from './logout-failed-alert';
import { SIGN_IN_PATH } from './route-guards';

/** Logout from either shell: end the session, forget cached data, back to sign-in. */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    logout: () =>
      signOut.mutate(undefined, {
        onSuccess: () => void navigate(SIGN_IN_PATH, { replace: true }),
      }),
    isLoggingOut: signOut.isPending,
    /**
     * Why the last logout failed: the server's words when it refused (409 'Set status to Gone
     * Home to sign out' for an agent), else a generic failure.
     */
    logoutFailure: signOut.isError
      ? (serverRefusalMessage(signOut.error) ?? LOGOUT_FAILED_MESSAGE)
      : null,
  };
}
