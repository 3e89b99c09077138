import { AppShell, Badge } from '@mantine/core';
import { Outlet } from 'react-router';
import { FormAlert } from '../components/form-alert';
import { useSession } from '../lib/session';
import { SHELL_TOP_BAR_HEIGHT, ShellTopBar } from './shell-top-bar';
import { useLogout } from './use-logout';

/** The admin portal's frame; the sidebar and its pages arrive with their features. */
export function AdminShell() {
  const { data: user } = useSession();
  const { logout, isLoggingOut, hasLogoutFailed } = useLogout();

  return (
    <AppShell header={{ height: SHELL_TOP_BAR_HEIGHT }} padding="lg">
      <AppShell.Header>
        <ShellTopBar
          title="Admin Portal"
          username={user?.username ?? ''}
          badge={
            <Badge variant="light" color="orange">
              Demo version
            </Badge>
          }
          onLogout={logout}
          isLoggingOut={isLoggingOut}
        />
      </AppShell.Header>
      <AppShell.Main>
        {hasLogoutFailed && (
          <FormAlert tone="error" mb="md">
            Logout failed. Please try again.
          </FormAlert>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
