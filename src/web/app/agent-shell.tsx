import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { FormAlert } from '../components/form-alert';
import { useSession } from '../lib/session';
import { SHELL_TOP_BAR_HEIGHT, ShellTopBar } from './shell-top-bar';
import { useLogout } from './use-logout';

/**
 * The agent side's frame: top bar with Logout, then the routed page. The employee portal's
 * drawer (spec §2 'Employee portal shell') will join as an AppShell.Navbar.
 */
export function AgentShell() {
  const { data: user } = useSession();
  const { logout, isLoggingOut, hasLogoutFailed } = useLogout();

  return (
    <AppShell header={{ height: SHELL_TOP_BAR_HEIGHT }} padding="lg">
      <AppShell.Header>
        <ShellTopBar
          title="Employee Portal"
          username={user?.username ?? ''}
          onLogout={logout}
          isLoggingOut={isLoggingOut}
        />
      </AppShell.Header>
      <AppShell.Main>
        {hasLogoutFailed && <LogoutFailedAlert />}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

export function LogoutFailedAlert() {
  return (
    <FormAlert tone="error" mb="md">
      Logout failed. Please try again.
    </FormAlert>
  );
}
