import { useDeferredValue } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LoadFailedCard } from '../components/load-failed-card';
import { useSetupStatus } from '../features/setup/api/get-setup-status';
import { useSession } from '../lib/session';
import { SETUP_PATH } from '../lib/session-user';
import { Redirect } from './redirect';

export { SETUP_PATH } from '../lib/session-user';

/**
 * Shows nothing but a spinner until we know whether the first run is pending and who is
 * signed in; while the first run is pending, every path leads to the first-run page.
 */
export function AppGate() {
  const setupStatus = useSetupStatus();
  const session = useSession();
  const { pathname } = useLocation();
  const isKnown = !setupStatus.isPending && !session.isPending;
  // The first screen renders as a deferred update: React renders it in slices between which
  // the browser stays responsive, where the answer's own update would render it in one block.
  const isShown = useDeferredValue(isKnown, false);

  // Only a first load that failed: a refresh that fails later keeps what is known (and the page).
  if (setupStatus.isLoadingError || session.isLoadingError) {
    return (
      <LoadFailedCard
        onRetry={() => {
          if (setupStatus.isLoadingError) void setupStatus.refetch();
          if (session.isLoadingError) void session.refetch();
        }}
      />
    );
  }
  if (!isKnown || !isShown) return <FullPageLoader />;

  const isSetupPath = pathname === SETUP_PATH;
  if (setupStatus.data.needed && !isSetupPath) return <Redirect to={SETUP_PATH} replace />;
  if (!setupStatus.data.needed && isSetupPath) return <Redirect to="/" replace />;
  return <Outlet />;
}
