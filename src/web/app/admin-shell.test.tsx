import { screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/auth';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import {
  dashboardFigures,
  sessionUser,
  superAdminUser,
  teamLeaderAdminUser,
  teamMemberAdminUser,
} from '../test/fixtures';
import { preloadLazyRoutes } from '../test/lazy-routes';
import { renderWithProviders } from '../test/render';
import { setViewportWidth } from '../test/viewport';
import { appRoutes } from './router';

// The routes' code loaded first, as a browser with it cached: a cold import on a busy machine
// outlasted the first test's wait for the shell.
beforeAll(() => preloadLazyRoutes(appRoutes));

function signedInAs(user: SessionUser) {
  return mockFetch({
    'GET /api/setup': () => jsonResponse({ needed: false }),
    'GET /api/auth/session': () => jsonResponse({ user }),
    'GET /api/teams': () => jsonResponse({ teams: [], total: 0 }),
    'GET /api/admins': () => jsonResponse({ admins: [], total: 0 }),
    'GET /api/dashboard': () => jsonResponse(dashboardFigures()),
    'GET /api/employees': () => jsonResponse({ employees: [], total: 0 }),
    'GET /api/employees/teams': () => jsonResponse({ teams: [] }),
    'GET /api/me/sessions': () => jsonResponse({ sessions: [] }),
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

async function menuLabels() {
  const menu = await screen.findByRole('navigation', { name: 'Main' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const everyoneSees = ['Dashboard', 'Register Employee', 'Analytics', 'Live Floor', 'Employees'];

describe('the admin shell', () => {
  it('has the top bar of spec §2', async () => {
    setViewportWidth(1280);
    signedInAs(superAdminUser);
    renderAt('/admin/dashboard');
    const topBar = within(await screen.findByRole('banner'));
    expect(topBar.getByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
    expect(topBar.getByText('Welcome, ada')).toBeTruthy();
    expect(topBar.getByText('Demo version')).toBeTruthy();
    expect(topBar.getByRole('combobox', { name: 'Theme' })).toBeTruthy();
    expect(topBar.getByRole('link', { name: 'Register Employee' }).getAttribute('href')).toBe(
      '/admin/register',
    );
    // Logout is the sidebar's last entry (spec §2), not the top bar's.
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('on a phone keeps the bar to its title: the welcome, Theme and Register are in the drawer', async () => {
    setViewportWidth(390);
    signedInAs(superAdminUser);
    const { user } = renderAt('/admin/dashboard');
    const topBar = within(await screen.findByRole('banner'));
    expect(topBar.getByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
    expect(topBar.getByText('Demo version')).toBeTruthy();
    expect(topBar.queryByText('Welcome, ada')).toBeNull();
    expect(topBar.queryByRole('combobox', { name: 'Theme' })).toBeNull();
    expect(topBar.queryByRole('link', { name: 'Register Employee' })).toBeNull();

    await user.click(topBar.getByRole('button', { name: 'Toggle navigation' }));
    const menu = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(menu.getByText('Welcome, ada')).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Register Employee' }).getAttribute('href')).toBe(
      '/admin/register',
    );
    // One Theme select on the page, the drawer's, and it changes the theme.
    expect(screen.getAllByRole('combobox', { name: 'Theme' })).toHaveLength(1);
    await user.click(menu.getByRole('combobox', { name: 'Theme' }));
    await user.click(screen.getByRole('option', { name: 'Dark Mode' }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it.each<[string, SessionUser, string[]]>([
    [
      'a super admin',
      superAdminUser,
      [...everyoneSees, 'Teams', 'Admins', 'Voice', 'Audit Log', 'Account'],
    ],
    ['an admin with no team', sessionUser(), [...everyoneSees, 'Teams', 'Account']],
    ['an admin who leads a team', teamLeaderAdminUser, [...everyoneSees, 'Teams', 'Account']],
    ['an admin in a team they do not lead', teamMemberAdminUser, [...everyoneSees, 'Account']],
  ])('shows %s their menu', async (_who, user, expected) => {
    signedInAs(user);
    renderAt('/admin/dashboard');
    expect(await menuLabels()).toEqual(expected);
  });

  it.each<[string, SessionUser, string]>([
    ['the Admins page to an admin who is no super admin', teamLeaderAdminUser, '/admin/admins'],
    ['the Teams page to an admin in a team they do not lead', teamMemberAdminUser, '/admin/teams'],
    ['the Voice page to an admin who is no super admin', teamLeaderAdminUser, '/admin/voice'],
    ['the Audit Log to an admin who is no super admin', teamLeaderAdminUser, '/admin/audit'],
  ])('sends a URL for %s to the dashboard', async (_what, user, path) => {
    signedInAs(user);
    const { router } = renderAt(path);
    // A redirect, then the dashboard's code: slower than one findBy wait on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it.each([
    ['/admin/teams', 'Teams Management', superAdminUser],
    ['/admin/admins', 'Admins', superAdminUser],
    ['/admin/teams', 'Teams Management', teamLeaderAdminUser],
    ['/admin/register', 'Register Employee', teamMemberAdminUser],
    ['/admin/analytics', 'Analytics', teamMemberAdminUser],
    ['/admin/analytics/6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f', 'Analytics', teamMemberAdminUser],
    ['/admin/live', 'Live Floor', teamMemberAdminUser],
    ['/admin/employees', 'Employees', teamMemberAdminUser],
    ['/admin/account', 'Account', teamMemberAdminUser],
    ['/admin/account', 'Account', superAdminUser],
  ])('opens %s for whoever may see it', async (path, heading, user) => {
    signedInAs(user);
    const { router } = renderAt(path);
    expect(await screen.findByRole('heading', { name: heading, level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it("starts the keyboard at 'Skip to main content', which goes past the bar and the menu", async () => {
    signedInAs(superAdminUser);
    const { user } = renderAt('/admin/dashboard');
    await screen.findByRole('banner');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('sends unknown admin pages to the dashboard', async () => {
    signedInAs(superAdminUser);
    const { router } = renderAt('/admin/no-such-page');
    // Two redirects, then the dashboard: slower than one findBy wait on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('marks the current page in the menu and follows its links', async () => {
    signedInAs(superAdminUser);
    const { router, user } = renderAt('/admin/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { current: 'page' }).textContent).toBe('Dashboard');
    expect(document.title).toBe('Dashboard – Switchboard');

    await user.click(within(menu).getByRole('link', { name: 'Admins' }));

    expect(await screen.findByRole('heading', { name: 'Admins', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/admins');
    expect(within(menu).getByRole('link', { current: 'page' }).textContent).toBe('Admins');
    // The tab names the page too (WCAG 2.4.2).
    expect(document.title).toBe('Admins – Switchboard');
  });

  it('slides the sidebar in and out with the burger, and with Dashboard while on it', async () => {
    signedInAs(superAdminUser);
    const { router, user } = renderAt('/admin/dashboard');
    // jsdom matches no media query: the phone layout, where the sidebar starts closed.
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');

    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');

    const menu = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(router.state.location.pathname).toBe('/admin/dashboard');

    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    expect(burger.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the phone drawer once another page is chosen', async () => {
    signedInAs(superAdminUser);
    const { user } = renderAt('/admin/dashboard');
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });
    await user.click(burger);

    const menu = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(menu).getByRole('link', { name: 'Teams' }));

    expect(await screen.findByRole('heading', { name: 'Teams Management' })).toBeTruthy();
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });
});
