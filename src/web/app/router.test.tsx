import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { pageNavigation } from '../lib/page-navigation';
import { errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock';
import { agentState } from '../test/agent-fixtures';
import { dashboardFigures } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { pagedListResponse } from '../test/paged-list';
import { appRoutes, buildAppRoutes, pageWithData } from './router';

const timestamps = {
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const admin = {
  id: '0b7e7f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  email: null,
  username: 'ada',
  role: 'admin',
  is_super_admin: false,
  team: null,
  is_team_leader: false,
  ...timestamps,
};
const agent = {
  ...admin,
  id: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  username: 'dana',
  role: 'employee',
};

function signedIn(user: unknown) {
  return {
    'GET /api/setup': () => jsonResponse({ needed: false }),
    'GET /api/auth/session': () => jsonResponse({ user }),
    'GET /api/dashboard': () => jsonResponse(dashboardFigures()),
    'GET /api/agent/state': () => jsonResponse(agentState()),
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
  };
}
const signedOut = {
  'GET /api/setup': () => jsonResponse({ needed: false }),
  'GET /api/auth/session': () => jsonResponse({ user: null }),
};

/**
 * The sign-in page is an entry of its own: the app leaves for it with a page load of
 * /sign-in, carrying the page to come back to in the history entry's state.
 */
async function expectSignInPageLoad(from: string | undefined) {
  await vi.waitFor(() => expect(pageNavigation.reload).toHaveBeenCalled());
  expect(window.location.pathname).toBe('/sign-in');
  expect(window.history.state).toEqual(from === undefined ? {} : { signInFrom: from });
  expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('app routes', () => {
  it("asks for the Employees page's rows with its code, before the session is known, once", async () => {
    let answerSession = () => {};
    const employees = [
      { id: '2b3c4d5e-0000-4000-8000-000000000001', username: 'ann' },
      { id: '2b3c4d5e-0000-4000-8000-000000000002', username: 'bob' },
    ].map((row) => ({ ...row, full_name: null, role: 'employee', team: null, ...timestamps }));
    const served = mockFetch({
      ...signedIn(admin),
      'GET /api/auth/session': () =>
        new Promise<Response>((resolve) => {
          answerSession = () => resolve(jsonResponse({ user: admin }));
        }),
      'GET /api/employees': ({ query }) =>
        pagedListResponse('employees', employees, query, {
          matches: (row, search) => row.username.includes(search),
          sortBy: { username: (row) => row.username },
        }),
      'GET /api/teams': () =>
        jsonResponse({ teams: [], total: 0, matching: 0, page: 1, pageSize: 50 }),
    });
    const queryClient = createQueryClient();
    const router = createMemoryRouter(buildAppRoutes(queryClient), {
      initialEntries: ['/admin/employees?search=a&sort=-username&pageSize=25'],
    });
    renderWithProviders(<RouterProvider router={router} />, { queryClient });
    const listGets = () => served.requests.filter((request) => request.path === '/api/employees');

    // The first test to load the employees page's code: vitest transforms it meanwhile.
    await vi.waitFor(() => expect(listGets()).toHaveLength(1), { timeout: 10_000 });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(Object.fromEntries(listGets()[0]!.query)).toEqual({
      search: 'a',
      sort: '-username',
      pageSize: '25',
    });

    answerSession();
    expect(await screen.findByRole('cell', { name: 'ann' })).toBeTruthy();
    expect(listGets()).toHaveLength(1);
  });

  it("starts a page's first request while the page's code is still on its way", async () => {
    let pageCodeArrives = (_module: { Page: () => ReactNode }) => {};
    const pageCode = new Promise<{ Page: () => ReactNode }>(
      (resolve) => (pageCodeArrives = resolve),
    );
    const prefetch = vi.fn(() => Promise.resolve());
    const queryClient = createQueryClient();
    const router = createMemoryRouter(
      [
        {
          path: '/rows',
          ...pageWithData(
            queryClient,
            () => pageCode,
            (module) => module.Page,
            () => Promise.resolve(prefetch),
          ),
        },
      ],
      { initialEntries: ['/rows?search=ann'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { queryClient });

    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    expect(prefetch).toHaveBeenCalledWith(queryClient, new URLSearchParams('search=ann'));
    pageCodeArrives({ Page: () => <p>The rows</p> });
    expect(await screen.findByText('The rows')).toBeTruthy();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while the session loads', () => {
    mockFetch({
      'GET /api/setup': () => new Promise<Response>(() => {}),
      'GET /api/auth/session': () => new Promise<Response>(() => {}),
    });
    renderAt('/admin/dashboard');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('sends every path to the first-run page while setup is needed', async () => {
    mockFetch({
      'GET /api/setup': () => jsonResponse({ needed: true }),
      'GET /api/auth/session': () => jsonResponse({ user: null }),
    });
    const { router } = renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome to Switchboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('keeps the first-run page away once setup is done', async () => {
    mockFetch(signedOut);
    renderAt('/setup');
    await expectSignInPageLoad(undefined);
  });

  it('sends a signed-out user to the sign-in page, remembering the page asked for', async () => {
    mockFetch(signedOut);
    renderAt('/admin/teams?search=north');
    await expectSignInPageLoad('/admin/teams?search=north');
  });

  it('learns a visitor is signed out from a 200, never a 401 the browser would log', async () => {
    const { requests } = mockFetch(signedOut);
    renderAt('/admin/dashboard');
    await expectSignInPageLoad('/admin/dashboard');
    expect(requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/auth/session',
      'GET /api/setup',
    ]);
  });

  it('sends a signed-out user on an unknown path to the sign-in page', async () => {
    mockFetch(signedOut);
    renderAt('/no/such/page');
    await expectSignInPageLoad(undefined);
  });

  it('loads the sign-in page if the app itself is ever asked for /sign-in', async () => {
    mockFetch(signedOut);
    renderAt('/sign-in');
    await expectSignInPageLoad(undefined);
  });

  it('notices an expired session on any request and leaves for sign-in, remembering the page', async () => {
    mockFetch({
      ...signedIn(admin),
      'GET /api/teams': () => errorResponse(401, 'NOT_SIGNED_IN', 'User not authenticated'),
    });
    const { queryClient } = renderAt('/admin/dashboard?range=week');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(pageNavigation.reload).not.toHaveBeenCalled();

    // Any screen's request, here one the session has expired under.
    await queryClient
      .fetchQuery({
        queryKey: ['teams'],
        queryFn: () => apiRequest('/api/teams', { schema: z.unknown() }),
      })
      .catch(() => {});

    await expectSignInPageLoad('/admin/dashboard?range=week');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends an agent away from the admin side to their own dashboard', async () => {
    mockFetch(signedIn(agent));
    const { router } = renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Employee Portal' })).toBeTruthy();
    expect(screen.getByText('Welcome, dana')).toBeTruthy();
    expect(screen.queryByText('Demo version')).toBeNull();
    expect(router.state.location.pathname).toBe('/agent');
  });

  it('sends an admin on an unknown path to the dashboard', async () => {
    mockFetch(signedIn(admin));
    const { router } = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
    expect(screen.getByText('Demo version')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('logs out to the sign-in page, remembering no page to return to', async () => {
    const { requests } = mockFetch({
      ...signedIn(admin),
      'POST /api/auth/sign-out': () => jsonResponse({ ok: true }),
    });
    const { user } = renderAt('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(pageNavigation.reload).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/sign-in');
    expect(window.history.state).toEqual({});
    expect(requests.find((r) => r.path === '/api/auth/sign-out')?.body).toEqual({});
  });
});
