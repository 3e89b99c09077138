import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appTheme } from '../app/theme';
import { pageNavigation } from '../lib/page-navigation';
import { errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock';
import { SignInApp } from './sign-in-app';

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
const agent = { ...admin, id: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f', role: 'employee' };

const setupDone = { 'GET /api/setup': () => jsonResponse({ needed: false }) };
const signedOut = {
  ...setupDone,
  'GET /api/auth/session': () => jsonResponse({ user: null }),
};

/** The sign-in page as its entry renders it: Mantine only, no router, no React Query. */
function renderSignInPage({ from }: { from?: string } = {}) {
  window.history.replaceState(from ? { signInFrom: from } : null, '', '/sign-in');
  const user = userEvent.setup();
  render(
    <MantineProvider theme={appTheme} env="test">
      <SignInApp />
    </MantineProvider>,
  );
  return { user };
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the sign-in page', () => {
  it('shows the loader while it learns whether setup is pending and who is signed in', () => {
    mockFetch({
      'GET /api/setup': () => new Promise<Response>(() => {}),
      'GET /api/auth/session': () => new Promise<Response>(() => {}),
    });
    renderSignInPage();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('sends everyone to the first-run page while setup is needed', async () => {
    mockFetch({
      'GET /api/setup': () => jsonResponse({ needed: true }),
      'GET /api/auth/session': () => jsonResponse({ user: null }),
    });
    renderSignInPage();
    await vi.waitFor(() => expect(pageNavigation.replace).toHaveBeenCalledWith('/setup'));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it.each([
    ['an admin', admin, undefined, '/admin/dashboard'],
    ['an agent', agent, undefined, '/agent'],
    [
      'an admin sent here from an admin page',
      admin,
      '/admin/teams?search=x',
      '/admin/teams?search=x',
    ],
    ['an agent sent here from an admin page', agent, '/admin/teams', '/agent'],
  ])('sends %s who is already signed in on to %4$s', async (_who, signedInUser, from, to) => {
    mockFetch({
      ...setupDone,
      'GET /api/auth/session': () => jsonResponse({ user: signedInUser }),
    });
    renderSignInPage({ from });
    await vi.waitFor(() => expect(pageNavigation.replace).toHaveBeenCalledWith(to));
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('learns a visitor is signed out from a 200, never a 401 the browser would log', async () => {
    const { requests } = mockFetch(signedOut);
    renderSignInPage();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/auth/session',
      'GET /api/setup',
    ]);
  });

  it("signs in and loads the user's dashboard", async () => {
    const { requests } = mockFetch({
      ...signedOut,
      'POST /api/auth/sign-in': () => jsonResponse({ user: admin }),
    });
    const { user } = renderSignInPage();
    await signIn(user);
    await vi.waitFor(() => expect(pageNavigation.replace).toHaveBeenCalledWith('/admin/dashboard'));
    expect(requests.find((r) => r.path === '/api/auth/sign-in')?.body).toEqual({
      username: 'ada',
      password: 'secret1',
    });
  });

  it('returns to the page that sent the user here, when it is on their side', async () => {
    mockFetch({ ...signedOut, 'POST /api/auth/sign-in': () => jsonResponse({ user: admin }) });
    const { user } = renderSignInPage({ from: '/admin/analytics?range=week' });
    await signIn(user);
    await vi.waitFor(() =>
      expect(pageNavigation.replace).toHaveBeenCalledWith('/admin/analytics?range=week'),
    );
  });

  it('never follows a remembered page off the user’s side of the app', async () => {
    mockFetch({ ...signedOut, 'POST /api/auth/sign-in': () => jsonResponse({ user: agent }) });
    const { user } = renderSignInPage({ from: '//evil.example/agent' });
    await signIn(user);
    await vi.waitFor(() => expect(pageNavigation.replace).toHaveBeenCalledWith('/agent'));
  });

  it('stays on the form when the password is wrong', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/sign-in': () =>
        errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password'),
    });
    const { user } = renderSignInPage();
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(pageNavigation.replace).not.toHaveBeenCalled();
  });

  it('says so when it cannot ask, and asks again on Try again', async () => {
    const { requests } = mockFetch({
      'GET /api/setup': [
        () => errorResponse(403, 'CROSS_ORIGIN', 'Refused'),
        () => jsonResponse({ needed: false }),
      ],
      'GET /api/auth/session': () => jsonResponse({ user: null }),
    });
    const { user } = renderSignInPage();
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/setup')).toHaveLength(2);
  });

  it('tries a server failure again before showing the form', async () => {
    const { requests } = mockFetch({
      'GET /api/setup': [
        () => errorResponse(503, 'UNAVAILABLE', ''),
        () => jsonResponse({ needed: false }),
      ],
      'GET /api/auth/session': () => jsonResponse({ user: null }),
    });
    renderSignInPage();
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.filter((r) => r.path === '/api/setup')).toHaveLength(2);
  });
});
