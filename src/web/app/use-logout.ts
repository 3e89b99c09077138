import { useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/api/sign-out';
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
    hasLogoutFailed: signOut.isError,
  };
}
