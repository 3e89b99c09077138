import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FormAlert } from '../components/form-alert';
import { useSession } from '../lib/session';
import { SHELL_TOP_BAR_HEIGHT, ShellTopBar } from './shell-top-bar';
import { useLogout } from './use-logout';

interface PortalShellProps {
  /** The top bar's title and the page's h1: 'Admin Portal' or 'Employee Portal'. */
  title: string;
  /** Shown beside the title, e.g. the admin portal's 'Demo version' label. */
  badge?: ReactNode;
}

/**
 * The frame of both signed-in sides: top bar, then the routed page. The admin sidebar and
 * the agent drawer will join as an AppShell.Navbar given by each route, beside the header.
 */
export function PortalShell({ title, badge }: PortalShellProps) {
  const { data: user } = useSession();
  const { logout, isLoggingOut, hasLogoutFailed } = useLogout();

  return (
    <AppShell header={{ height: SHELL_TOP_BAR_HEIGHT }} padding="lg">
      <AppShell.Header>
        <ShellTopBar
          title={title}
          username={user?.username ?? ''}
          badge={badge}
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
