import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock';
import { agentState } from '../test/agent-fixtures';
import { dashboardFigures } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { appRoutes } from './router';

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
    'GET /api/auth/me': () => jsonResponse({ user }),
    'GET /api/dashboard': () => jsonResponse(dashboardFigures()),
    'GET /api/agent/state': () => jsonResponse(agentState()),
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
  };
}
const signedOut = {
  'GET /api/setup': () => jsonResponse({ needed: false }),
  'GET /api/auth/me': () => errorResponse(401, 'NOT_SIGNED_IN', 'User not authenticated'),
  // Where a sign-in lands.
  'GET /api/dashboard': () => jsonResponse(dashboardFigures()),
};

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('app routes', () => {
  it('shows a spinner while the session loads', () => {
    mockFetch({
      'GET /api/setup': () => new Promise<Response>(() => {}),
      'GET /api/auth/me': () => new Promise<Response>(() => {}),
    });
    renderAt('/admin/dashboard');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('sends every path to the first-run page while setup is needed', async () => {
    mockFetch({
      'GET /api/setup': () => jsonResponse({ needed: true }),
      'GET /api/auth/me': () => errorResponse(401, 'NOT_SIGNED_IN', 'User not authenticated'),
    });
    const { router } = renderAt('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Welcome to Switchboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('keeps the first-run page away once setup is done', async () => {
    mockFetch(signedOut);
    const { router } = renderAt('/setup');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('sends a signed-out user to sign-in', async () => {
    mockFetch(signedOut);
    const { router } = renderAt('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('returns to the page asked for after sign-in', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/sign-in': () => jsonResponse({ user: admin }),
    });
    const { router, user } = renderAt('/admin/somewhere');
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome, ada')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('notices an expired session on any request and returns there after signing in', async () => {
    mockFetch({
      ...signedIn(admin),
      'GET /api/teams': () => errorResponse(401, 'NOT_SIGNED_IN', 'User not authenticated'),
      'POST /api/auth/sign-in': () => jsonResponse({ user: admin }),
    });
    const { router, user, queryClient } = renderAt('/admin/dashboard?range=week');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();

    // Any screen's request, here one the session has expired under.
    await queryClient
      .fetchQuery({
        queryKey: ['teams'],
        queryFn: () => apiRequest('/api/teams', { schema: z.unknown() }),
      })
      .catch(() => {});

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/admin/dashboard?range=week',
    );
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

  it('logs out to sign-in', async () => {
    const { requests } = mockFetch({
      ...signedIn(admin),
      'POST /api/auth/sign-out': () => jsonResponse({ ok: true }),
    });
    const { router, user } = renderAt('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(requests.find((r) => r.path === '/api/auth/sign-out')?.body).toEqual({});
  });
});
