import { useLocation, useNavigate } from 'react-router';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { useSession } from '../lib/session';
import { type SignInLocationState, destinationAfterSignIn } from './route-guards';
import { Redirect } from './redirect';

export function SignInRoute() {
  const { data: user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as SignInLocationState | null)?.from;

  if (user) return <Redirect to={destinationAfterSignIn(user, from)} replace />;
  return (
    <SignInPage
      onSignedIn={(signedInUser) =>
        void navigate(destinationAfterSignIn(signedInUser, from), { replace: true })
      }
    />
  );
}
