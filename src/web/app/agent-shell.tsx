import { AppShell, Burger, ScrollArea } from '@mantine/core';
import { useCallback, useState } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { Outlet, useLocation } from 'react-router';
import { INITIAL_STATUS } from '../../shared/statuses';
import {
  CallControlsProvider,
  IncomingCallAnnouncer,
  IncomingCallBanner,
  RINGING_TITLE_PREFIX,
  ShortcutsDialog,
  ViewCallButton,
  useAnswerOneTabAway,
  useAgentLiveFeed,
  useAgentState,
  useAgentStateDeadlines,
  useClockProbes,
  useRingAlert,
  useShortcuts,
} from '../features/agent-dashboard';
import { ReconnectingBanner } from '../components/reconnecting-banner';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { AgentLogoutButton } from './agent-logout-button';
import { type AgentPage, agentPages, isCurrentAgentPage } from './agent-pages';
import { LogoutFailedAlert } from './logout-failed-alert';
import { SHELL_TOP_BAR_HEIGHT, ShellDrawerAccount, ShellTopBar } from './shell-top-bar';
import { useLogout } from './use-logout';
import { ShellNavLink } from './shell-nav-link';
import { useNavbarToggle } from './use-navbar-toggle';

const NAVIGATION_ID = 'agent-navigation';
const menuPages: AgentPage[] = Object.values(agentPages);

/**
 * The employee portal (spec §2 'Employee portal shell'): top bar with the logo, welcome and,
 * during a call, 'View Call'; a drawer with the pages and Logout (on a phone, also the welcome
 * and the theme select, which leave the bar there). The shell owns the agent's
 * state — one query, kept current by the live socket and re-fetched when a deadline passes
 * unannounced — which every page below shares, and makes an incoming call known on every page
 * (announced, in the tab's title, as a desktop notification).
 */
export function AgentShell() {
  const { data: user } = useSession();
  const isReconnecting = useAgentLiveFeed();
  useAgentStateDeadlines();
  const agentState = useAgentState();
  useClockProbes(agentState.isSuccess);
  const { logout, isLoggingOut, logoutFailure } = useLogout();
  const { pathname } = useLocation();
  const navbar = useNavbarToggle();
  // The server decides (409 when not in Gone Home); if the state never loaded, let it. A
  // refresh that failed (the server unreachable) leaves the status known: it still decides.
  const canLogout = agentState.data
    ? agentState.data.state.status === INITIAL_STATUS
    : agentState.isError;
  const isOnDashboard = isCurrentAgentPage(agentPages.dashboard, pathname);
  const username = user?.username ?? '';
  const call = agentState.data?.state.call;
  const isRinging = useRingAlert(call);
  useAnswerOneTabAway(isRinging ? call?.id : undefined);
  const [isShortcutsOpen, setShortcutsOpen] = useState(false);
  useShortcuts(useCallback(() => setShortcutsOpen(true), []));
  usePageTitle(
    Object.values<AgentPage>(agentPages).find((page) => isCurrentAgentPage(page, pathname))?.label,
    isRinging ? RINGING_TITLE_PREFIX : '',
  );

  return (
    <CallControlsProvider>
      <AppShell
        header={{ height: SHELL_TOP_BAR_HEIGHT }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: navbar.collapsed }}
        padding="lg"
      >
        <SkipLink />
        <AppShell.Header>
          <ShellTopBar
            title="Employee Portal"
            username={username}
            hasAccount={!navbar.isDrawer}
            navigationToggle={
              <Burger
                opened={navbar.isNavOpen}
                onClick={navbar.toggleNav}
                size="sm"
                aria-label="Toggle navigation"
                aria-expanded={navbar.isNavOpen}
                aria-controls={NAVIGATION_ID}
              />
            }
            actions={<ViewCallButton />}
          />
        </AppShell.Header>
        {/* A closed drawer is only moved off screen: `inert` keeps it out of tab order too. */}
        <AppShell.Navbar id={NAVIGATION_ID} aria-label="Main" p="sm" inert={!navbar.isNavOpen}>
          {navbar.isDrawer && (
            <AppShell.Section>
              <ShellDrawerAccount username={username} />
            </AppShell.Section>
          )}
          <AppShell.Section grow component={ScrollArea}>
            {menuPages.map((page) => (
              <ShellNavLink
                key={page.path}
                page={page}
                isActive={isCurrentAgentPage(page, pathname)}
                onClick={navbar.closeMobileNav}
              />
            ))}
          </AppShell.Section>
          <AppShell.Section>
            <AgentLogoutButton
              canLogout={canLogout}
              isLoggingOut={isLoggingOut}
              onLogout={logout}
            />
          </AppShell.Section>
        </AppShell.Navbar>
        {/* The focus's place when what had it is gone (a deleted row): the page, not the top. */}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
          {isReconnecting && <ReconnectingBanner />}
          <IncomingCallAnnouncer />
          {logoutFailure && <LogoutFailedAlert message={logoutFailure} />}
          {!isOnDashboard && <IncomingCallBanner />}
          <Outlet />
        </AppShell.Main>
        <ShortcutsDialog opened={isShortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      </AppShell>
    </CallControlsProvider>
  );
}
