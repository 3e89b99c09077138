import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { teamLeaderAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AdminAccountPage } from './admin-account-page';

const session = (id: string, current: boolean) => ({
  id,
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: '2026-11-20T08:00:00.000Z',
  ip: '192.0.2.10',
  user_agent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  current,
});

function renderPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  const served = mockFetch({
    'GET /api/me/sessions': () =>
      jsonResponse({
        sessions: [
          session('11111111-1111-4111-8111-111111111111', true),
          session('22222222-2222-4222-8222-222222222222', false),
        ],
      }),
    ...routes,
  });
  return {
    ...served,
    ...renderWithProviders(<AdminAccountPage />, { signedInAs: teamLeaderAdminUser }),
  };
}

describe('AdminAccountPage', () => {
  it('has your sessions and the change-password form', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Account', level: 2 })).toBeTruthy();
    const sessions = within(screen.getByRole('region', { name: 'Sessions' }));
    const table = await sessions.findByRole('table', { name: 'Your sessions' });
    expect(within(table).getAllByRole('row')).toHaveLength(3); // the header and two sessions
    expect(sessions.getByText('This device')).toBeTruthy();
    expect(
      sessions.getByRole('button', { name: 'Sign out session on Safari on macOS from 192.0.2.10' }),
    ).toBeTruthy();
    const password = within(screen.getByRole('form', { name: 'Change password' }));
    for (const label of [/^Current password/, /^New password/, /^Confirm password/]) {
      expect(password.getByLabelText(label)).toBeTruthy();
    }
  });

  it('signs out the other sessions', async () => {
    const { requests, user } = renderPage({
      'DELETE /api/me/sessions': () => jsonResponse({ ended: 1 }),
    });
    const sessions = within(screen.getByRole('region', { name: 'Sessions' }));
    await sessions.findByText('This device');
    await user.click(sessions.getByRole('button', { name: 'Sign out other sessions' }));
    expect((await sessions.findByRole('alert')).textContent).toBe('Signed out 1 other session');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/me/sessions',
    ]);
  });

  it('changes your password; the sessions list is read again', async () => {
    const { requests, user } = renderPage({
      'POST /api/me/password': () => jsonResponse({ ok: true }),
    });
    await screen.findByText('This device');
    const password = within(screen.getByRole('form', { name: 'Change password' }));
    await user.type(password.getByLabelText(/^Current password/), 'secret1');
    await user.type(password.getByLabelText(/^New password/), 'secret9');
    await user.type(password.getByLabelText(/^Confirm password/), 'secret9');
    await user.click(password.getByRole('button', { name: 'Change Password' }));
    expect((await password.findByRole('alert')).textContent).toBe('Password changed successfully');
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/me/sessions')).toHaveLength(2),
    );
  });
});
