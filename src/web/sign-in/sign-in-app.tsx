import { useEffect, useState } from 'react';
import type { SessionUser } from '../../shared/schemas/sign-in';
import { FullPageLoader } from '../components/full-page-loader';
import { LoadFailedCard } from '../components/load-failed-card';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { ApiError } from '../lib/api-client';
import { pageNavigation, signInFrom } from '../lib/page-navigation';
import {
  SETUP_PATH,
  destinationAfterSignIn,
  getSession,
  getSetupStatus,
} from '../lib/session-user';

type SignInGate = 'checking' | 'failed' | 'signed-out' | 'leaving';

/** As the app's query client: a 4xx is an answer; anything else is tried twice more (1 s, 2 s). */
const RETRY_DELAYS_MS = [1000, 2000];

async function withRetries<Result>(load: () => Promise<Result>): Promise<Result> {
  for (let failures = 0; ; failures++) {
    try {
      return await load();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[failures];
      if ((error instanceof ApiError && error.status < 500) || delay === undefined) throw error;
      await new Promise((resume) => setTimeout(resume, delay));
    }
  }
}

/**
 * The sign-in page as its own entry of the build (sign-in.html): no router, no React Query,
 * zod/mini only, to fit its 120 kB budget of gzipped JavaScript (bench web-app). As the app's
 * gate did, it first learns whether the first run is pending (then the first-run page) and
 * who is signed in (then their side of the app); a sign-in goes back to the page that sent
 * the user here, if it is on their side, else to their dashboard. Both are page loads of the app.
 */
export function SignInApp() {
  const [gate, setGate] = useState<SignInGate>('checking');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const leaveFor = (path: string) => {
      setGate('leaving');
      pageNavigation.replace(path);
    };
    let isCurrent = true;
    Promise.all([withRetries(getSetupStatus), withRetries(getSession)]).then(
      ([setupStatus, user]) => {
        if (!isCurrent) return;
        if (setupStatus.needed) leaveFor(SETUP_PATH);
        else if (user) leaveFor(destinationAfterSignIn(user, signInFrom()));
        else setGate('signed-out');
      },
      () => {
        if (isCurrent) setGate('failed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  if (gate === 'failed') {
    return (
      <LoadFailedCard
        onRetry={() => {
          setGate('checking');
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (gate !== 'signed-out') return <FullPageLoader />;
  return (
    <SignInPage
      // The form stays on screen until the app's page replaces this one, as it did while the
      // router loaded the portal's code.
      onSignedIn={(user: SessionUser) =>
        pageNavigation.replace(destinationAfterSignIn(user, signInFrom()))
      }
    />
  );
}
