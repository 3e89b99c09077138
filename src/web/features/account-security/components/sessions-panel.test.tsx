import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, networkFailure } from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SessionsPanel } from './sessions-panel';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX =
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const thisDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: '2026-11-21T09:30:00.000Z',
  ip: '10.0.0.5',
  user_agent: CHROME_ON_WINDOWS,
  current: true,
};
const laptop = {
  id: '22222222-2222-4222-8222-222222222222',
  created_at: '2026-11-18T08:00:00.000Z',
  last_seen_at: '2026-11-21T06:15:00.000Z',
  ip: '203.0.113.7',
  user_agent: FIREFOX_ON_LINUX,
  current: false,
};
const phone = {
  id: '33333333-3333-4333-8333-333333333333',
  created_at: '2026-11-19T08:00:00.000Z',
  last_seen_at: '2026-11-19T18:00:00.000Z',
  ip: null,
  user_agent: null,
  current: false,
};

function renderPanel(routes: Parameters<typeof mockFetch>[0] = {}) {
  const served = mockFetch({
    // The server lists the most recently used first: here another device.
    'GET /api/me/sessions': () => jsonResponse({ sessions: [laptop, thisDevice, phone] }),
    ...routes,
  });
  return { ...served, ...renderWithProviders(<SessionsPanel />, { signedInAs: agentUser }) };
}

/** As the panel shows a time: the browser's locale, date and time to the minute. */
const moment = (isoDateTime: string) =>
  new Date(isoDateTime).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const table = async () => within(await screen.findByRole('table', { name: 'Your sessions' }));
const signOutOthers = () => screen.getByRole('button', { name: 'Sign out other sessions' });

describe('SessionsPanel', () => {
  it('lists each session with its device, address and times, this device first', async () => {
    renderPanel();
    const rows = (await table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows.map((row) => within(row));

    expect(first!.getByText('Chrome on Windows')).toBeTruthy();
    expect(first!.getByText('This device')).toBeTruthy();
    expect(first!.getByText('10.0.0.5')).toBeTruthy();
    expect(first!.getByText(moment(thisDevice.created_at))).toBeTruthy();
    expect(first!.getByText(moment(thisDevice.last_seen_at))).toBeTruthy();
    // This device is signed out with Logout, not from here.
    expect(first!.queryByRole('button')).toBeNull();

    expect(second!.getByText('Firefox on Linux')).toBeTruthy();
    expect(second!.queryByText('This device')).toBeNull();
    expect(second!.getByText(moment(laptop.last_seen_at))).toBeTruthy();
    expect(
      second!.getByRole('button', {
        name: 'Sign out session on Firefox on Linux from 203.0.113.7',
      }),
    ).toBeTruthy();

    expect(third!.getByText('Unknown device')).toBeTruthy();
    expect(third!.getByText('—')).toBeTruthy(); // no address known
    expect(
      third!.getByRole('button', {
        name: 'Sign out session on Unknown device from an unknown address',
      }),
    ).toBeTruthy();
    expect(signOutOthers().hasAttribute('disabled')).toBe(false);
  });

  it('signs out one session and shows the fresh list', async () => {
    const { requests, user } = renderPanel({
      'GET /api/me/sessions': [
        () => jsonResponse({ sessions: [thisDevice, laptop, phone] }),
        () => jsonResponse({ sessions: [thisDevice, phone] }),
      ],
      [`DELETE /api/me/sessions/${laptop.id}`]: () => jsonResponse({ ok: true }),
    });
    await user.click(
      (await table()).getByRole('button', { name: /^Sign out session on Firefox on Linux/ }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe('Session signed out');
    await waitFor(() => expect(screen.queryByText('Firefox on Linux')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/me/sessions/${laptop.id}`,
    ]);
  });

  it("shows the server's reason when a session cannot be signed out", async () => {
    const { user } = renderPanel({
      [`DELETE /api/me/sessions/${laptop.id}`]: () =>
        errorResponse(404, 'SESSION_NOT_FOUND', 'Session not found'),
    });
    await user.click(
      (await table()).getByRole('button', { name: /^Sign out session on Firefox on Linux/ }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found');
  });

  it('signs out every other session at once and says how many', async () => {
    const { requests, user } = renderPanel({
      'GET /api/me/sessions': [
        () => jsonResponse({ sessions: [thisDevice, laptop, phone] }),
        () => jsonResponse({ sessions: [thisDevice] }),
      ],
      'DELETE /api/me/sessions': () => jsonResponse({ ended: 2 }),
    });
    await table();
    await user.click(signOutOthers());

    expect((await screen.findByRole('alert')).textContent).toBe('Signed out 2 other sessions');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(signOutOthers().hasAttribute('disabled')).toBe(true);
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/me/sessions',
    ]);
  });

  it('says so when signing out the other sessions fails', async () => {
    const { user } = renderPanel({ 'DELETE /api/me/sessions': () => networkFailure() });
    await table();
    await user.click(signOutOthers());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to sign out other sessions',
    );
  });

  it('cannot sign out others when this is the only session', async () => {
    renderPanel({ 'GET /api/me/sessions': () => jsonResponse({ sessions: [thisDevice] }) });
    expect((await table()).getAllByRole('row')).toHaveLength(2);
    expect(signOutOthers().hasAttribute('disabled')).toBe(true);
  });

  it('offers a retry when the list cannot load', async () => {
    const { user } = renderPanel({
      // A 4xx is not retried by the query client: the failure shows at once.
      'GET /api/me/sessions': [
        () => errorResponse(429, 'RATE_LIMITED', 'Too many requests'),
        () => jsonResponse({ sessions: [thisDevice, laptop] }),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load your sessions');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await table()).getByText('Firefox on Linux')).toBeTruthy();
    expect(signOutOthers().hasAttribute('disabled')).toBe(false);
  });
});
