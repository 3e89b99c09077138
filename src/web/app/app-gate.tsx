import { Button, Stack } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { signInMessages } from '../../shared/messages';
import { CenteredCard } from '../components/centered-card';
import { FormAlert } from '../components/form-alert';
import { FullPageLoader } from '../components/full-page-loader';
import { useSetupStatus } from '../features/setup/api/get-setup-status';
import { useSession } from '../lib/session';
import { Redirect } from './redirect';

export const SETUP_PATH = '/setup';

/**
 * Shows nothing but a spinner until we know whether the first run is pending and who is
 * signed in; while the first run is pending, every path leads to the first-run page.
 */
export function AppGate() {
  const setupStatus = useSetupStatus();
  const session = useSession();
  const { pathname } = useLocation();

  if (setupStatus.isError || session.isError) {
    return (
      <CenteredCard>
        <Stack>
          <FormAlert tone="error">{signInMessages.unexpected}</FormAlert>
          <Button
            onClick={() => {
              if (setupStatus.isError) void setupStatus.refetch();
              if (session.isError) void session.refetch();
            }}
          >
            Try again
          </Button>
        </Stack>
      </CenteredCard>
    );
  }
  if (setupStatus.isPending || session.isPending) return <FullPageLoader />;

  const isSetupPath = pathname === SETUP_PATH;
  if (setupStatus.data.needed && !isSetupPath) return <Redirect to={SETUP_PATH} replace />;
  if (!setupStatus.data.needed && isSetupPath) return <Redirect to="/" replace />;
  return <Outlet />;
}
