import { AppShell, Badge, Burger, Button, NavLink, ScrollArea } from '@mantine/core';
import { SharedTooltip } from '../components/shared-tooltip';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import {
  type Icon,
  IconBroadcast,
  IconChartBar,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconShieldLock,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconWaveSine,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { type AdminPage, adminPages, isAdminPageVisible } from './admin-pages';
import { LogoutFailedAlert } from './logout-failed-alert';
import { SHELL_TOP_BAR_HEIGHT, ShellDrawerAccount, ShellTopBar } from './shell-top-bar';
import { useLogout } from './use-logout';
import { ShellNavLink } from './shell-nav-link';
import { useNavbarToggle } from './use-navbar-toggle';

const NAVIGATION_ID = 'admin-navigation';
const pageIcons: Record<keyof typeof adminPages, Icon> = {
  dashboard: IconLayoutDashboard,
  register: IconUserPlus,
  analytics: IconChartBar,
  live: IconBroadcast,
  employees: IconUsers,
  teams: IconUsersGroup,
  admins: IconShieldLock,
  voice: IconWaveSine,
  audit: IconHistory,
  account: IconUserCircle,
};
const menuPages: (AdminPage & { icon: Icon })[] = Object.entries(adminPages).map(([id, page]) => ({
  ...page,
  icon: pageIcons[id as keyof typeof adminPages],
}));

function isCurrentPage(page: AdminPage, pathname: string) {
  return pathname === page.path || pathname.startsWith(`${page.path}/`);
}

/**
 * The admin portal's frame (spec §2 'Admin shell'): a top bar and a slide-out sidebar
 * (useNavbarToggle: beside the page on wide screens, a drawer on phones). On a phone the bar
 * keeps the burger and the title; the welcome and the theme select move into the drawer, and
 * 'Register Employee' is the drawer's own link of that name.
 */
export function AdminShell() {
  const { data: user } = useSession();
  const { logout, isLoggingOut, logoutFailure } = useLogout();
  const { pathname } = useLocation();
  const { isNavOpen, toggleNav, closeMobileNav, collapsed, isDrawer } = useNavbarToggle();
  usePageTitle(menuPages.find((page) => isCurrentPage(page, pathname))?.label);

  function handlePageLinkClick(event: MouseEvent, page: AdminPage) {
    // Spec §2: choosing the dashboard while on it slides the sidebar in or out.
    if (page.path === adminPages.dashboard.path && isCurrentPage(page, pathname)) {
      event.preventDefault();
      toggleNav();
      return;
    }
    closeMobileNav();
  }

  const username = user?.username ?? '';
  return (
    <AppShell
      header={{ height: SHELL_TOP_BAR_HEIGHT }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed,
      }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <ShellTopBar
          title="Admin Portal"
          username={username}
          badge={
            <Badge variant="light" color="orange">
              Demo version
            </Badge>
          }
          navigationToggle={
            <Burger
              opened={isNavOpen}
              onClick={toggleNav}
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={isNavOpen}
              aria-controls={NAVIGATION_ID}
            />
          }
          hasAccount={!isDrawer}
          actions={
            !isDrawer && (
              <Button
                component={Link}
                to={adminPages.register.path}
                leftSection={<IconUserPlus size={16} aria-hidden />}
                size="sm"
              >
                Register Employee
              </Button>
            )
          }
        />
      </AppShell.Header>
      {/* A closed sidebar is only moved off screen: `inert` keeps it out of tab order too. */}
      <AppShell.Navbar id={NAVIGATION_ID} aria-label="Main" p="sm" inert={!isNavOpen}>
        {isDrawer && (
          <AppShell.Section>
            <ShellDrawerAccount username={username} />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea}>
          {user &&
            menuPages
              .filter((page) => isAdminPageVisible(page, user))
              .map((page) => (
                <ShellNavLink
                  key={page.path}
                  page={page}
                  isActive={isCurrentPage(page, pathname)}
                  onClick={(event) => handlePageLinkClick(event, page)}
                />
              ))}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink
            component="button"
            type="button"
            label="Logout"
            leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
            onClick={logout}
            disabled={isLoggingOut}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      {/* The focus's place when what had it is gone (a deleted row): the page, not the top. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {logoutFailure && <LogoutFailedAlert message={logoutFailure} />}
        <Outlet />
      </AppShell.Main>
      <SharedTooltip />
    </AppShell>
  );
}
