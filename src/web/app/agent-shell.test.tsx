import { act, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveTabMessage } from '../../shared/live';
import type { AgentState } from '../../shared/schemas/agent';
import {
  SERVER_NOW,
  activeCall,
  agentState,
  at,
  callLogEntry,
  ringingCall,
} from '../test/agent-fixtures';
import { pageNavigation } from '../lib/page-navigation';
import { describedByText } from '../test/accessibility';
import { advance, settle, useFakeClock } from '../test/fake-clock';
import { FakeWebSocket } from '../test/fake-web-socket';
import { preloadLazyRoutes } from '../test/lazy-routes';
import { errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock';
import { agentUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { setViewportWidth } from '../test/viewport';
import { employeeDetail, gus } from '../features/analytics/test/analytics-fixtures';
import { appRoutes } from './router';

// The agent's shell and pages are lazy routes: their code first, before any fake clock runs.
beforeAll(() => preloadLazyRoutes(appRoutes));

const goneHome = agentState({ status: 'gone_home', since: at(-60) });
/** The state after a change made elsewhere while this page was not listening. */
const onBreakLater = () => agentState({ status: 'break', since: at(2), serverNow: at(3) });

function serve(state: AgentState | AgentState[], routes: Parameters<typeof mockFetch>[0] = {}) {
  const states = (Array.isArray(state) ? state : [state]).map(
    (answer) => () => jsonResponse(answer),
  );
  return mockFetch({
    'GET /api/setup': () => jsonResponse({ needed: false }),
    'GET /api/auth/session': () => jsonResponse({ user: agentUser }),
    'GET /api/agent/state': states,
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    'GET /api/agent/analytics': () => jsonResponse(employeeDetail(gus)),
    'GET /api/me/profile': () =>
      jsonResponse({
        profile: { username: 'dana', role: 'employee', team: null, full_name: null },
      }),
    ...routes,
  });
}

async function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const rendered = renderWithProviders(<RouterProvider router={router} />, {
    withFakeTimers: true,
    userEvent: { delay: null },
  });
  await settle();
  return { router, ...rendered };
}

const menu = () => within(screen.getByRole('navigation', { name: 'Main' }));
const logoutButton = () => menu().getByRole('button', { name: 'Logout' });
const statusSelect = () => screen.getByRole('combobox', { name: 'Status' });

/** How many times GET `path` was asked. */
function fetches(requests: ReturnType<typeof mockFetch>['requests'], path: string) {
  return requests.filter((request) => request.method === 'GET' && request.path === path).length;
}

/** The browser fires `type` at `target` (the page shown again, the network back). */
async function fire(target: EventTarget, type: string) {
  await act(async () => {
    target.dispatchEvent(new Event(type));
  });
  await settle();
}

/** The server pushes the agent's new state over the live socket. */
async function push(state: AgentState) {
  FakeWebSocket.latest().push({ type: 'agent.state', state });
  await settle();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the agent shell', () => {
  it('has the top bar of spec §2: title, welcome and logo', async () => {
    setViewportWidth(1280);
    useFakeClock(SERVER_NOW);
    serve(agentState());
    await renderAt('/agent');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('heading', { name: 'Employee Portal', level: 1 })).toBeTruthy();
    expect(within(banner).getByText('Welcome, dana')).toBeTruthy();
    expect(within(banner).getByRole('combobox', { name: 'Theme' })).toBeTruthy();
    expect(banner.querySelector('img[src="/logo.svg"]')).not.toBeNull();
    expect(within(banner).queryByRole('button', { name: 'View Call' })).toBeNull();
  });

  it('on a phone has the welcome and the one Theme select in the drawer, View Call in the bar', async () => {
    setViewportWidth(390);
    useFakeClock(SERVER_NOW);
    serve(agentState({ status: 'on_call', since: at(-5), call: activeCall(5) }));
    await renderAt('/agent');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('heading', { name: 'Employee Portal', level: 1 })).toBeTruthy();
    expect(banner.getByRole('button', { name: 'View Call' })).toBeTruthy();
    expect(banner.queryByText('Welcome, dana')).toBeNull();
    expect(banner.queryByRole('combobox', { name: 'Theme' })).toBeNull();
    expect(menu().getByText('Welcome, dana')).toBeTruthy();
    expect(menu().getByRole('combobox', { name: 'Theme' })).toBeTruthy();
    expect(screen.getAllByRole('combobox', { name: 'Theme' })).toHaveLength(1);
  });

  it('has a drawer with Dashboard, Analytics and Profile links, and Logout', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    const { router, user } = await renderAt('/agent');

    const links = menu()
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/agent'],
      ['Analytics', '/agent/analytics'],
      ['Profile', '/agent/profile'],
    ]);
    expect(menu().getByRole('link', { current: 'page' }).textContent).toBe('Dashboard');
    expect(document.title).toBe('Dashboard – Switchboard');
    expect(logoutButton()).toBeTruthy();

    await user.click(menu().getByRole('link', { name: 'Analytics' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Analytics', level: 2 })).toBeTruthy();
    expect(screen.getByText('Status Time Tracking')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/analytics');
    expect(menu().getByRole('link', { current: 'page' }).textContent).toBe('Analytics');
    expect(document.title).toBe('Analytics – Switchboard');

    await user.click(menu().getByRole('link', { name: 'Profile' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Profile', level: 2 })).toBeTruthy();
    expect(document.title).toBe('Profile – Switchboard');
  });

  it('opens and closes the phone drawer with its burger', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    const { user } = await renderAt('/agent');
    const burger = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');

    await user.click(menu().getByRole('link', { name: 'Profile' }));
    await settle();
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends unknown agent pages to the dashboard', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    const { router } = await renderAt('/agent/no-such-page');
    expect(router.state.location.pathname).toBe('/agent');
    expect(screen.getByRole('heading', { name: 'Switchboard Agent Dashboard' })).toBeTruthy();
  });

  it('disables Logout outside Gone Home and says why, on hover and on focus', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    const { user } = await renderAt('/agent');

    expect(logoutButton().hasAttribute('disabled')).toBe(true);
    expect(describedByText(logoutButton())).toBe('Set status to Gone Home to sign out');
    expect(screen.queryByRole('tooltip')).toBeNull();

    const wrapper = logoutButton().parentElement as HTMLElement;
    await user.hover(wrapper);
    expect(screen.getByRole('tooltip').textContent).toBe('Set status to Gone Home to sign out');
    await user.unhover(wrapper);
    expect(screen.queryByRole('tooltip')).toBeNull();

    wrapper.focus();
    await settle();
    expect(document.activeElement).toBe(wrapper);
    expect(screen.getByRole('tooltip').textContent).toBe('Set status to Gone Home to sign out');
  });

  it('enables Logout in Gone Home and signs out to sign-in', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve(goneHome, {
      'POST /api/auth/sign-out': () => jsonResponse({ ok: true }),
    });
    const { router, user } = await renderAt('/agent');

    expect(logoutButton().hasAttribute('disabled')).toBe(false);
    expect(describedByText(logoutButton())).toBe('');
    await user.click(logoutButton());
    await settle();

    expect(requests.filter((r) => r.path === '/api/auth/sign-out')).toHaveLength(1);
    // The sign-in page is an entry of its own: a page load of /sign-in.
    expect(pageNavigation.reload).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/sign-in');
    expect(router.state.location.pathname).toBe('/agent');
  });

  it("shows the server's refusal when the status changed elsewhere before Logout", async () => {
    useFakeClock(SERVER_NOW);
    serve(goneHome, {
      'POST /api/auth/sign-out': () =>
        errorResponse(409, 'SIGN_OUT_NOT_GONE_HOME', 'Set status to Gone Home to sign out'),
    });
    const { router, user } = await renderAt('/agent');
    await user.click(logoutButton());
    await settle();

    expect(screen.getByRole('alert').textContent).toBe('Set status to Gone Home to sign out');
    expect(router.state.location.pathname).toBe('/agent');
  });

  it('fetches the state again when the server refuses Logout', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve(
      [goneHome, agentState({ status: 'break', since: at(1), serverNow: at(1) })],
      {
        'POST /api/auth/sign-out': () =>
          errorResponse(409, 'SIGN_OUT_NOT_GONE_HOME', 'Set status to Gone Home to sign out'),
      },
    );
    const { user } = await renderAt('/agent');
    await user.click(logoutButton());
    await settle();

    expect(fetches(requests, '/api/agent/state')).toBe(2);
    expect(statusSelect().textContent).toMatch(/^Break/);
    expect(logoutButton().hasAttribute('disabled')).toBe(true);
  });

  it('keeps Logout disabled when a refresh fails but the status is known', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState(), {
      'GET /api/agent/state': [
        () => jsonResponse(agentState()),
        () => errorResponse(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable'),
      ],
    });
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    await fire(window, 'online');
    await advance(30_000); // the retries, spent
    expect(logoutButton().hasAttribute('disabled')).toBe(true);
    expect(describedByText(logoutButton())).toBe('Set status to Gone Home to sign out');
  });

  it('shows a generic failure when Logout fails otherwise', async () => {
    useFakeClock(SERVER_NOW);
    serve(goneHome, {
      'POST /api/auth/sign-out': () => errorResponse(500, 'INTERNAL', ''),
    });
    const { user } = await renderAt('/agent');
    await user.click(logoutButton());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Logout failed. Please try again.');
  });
});

