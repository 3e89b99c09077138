import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Floor, FloorAgent } from '../../../../shared/schemas/floor';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { superAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { LiveFloorPage } from './live-floor-page';

const NOW = '2026-03-02T15:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();

function agent(overrides: Partial<FloorAgent> = {}): FloorAgent {
  return {
    id: 'a1',
    username: 'nora',
    fullName: 'Nora North',
    teamId: 't1',
    teamName: 'North',
    status: 'available',
    since: at(-65),
    isConnected: true,
    call: null,
    ...overrides,
  };
}

const floor = (agents: FloorAgent[], serverNow = NOW): Floor => ({ serverNow, agents });

async function renderFloor(initial: Floor) {
  const served = mockFetch({ 'GET /api/analytics/live': () => jsonResponse(initial) });
  const rendered = renderWithProviders(<LiveFloorPage />, {
    signedInAs: superAdminUser,
    withFakeTimers: true,
    userEvent: { delay: null },
  });
  await settle();
  return { ...served, ...rendered };
}

const table = () => screen.getByRole('table', { name: 'Agents on the floor' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });
const count = (label: string) => screen.getByLabelText(new RegExp(`^${label}: `));

afterEach(() => {
  vi.useRealTimers();
});

describe('the live floor view', () => {
  it('lists each agent with status, ticking time in status, call and duration, and counts', async () => {
    useFakeClock(NOW);
    await renderFloor(
      floor([
        agent(),
        agent({
          id: 'a2',
          username: 'omar',
          fullName: null,
          teamName: null,
          status: 'on_call',
          since: at(-30),
          call: {
            phase: 'active',
            callType: 'inbound',
            phoneNumber: '12125550187',
            since: at(-30),
          },
        }),
        agent({
          id: 'a3',
          username: 'pia',
          fullName: null,
          status: 'gone_home',
          since: null,
          isConnected: false,
        }),
      ]),
    );
    expect(within(rowOf('Nora North')).getByText('Available')).toBeTruthy();
    expect(within(rowOf('Nora North')).getByText('00:01:05')).toBeTruthy();
    expect(within(rowOf('@omar')).getByText('+1 (212)-555-0187')).toBeTruthy();
    expect(within(rowOf('@omar')).getByText('Inbound')).toBeTruthy();
    expect(within(rowOf('@omar')).getByText('00:30')).toBeTruthy();
    expect(within(rowOf('@omar')).getByText('No Team')).toBeTruthy();
    expect(within(rowOf('@pia')).getByText('Offline')).toBeTruthy();
    expect(count('Available').textContent).toBe('1');
    expect(count('On Call').textContent).toBe('1');
    expect(count('Gone Home').textContent).toBe('1');
    expect(count('Break').textContent).toBe('0');
    expect(screen.getByText('Showing 3 of 3 agents')).toBeTruthy();

    await advance(2000);
    expect(within(rowOf('Nora North')).getByText('00:01:07')).toBeTruthy();
    expect(within(rowOf('@omar')).getByText('00:32')).toBeTruthy();
  });

  it('follows the live socket: a snapshot, then each change, removal included', async () => {
    useFakeClock(NOW);
    await renderFloor(floor([agent()]));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toMatch(/\/api\/live$/);
    expect(screen.getByRole('status').textContent).toBe('Connecting...');
    act(() => {
      socket.accept();
      socket.push({
        type: 'floor.snapshot',
        floor: floor([agent(), agent({ id: 'a2', username: 'omar', fullName: 'Omar Odd' })]),
      });
    });
    expect(screen.getByRole('status').textContent).toBe('Live');
    expect(rowOf('Omar Odd')).toBeTruthy();

    act(() =>
      socket.push({
        type: 'floor.agent',
        agentId: 'a1',
        agent: agent({ status: 'break', since: NOW }),
        serverNow: NOW,
      }),
    );
    expect(within(rowOf('Nora North')).getByText('Break')).toBeTruthy();
    expect(within(rowOf('Nora North')).getByText('00:00:00')).toBeTruthy();
    expect(count('Break').textContent).toBe('1');

    act(() => socket.push({ type: 'floor.agent', agentId: 'a2', agent: null, serverNow: NOW }));
    expect(within(table()).queryByRole('row', { name: /Omar Odd/ })).toBeNull();
    expect(screen.getByText('Showing 1 of 1 agent')).toBeTruthy();

    act(() => socket.drop());
    const [badge, banner] = screen.getAllByRole('status');
    expect(badge?.textContent).toBe('Connecting...');
    expect(banner).toBe(screen.getByRole('status', { name: 'Reconnecting...' }));
  });

  it('says it is reconnecting while the server has lost its database, and asks for the floor after', async () => {
    useFakeClock(NOW);
    const served = await renderFloor(floor([agent()]));
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.accept();
      socket.push({ type: 'floor.snapshot', floor: floor([agent()]) });
    });
    expect(screen.queryByRole('status', { name: 'Reconnecting...' })).toBeNull();
    const asked = served.requests.length;

    act(() => socket.push({ type: 'server.database', reachable: false }));
    expect(screen.getByRole('status', { name: 'Reconnecting...' })).toBeTruthy();
    expect(screen.getByText('Connecting...')).toBeTruthy();

    act(() => socket.push({ type: 'server.database', reachable: true }));
    await settle();
    expect(screen.queryByRole('status', { name: 'Reconnecting...' })).toBeNull();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(served.requests.length).toBe(asked + 1);
  });

  it('keeps what the socket sent over an older HTTP answer that lands after it', async () => {
    useFakeClock(NOW);
    let answer: (response: Response) => void = () => {};
    mockFetch({
      'GET /api/analytics/live': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<LiveFloorPage />, { signedInAs: superAdminUser, withFakeTimers: true });
    await settle();
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.accept();
      socket.push({ type: 'floor.snapshot', floor: floor([agent({ status: 'lunch' })]) });
    });
    expect(within(rowOf('Nora North')).getByText('Lunch')).toBeTruthy();
    // The HTTP answer was read before the socket's snapshot: it must not win.
    answer(jsonResponse(floor([agent({ status: 'available' })])));
    await settle();
    expect(within(rowOf('Nora North')).getByText('Lunch')).toBeTruthy();
  });

  it('searches by username or full name', async () => {
    useFakeClock(NOW);
    const { user } = await renderFloor(
      floor([agent(), agent({ id: 'a2', username: 'omar', fullName: 'Omar Odd' })]),
    );
    await user.type(screen.getByLabelText('Search agents'), 'odd');
    await settle();
    expect(within(table()).queryByRole('row', { name: /Nora North/ })).toBeNull();
    expect(rowOf('Omar Odd')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 2 agents')).toBeTruthy();
    await user.clear(screen.getByLabelText('Search agents'));
    await user.type(screen.getByLabelText('Search agents'), 'zzz');
    await settle();
    expect(screen.getByText('No agents match your search')).toBeTruthy();
  });

  it('says when no agent is in scope', async () => {
    useFakeClock(NOW);
    await renderFloor(floor([]));
    expect(screen.getByText('No agents in your scope yet')).toBeTruthy();
  });
});