describe('the live feed', () => {
  it('connects to /api/live and takes every pushed state, refreshing the log', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve(agentState(), {
      'GET /api/agent/calls': [
        () => jsonResponse({ calls: [] }),
        () => jsonResponse({ calls: [callLogEntry({ callStatus: 'missed', durationSeconds: 0 })] }),
      ],
    });
    await renderAt('/agent');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/api/live`);
    socket.accept();

    expect(logoutButton().hasAttribute('disabled')).toBe(true);
    await push(agentState({ status: 'gone_home', since: SERVER_NOW, serverNow: at(1) }));

    expect(statusSelect().textContent).toMatch(/^Gone Home 00:00:0\d$/);
    expect(logoutButton().hasAttribute('disabled')).toBe(false);
    expect(requests.filter((r) => r.path === '/api/agent/calls')).toHaveLength(2);
    expect(screen.getByText('Missed')).toBeTruthy();
  });

  it('names this tab on the socket and on its actions, and refreshes the log after its own', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve(agentState(), {
      'PUT /api/agent/status': () =>
        jsonResponse(agentState({ status: 'break', since: SERVER_NOW })),
    });
    const { user } = await renderAt('/agent');
    const socket = FakeWebSocket.latest();
    socket.accept();
    const [greeting, ...more] = socket.sent.map((sent) => JSON.parse(sent) as LiveTabMessage);
    expect(more).toEqual([]);
    expect(greeting?.type).toBe('tab');
    const tab = greeting?.tab;
    expect(tab).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const logReads = fetches(requests, '/api/agent/calls');

    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Break/ }));
    await settle();

    const [change] = requests.filter((request) => request.path === '/api/agent/status');
    expect(change?.headers.get('x-live-tab')).toBe(tab);
    expect(statusSelect().textContent).toMatch(/^Break/);
    // No push of this change comes to this tab: its answer refreshes the Activity Log.
    expect(fetches(requests, '/api/agent/calls')).toBe(logReads + 1);
  });

  it('rings on a pushed offer and stops when the server says it was missed', async () => {
    useFakeClock(SERVER_NOW);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
    serve(agentState());
    await renderAt('/agent');
    FakeWebSocket.latest().accept();

    await advance(1000);
    await push(agentState({ serverNow: at(1), call: ringingCall({ ringDeadline: at(21) }) }));
    const interactions = within(screen.getByRole('region', { name: 'Interactions' }));
    expect(interactions.getByText('Incoming call...')).toBeTruthy();
    expect(interactions.getByRole('timer').textContent).toBe('20s');

    await advance(20_000);
    await push(agentState({ serverNow: at(21) }));
    expect(interactions.getByText('No active calls')).toBeTruthy();
    expect(pause).toHaveBeenCalled();
  });

  it('keeps the state it holds when the same one comes again later, reading the log once', async () => {
    useFakeClock(SERVER_NOW);
    const held = agentState({ status: 'lunch', since: at(-60) });
    const { requests } = serve(held);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    const logReads = fetches(requests, '/api/agent/calls');

    // What the socket sends on connect: the same state, computed two seconds later.
    await advance(2000);
    await push({ ...held, serverNow: at(2), todaySeconds: { ...held.todaySeconds, lunch: 62 } });
    expect(fetches(requests, '/api/agent/calls')).toBe(logReads);
    expect(statusSelect().textContent).toMatch(/^Lunch 00:01:02$/);

    // A missed ring changes the state without a new status: a log row may have come.
    await push({ ...held, serverNow: at(3), changedAt: at(3) });
    expect(fetches(requests, '/api/agent/calls')).toBe(logReads + 1);
  });

  it('ignores a pushed state older than the one it holds', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState({ status: 'lunch', since: SERVER_NOW }));
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    await push(agentState({ status: 'break', serverNow: at(-5) }));
    expect(statusSelect().textContent).toMatch(/^Lunch/);
  });

  // Break was asked for at 1 s and committed once it had the agent's lock; a read computed at
  // 2 s, while it waited, still saw Lunch.
  const lunch = agentState({ status: 'lunch', since: at(-60) });
  const onBreak = agentState({ status: 'break', since: at(1), serverNow: at(1) });
  const missedIt = { ...lunch, serverNow: at(2) };
  it.each([
    ['the change, then the read that missed it', [onBreak, missedIt]],
    ['the read that missed the change, then the change', [missedIt, onBreak]],
  ])('keeps the state that changed last: %s', async (_, pushed) => {
    useFakeClock(SERVER_NOW);
    serve(lunch);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    for (const state of pushed) await push(state);
    expect(statusSelect().textContent).toMatch(/^Break/);
  });

  it('fetches the state again after reconnecting', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve([agentState(), onBreakLater()]);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    expect(requests.filter((r) => r.path === '/api/agent/state')).toHaveLength(1);

    FakeWebSocket.latest().drop();
    await advance(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().accept();
    await settle();

    expect(requests.filter((r) => r.path === '/api/agent/state')).toHaveLength(2);
    expect(statusSelect().textContent).toMatch(/^Break/);
  });

  it('says it is reconnecting while the live feed is down, until the server speaks again', async () => {
    useFakeClock(SERVER_NOW);
    serve([agentState(), onBreakLater()]);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    await push(agentState());
    expect(screen.queryByRole('status', { name: 'Reconnecting...' })).toBeNull();

    FakeWebSocket.latest().drop();
    await settle();
    const banner = screen.getByRole('status', { name: 'Reconnecting...' });
    expect(banner.textContent).toContain('Switchboard cannot be reached right now');
    await advance(1000);
    FakeWebSocket.latest().accept();
    await push(onBreakLater());
    expect(screen.queryByRole('status', { name: 'Reconnecting...' })).toBeNull();
  });

  it('says it is reconnecting while the server has lost its database, and catches up after', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve([agentState(), onBreakLater()]);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().push({ type: 'server.database', reachable: false });
    await settle();
    expect(screen.getByRole('status', { name: 'Reconnecting...' })).toBeTruthy();
    expect(fetches(requests, '/api/agent/state')).toBe(1);

    FakeWebSocket.latest().push({ type: 'server.database', reachable: true });
    await settle();
    expect(screen.queryByRole('status', { name: 'Reconnecting...' })).toBeNull();
    // Whatever changed meanwhile is fetched: the socket itself never dropped.
    expect(fetches(requests, '/api/agent/state')).toBe(2);
    expect(statusSelect().textContent).toMatch(/^Break/);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('goes to sign-in when the live feed says the session is gone (4401)', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState(), {
      'GET /api/auth/session': [
        () => jsonResponse({ user: agentUser }),
        () => jsonResponse({ user: null }),
      ],
    });
    await renderAt('/agent');
    FakeWebSocket.latest().drop(4401);
    await settle();

    // A page load of the sign-in page (an entry of its own), to come back to the softphone.
    expect(pageNavigation.reload).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/sign-in');
    expect(window.history.state).toEqual({ signInFrom: '/agent' });
    await advance(30_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('shows View Call while a call is active and a ringing call on other pages', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState({ call: ringingCall() }));
    await renderAt('/agent/profile');
    FakeWebSocket.latest().accept();

    const incoming = within(screen.getByRole('region', { name: 'Incoming call' }));
    expect(incoming.getByText('Incoming call...')).toBeTruthy();
    expect(incoming.getByRole('button', { name: 'Answer' })).toBeTruthy();

    await push(
      agentState({ status: 'on_call', since: at(1), serverNow: at(1), call: activeCall(-1) }),
    );
    expect(screen.queryByRole('region', { name: 'Incoming call' })).toBeNull();
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'View Call' }),
    ).toBeTruthy();
  });

  it('the status timer and the Active Call timer, counting from the same answer, turn together', async () => {
    useFakeClock(SERVER_NOW);
    // Answered 5.6 s ago: On Call and the call both count from that moment.
    serve(agentState({ status: 'on_call', since: at(-5.6), call: activeCall(5.6) }));
    const { user } = await renderAt('/agent');
    FakeWebSocket.latest().accept();
    // The dialog opens (and starts its own timer) 450 ms into a second of the page's.
    await advance(450);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'View Call' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Active Call' }));
    // Fresh when it opens (up to a second ahead of the page until the next tick), then in step.
    await advance(600);
    const seconds = (text: string) =>
      text
        .split(':')
        .map(Number)
        .reduce((total, part) => total * 60 + part, 0);
    for (let step = 0; step < 12; step += 1) {
      await advance(230);
      const status = statusSelect().textContent!.match(/(\d\d:\d\d:\d\d)$/)![1]!;
      expect(seconds(dialog.getByRole('timer').textContent!)).toBe(seconds(status));
    }
  });

  it("fetches the state again 1.5 s after the ring deadline when 'missed' never comes", async () => {
    useFakeClock(SERVER_NOW);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
    const { requests } = serve([
      agentState({ call: ringingCall() }),
      agentState({ serverNow: at(21.5) }),
    ]);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    const interactions = within(screen.getByRole('region', { name: 'Interactions' }));

    // The deadline passes and the server's 'missed' is lost: silence, the card at 0s.
    await advance(20_000);
    expect(interactions.getByRole('timer').textContent).toBe('0s');
    expect(pause).toHaveBeenCalled();
    await advance(1300);
    expect(fetches(requests, '/api/agent/state')).toBe(1);

    await advance(300);
    expect(fetches(requests, '/api/agent/state')).toBe(2);
    expect(interactions.getByText('No active calls')).toBeTruthy();

    // Once per call, not again and again.
    await advance(30_000);
    expect(fetches(requests, '/api/agent/state')).toBe(2);
  });

  it('forgets the ring deadline of a call answered in time', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve(agentState({ call: ringingCall() }));
    await renderAt('/agent');
    FakeWebSocket.latest().accept();

    await advance(5000);
    await push(
      agentState({ status: 'on_call', since: at(5), serverNow: at(5), call: activeCall(-5) }),
    );
    await advance(30_000);
    expect(fetches(requests, '/api/agent/state')).toBe(1);
  });

  it("fetches the state again when the call centre's day ends: the totals restart", async () => {
    // The browser runs 90 s slow: the day ends by the server's clock, not this one.
    useFakeClock(at(-90));
    const { requests } = serve([
      agentState({ dayEndsAt: at(5) }),
      agentState({
        serverNow: at(5),
        day: '2026-11-21',
        dayEndsAt: at(5 + 24 * 3600),
        todaySeconds: { available: 0 },
      }),
    ]);
    const { user } = await renderAt('/agent');
    FakeWebSocket.latest().accept();
    const breakOption = async () => {
      await user.click(statusSelect());
      const text = screen.getByRole('option', { name: /^Break/ }).textContent;
      await user.click(statusSelect());
      return text;
    };
    expect(await breakOption()).toBe('Break Overall 00:10:00 This 00:00:00');

    await advance(4800);
    expect(fetches(requests, '/api/agent/state')).toBe(1);
    await advance(300);
    expect(fetches(requests, '/api/agent/state')).toBe(2);
    expect(await breakOption()).toBe('Break Overall 00:00:00 This 00:00:00');
    expect(statusSelect().textContent).toMatch(/^Available 00:05:0\d$/);
  });

  it('announces an incoming call once, assertively, in a region that was there before it', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    const region = document.querySelector<HTMLElement>('[aria-live="assertive"]')!;
    expect(region.textContent).toBe('');

    await push(agentState({ serverNow: at(1), call: ringingCall({ ringDeadline: at(21) }) }));
    expect(region.isConnected).toBe(true);
    expect(region.textContent).toBe('Incoming call from +1 (212)-555-0187');
    const announcement = region.firstElementChild;
    // The countdown ticking, or the same call pushed again, says nothing new.
    await advance(5000);
    await push(agentState({ serverNow: at(6), call: ringingCall({ ringDeadline: at(21) }) }));
    expect(region.firstElementChild).toBe(announcement);

    await push(agentState({ serverNow: at(7) }));
    expect(region.textContent).toBe('');
    expect(region.isConnected).toBe(true);
  });

  it("starts the tab's title with '(ringing) ' for the whole ring, on every agent page", async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    await renderAt('/agent/profile');
    FakeWebSocket.latest().accept();
    expect(document.title).toBe('Profile – Switchboard');

    await push(agentState({ serverNow: at(1), call: ringingCall({ ringDeadline: at(21) }) }));
    expect(document.title).toBe('(ringing) Profile – Switchboard');
    await advance(10_000);
    expect(document.title).toBe('(ringing) Profile – Switchboard');
    await push(agentState({ serverNow: at(21) }));
    expect(document.title).toBe('Profile – Switchboard');
  });

  describe('desktop notifications', () => {
    /** A browser's Notification, with the permission `permission`. */
    function stubNotifications(permission: NotificationPermission) {
      const shown: { title: string; options?: NotificationOptions; notification: Notification }[] =
        [];
      const close = vi.fn();
      const requestPermission = vi.fn(async () => 'granted' as const);
      class FakeNotification {
        static permission = permission;
        static requestPermission = requestPermission;
        onclick: (() => void) | null = null;
        close = close;
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, options, notification: this as unknown as Notification });
        }
      }
      vi.stubGlobal('Notification', FakeNotification);
      return { shown, close, requestPermission };
    }

    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('shows the ringing number while it rings; a click on it brings the tab forward', async () => {
      useFakeClock(SERVER_NOW);
      const { shown, close } = stubNotifications('granted');
      const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
      serve(agentState());
      await renderAt('/agent');
      FakeWebSocket.latest().accept();

      await push(agentState({ serverNow: at(1), call: ringingCall({ ringDeadline: at(21) }) }));
      expect(shown).toHaveLength(1);
      expect(shown[0]!.title).toBe('Incoming call');
      expect(shown[0]!.options?.body).toBe('+1 (212)-555-0187');
      act(() => {
        shown[0]!.notification.onclick?.(new Event('click'));
      });
      expect(focus).toHaveBeenCalled();

      await push(agentState({ serverNow: at(21) }));
      expect(close).toHaveBeenCalled();
      expect(shown).toHaveLength(1);
    });

    it('asks for permission on the first click in the portal, never on load', async () => {
      useFakeClock(SERVER_NOW);
      const { shown, requestPermission } = stubNotifications('default');
      serve(agentState());
      const { user } = await renderAt('/agent');
      FakeWebSocket.latest().accept();
      expect(requestPermission).not.toHaveBeenCalled();

      await user.click(screen.getByRole('heading', { name: 'Interactions' }));
      await user.click(screen.getByRole('heading', { name: 'Interactions' }));
      expect(requestPermission).toHaveBeenCalledTimes(1);
      // Not granted yet when this ring comes: nothing is shown.
      await push(agentState({ serverNow: at(1), call: ringingCall({ ringDeadline: at(21) }) }));
      expect(shown).toHaveLength(0);
    });
  });

  describe('keyboard shortcuts', () => {
    const ringingNow = () =>
      agentState({ serverNow: at(1), call: ringingCall({ ringDeadline: at(21) }) });
    const answerRequests = (requests: ReturnType<typeof serve>['requests']) =>
      requests.filter((request) => request.method === 'POST' && request.path.endsWith('/answer'));

    afterEach(() => {
      window.localStorage.removeItem('shortcuts');
    });

    it('answers with Alt+Shift+A while the agent types in a field; its button says so', async () => {
      useFakeClock(SERVER_NOW);
      const { requests } = serve(agentState({ status: 'out_bound' }), {
        [`POST /api/agent/calls/${ringingCall().id}/answer`]: () =>
          jsonResponse(
            agentState({
              status: 'on_call',
              since: at(1),
              changedAt: at(1),
              serverNow: at(1),
              call: activeCall(-1),
            }),
          ),
      });
      const { user } = await renderAt('/agent');
      FakeWebSocket.latest().accept();
      await user.click(screen.getByRole('button', { name: 'Dialer' }));
      await advance(50);
      const field = screen.getByRole('textbox', { name: 'Phone number' });
      await user.click(field);
      await push(ringingNow());

      const answer = screen.getByRole('button', { name: 'Answer' });
      expect(answer.getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+A');
      await user.keyboard('{Alt>}{Shift>}A{/Shift}{/Alt}');
      await settle();
      expect(answerRequests(requests)).toHaveLength(1);
      expect(document.activeElement).toBe(field);

      // Connected: Alt+Shift+M mutes, from the field still.
      await advance(3000);
      const mute = screen.getByRole('button', { name: 'Mute' });
      expect(mute.getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+M');
      await user.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
      expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
      expect(document.activeElement).toBe(field);
    });

    it("opens the Dialer with 'd' and the status list with 's', never while typing", async () => {
      useFakeClock(SERVER_NOW);
      serve(agentState({ status: 'out_bound' }));
      const { user } = await renderAt('/agent');
      const dialer = screen.getByRole('button', { name: 'Dialer' });
      expect(dialer.getAttribute('aria-keyshortcuts')).toBe('D');
      await user.keyboard('d');
      await advance(50);
      expect(dialer.getAttribute('aria-expanded')).toBe('true');

      const field = screen.getByRole('textbox', { name: 'Phone number' });
      await user.click(field);
      await user.keyboard('ds');
      expect(dialer.getAttribute('aria-expanded')).toBe('true');
      expect(statusSelect().getAttribute('aria-expanded')).toBe('false');

      await user.click(screen.getByRole('heading', { name: 'Interactions' }));
      await user.keyboard('s');
      await advance(50);
      expect(statusSelect().getAttribute('aria-expanded')).toBe('true');
      expect(document.activeElement).toBe(statusSelect());
    });

    it("lists every shortcut in a dialog opened with '?'", async () => {
      useFakeClock(SERVER_NOW);
      serve(agentState());
      const { user } = await renderAt('/agent');
      await user.keyboard('?');
      await advance(300);
      const dialog = within(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }));
      const rows = dialog.getAllByRole('row').map((row) => row.textContent);
      expect(rows).toContain('Alt + Shift + AAnswer the ringing call');
      expect(rows).toContain('DOpen or close the Dialer');
      expect(rows).toContain('SOpen the status list');
      expect(rows).toHaveLength(9);
    });

    it('does nothing once turned off in Profile', async () => {
      useFakeClock(SERVER_NOW);
      const { requests } = serve(agentState());
      const { user, router } = await renderAt('/agent/profile');
      const toggle = screen.getByRole('switch', { name: 'Keyboard shortcuts' });
      expect((toggle as HTMLInputElement).checked).toBe(true);
      await user.click(toggle);
      expect(window.localStorage.getItem('shortcuts')).toBe('off');

      await act(() => router.navigate('/agent'));
      await settle();
      FakeWebSocket.latest().accept();
      await push(ringingNow());
      await user.keyboard('{Alt>}{Shift>}A{/Shift}{/Alt}?');
      await settle();
      expect(answerRequests(requests)).toHaveLength(0);
      expect(screen.queryByRole('dialog')).toBeNull();
      await user.click(screen.getByRole('link', { name: 'Profile' }));
      await settle();
      await user.click(screen.getByRole('switch', { name: 'Keyboard shortcuts' }));
      expect(window.localStorage.getItem('shortcuts')).toBe('on');
    });

    it('puts Answer one Tab away from wherever the focus is when a call rings', async () => {
      useFakeClock(SERVER_NOW);
      serve(agentState());
      const { user } = await renderAt('/agent');
      FakeWebSocket.latest().accept();
      await user.click(screen.getByRole('button', { name: 'Dialer' }));
      await push(ringingNow());
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Answer' }));
      // After that first Tab, Tab moves on as it always does.
      await user.tab();
      expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Answer' }));
    });
  });

  it("starts the keyboard at 'Skip to main content', which goes past the bar and the menu", async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState());
    const { user } = await renderAt('/agent');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('announces a status the system sets, not one loaded or picked by the agent', async () => {
    useFakeClock(SERVER_NOW);
    serve(agentState({ status: 'tech_issues', setBy: 'system' }));
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    await push(agentState({ serverNow: at(1), since: at(1), status: 'available' }));
    expect(region.textContent).toBe('');
    const answered = activeCall(-2);
    await push(
      agentState({
        serverNow: at(2),
        since: at(2),
        status: 'on_call',
        setBy: 'system',
        call: answered,
      }),
    );
    expect(region.textContent).toBe('Status: On Call');
    await push(
      agentState({ serverNow: at(9), since: at(9), status: 'after_call', setBy: 'system' }),
    );
    expect(region.textContent).toBe('Status: After Call Work');
    await push(agentState({ serverNow: at(20), since: at(20), status: 'available' }));
    expect(region.textContent).toBe('');
    expect(region.isConnected).toBe(true);
  });

  it('fetches the state and the log again when the page is shown again', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve([
      agentState(),
      agentState({ status: 'break', since: at(1), serverNow: at(1) }),
    ]);
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    const logFetches = fetches(requests, '/api/agent/calls');

    // Hidden (the laptop closing): nothing yet.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await fire(document, 'visibilitychange');
    expect(fetches(requests, '/api/agent/state')).toBe(1);

    visibility.mockReturnValue('visible');
    await fire(document, 'visibilitychange');
    expect(fetches(requests, '/api/agent/state')).toBe(2);
    expect(fetches(requests, '/api/agent/calls')).toBe(logFetches + 1);
    expect(statusSelect().textContent).toMatch(/^Break/);
    // The socket was open: it is kept.
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects at once when the network comes back, and fetches what was missed', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = serve(agentState());
    await renderAt('/agent');
    FakeWebSocket.latest().accept();
    // Dropped several times while offline: the next try is seconds away.
    for (const wait of [500, 1000, 2000]) {
      FakeWebSocket.latest().drop();
      await advance(wait);
    }
    FakeWebSocket.latest().drop();
    expect(FakeWebSocket.instances).toHaveLength(4);

    await fire(window, 'online');
    expect(FakeWebSocket.instances).toHaveLength(5);
    expect(fetches(requests, '/api/agent/state')).toBe(2);
    FakeWebSocket.latest().accept();
    await settle();
    expect(FakeWebSocket.latest().isClosed).toBe(false);
  });
});
