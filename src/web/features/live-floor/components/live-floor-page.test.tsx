import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Floor, FloorAgent, FloorPage, FloorQueue } from '../../../../shared/schemas/floor';
import { parseSortParam, servedPage } from '../../../../shared/schemas/list';
import { type AgentStatus, agentStatuses } from '../../../../shared/statuses';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { type RecordedRequest, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { superAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import { FLOOR_REFETCH_MS } from '../api/floor-feed';
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

const omar = agent({ id: 'a2', username: 'omar', fullName: 'Omar Odd', teamName: 'South' });

const snapshot = (agents: FloorAgent[], serverNow = NOW): Floor => ({
  serverNow,
  agents,
  queues: [],
});

/**
 * The route as the server answers it, over `floor.agents` (by username): search in username,
 * full name and team, the status filter, a sort by username or status, the page.
 */
function floorResponse(
  floor: { agents: FloorAgent[]; queues?: FloorQueue[] },
  query: URLSearchParams,
): FloorPage {
  const search = query.get('search')?.toLowerCase() ?? '';
  const status = query.get('status');
  let matching = floor.agents.filter(
    (row) =>
      (!status || row.status === status) &&
      [row.username, row.fullName, row.teamName].some((text) =>
        text?.toLowerCase().includes(search),
      ),
  );
  const sort = parseSortParam(['username', 'status'], query.get('sort'));
  if (sort) {
    const key = (row: FloorAgent) =>
      sort.column === 'status' ? agentStatuses.indexOf(row.status) : row.username;
    matching = matching.toSorted((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (sort.descending) matching.reverse();
  }
  const served = servedPage(
    { page: Number(query.get('page') ?? 1), pageSize: Number(query.get('pageSize') ?? 50) },
    matching.length,
  );
  const statusCounts: Partial<Record<AgentStatus, number>> = {};
  for (const row of floor.agents) statusCounts[row.status] = (statusCounts[row.status] ?? 0) + 1;
  return {
    serverNow: new Date().toISOString(),
    agents: matching.slice(served.offset, served.offset + served.pageSize),
    queues: floor.queues ?? [],
    statusCounts: Object.fromEntries(
      agentStatuses.map((s) => [s, statusCounts[s] ?? 0]),
    ) as FloorPage['statusCounts'],
    total: floor.agents.length,
    matching: matching.length,
    page: served.page,
    pageSize: served.pageSize,
  };
}

/** Where the page's URL is now: its list keeps search, sort, page and status there. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{location.search}</output>;
}

function renderPage(url = '/admin/live') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <LocationProbe />
      <LiveFloorPage />
    </MemoryRouter>,
    { signedInAs: superAdminUser, withFakeTimers: true, userEvent: { delay: null } },
  );
}

/** The server's floor (change `floor.agents` to change what it answers) and the page on it. */
async function renderFloor(agents: FloorAgent[], url?: string, queues: FloorQueue[] = []) {
  const floor = { agents, queues };
  let answers: Promise<void> | undefined;
  const served = mockFetch({
    'GET /api/analytics/live': async ({ query }) => {
      await answers;
      return jsonResponse(floorResponse(floor, query));
    },
  });
  const rendered = renderPage(url);
  await settle();
  /** Holds the server's answers until the returned function is called. */
  const holdAnswers = () => {
    let release = () => {};
    answers = new Promise((resolve) => (release = resolve));
    return release;
  };
  return { floor, holdAnswers, ...served, ...rendered };
}

const floorGets = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/analytics/live');
const lastQuery = (requests: RecordedRequest[]) =>
  Object.fromEntries(floorGets(requests).at(-1)?.query ?? []);

const table = () => screen.getByRole('table', { name: 'Agents on the floor' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const count = (label: string) => screen.getByLabelText(new RegExp(`^${label}: `));
const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

/** The socket opens and sends the scope, as the server does on connect. */
async function connect(agents: FloorAgent[]) {
  const socket = FakeWebSocket.latest();
  act(() => {
    socket.accept();
    socket.push({ type: 'floor.snapshot', floor: snapshot(agents, new Date().toISOString()) });
  });
  await settle();
  return socket;
}

afterEach(() => {
  vi.useRealTimers();
});

function queue(overrides: Partial<FloorQueue> = {}): FloorQueue {
  return {
    teamId: 't1',
    teamName: 'North',
    mode: 'queue',
    callsWaiting: 2,
    oldestArrivedAt: at(-75),
    answeredToday: 9,
    abandonedToday: 1,
    serviceLevelPercent: 70,
    serviceLevelSeconds: 20,
    serviceLevelTargetPercent: 80,
    speedOfAnswerSeconds: 12.4,
    agentsAvailable: 3,
    agentsNeeded: null,
    ...overrides,
  };
}

/** A queue tile's figure: the definition after its term. */
const figure = (team: string, label: string) => {
  const tile = screen.getByRole('region', { name: `${team} queue` });
  return within(tile).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
};

describe("the live floor's queue tiles", () => {
  it('show each queue in scope, the longest wait ticking, and follow the socket', async () => {
    useFakeClock(NOW);
    await renderFloor([agent()], undefined, [queue()]);
    expect(figure('North', 'Calls waiting')).toBe('2');
    expect(figure('North', 'Longest wait')).toBe('01:15');
    expect(figure('North', 'Service level')).toBe('70%');
    expect(screen.getByText('Target 80% in 20 s — below target')).toBeTruthy();
    expect(figure('North', 'Speed of answer')).toBe('12 s');
    expect(figure('North', 'Agents available')).toBe('3');
    expect(figure('North', 'Agents needed')).toBe('—');
    expect(screen.getByText('After a handled call')).toBeTruthy();
    await advance(1000);
    expect(figure('North', 'Longest wait')).toBe('01:16');

    // The socket's snapshot, then a queue opening (in name order) and one closing.
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.accept();
      socket.push({
        type: 'floor.snapshot',
        floor: {
          ...snapshot([agent()], new Date().toISOString()),
          queues: [
            queue({
              callsWaiting: 0,
              oldestArrivedAt: null,
              serviceLevelPercent: 85,
              agentsNeeded: 7,
            }),
          ],
        },
      });
    });
    await settle();
    expect(figure('North', 'Calls waiting')).toBe('0');
    expect(figure('North', 'Longest wait')).toBe('—');
    expect(screen.getByText('Target 80% in 20 s')).toBeTruthy();
    expect(figure('North', 'Agents needed')).toBe('7');
    expect(screen.getByText('Erlang C, last hour')).toBeTruthy();
    const serverNow = new Date().toISOString();
    act(() =>
      socket.push({
        type: 'floor.queue',
        teamId: 't0',
        queue: queue({ teamId: 't0', teamName: 'East', mode: 'per-agent' }),
        serverNow,
      }),
    );
    const tiles = () =>
      within(screen.getByRole('region', { name: 'Queues' }))
        .getAllByRole('region')
        .map((tile) => tile.getAttribute('aria-label'));
    expect(tiles()).toEqual(['East queue', 'North queue']);
    expect(screen.getByText('Back to per agent: answering who still waits')).toBeTruthy();
    act(() => socket.push({ type: 'floor.queue', teamId: 't1', queue: null, serverNow }));
    expect(tiles()).toEqual(['East queue']);
    act(() => socket.push({ type: 'floor.queue', teamId: 't0', queue: null, serverNow }));
    expect(screen.queryByRole('region', { name: 'Queues' })).toBeNull();
  });
});

describe('the live floor view', () => {
  it(
    'lists each agent with status, ticking time in status, call and duration, and counts',
    {
      timeout: 15_000,
    },
    async () => {
      useFakeClock(NOW);
      await renderFloor([
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
      ]);
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
      expect(
        within(table())
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual([
        'Agent',
        'Team',
        'Status',
        'Time in Status',
        'Current Call',
        'Call Duration',
        'Softphone',
      ]);

      await advance(2000);
      expect(within(rowOf('Nora North')).getByText('00:01:07')).toBeTruthy();
      expect(within(rowOf('@omar')).getByText('00:32')).toBeTruthy();
    },
  );

  it('follows the live socket: each change in its row, an agent joining or leaving reads the page', async () => {
    useFakeClock(NOW);
    const served = await renderFloor([agent()]);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toMatch(/\/api\/live$/);
    expect(screen.getByText('Connecting...')).toBeTruthy();
    // The snapshot is as new as the page: whatever changed between is read again.
    served.floor.agents = [agent(), omar];
    await connect(served.floor.agents);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(rowOf('Omar Odd')).toBeTruthy();
    expect(floorGets(served.requests)).toHaveLength(2);

    // A status change shows in its row, and in the counts; by username, no row moves.
    act(() =>
      socket.push({
        type: 'floor.agent',
        agentId: 'a1',
        agent: agent({ status: 'break', since: NOW }),
        serverNow: NOW,
      }),
    );
    await settle();
    expect(within(rowOf('Nora North')).getByText('Break')).toBeTruthy();
    expect(within(rowOf('Nora North')).getByText('00:00:00')).toBeTruthy();
    expect(count('Break').textContent).toBe('1');
    expect(count('Available').textContent).toBe('1');
    await advance(FLOOR_REFETCH_MS);
    expect(floorGets(served.requests)).toHaveLength(2);

    // Leaving: gone from its row at once, and the page and counts read again.
    served.floor.agents = [agent({ status: 'break', since: NOW })];
    const answer = served.holdAnswers();
    act(() => socket.push({ type: 'floor.agent', agentId: 'a2', agent: null, serverNow: NOW }));
    await settle();
    expect(within(table()).queryByRole('row', { name: /Omar Odd/ })).toBeNull();
    answer();
    await settle();
    expect(floorGets(served.requests)).toHaveLength(3);
    expect(screen.getByText('Showing 1 of 1 agent')).toBeTruthy();
    expect(count('Available').textContent).toBe('0');

    act(() => socket.drop());
    expect(screen.getByText('Connecting...')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Reconnecting...' })).toBeTruthy();
  });

  it('reads the page again when a change may move rows, at most once a second, the last change included', async () => {
    useFakeClock(NOW);
    const pia = agent({ id: 'a3', username: 'pia', fullName: 'Pia Pond', status: 'lunch' });
    const served = await renderFloor([agent(), omar, pia], '/admin/live?sort=status');
    expect(names()).toEqual(['Nora North@nora', 'Omar Odd@omar', 'Pia Pond@pia']);
    const socket = await connect(served.floor.agents);
    await advance(FLOOR_REFETCH_MS);
    const asked = floorGets(served.requests).length;

    const setStatus = (who: FloorAgent, status: AgentStatus) => {
      const changed = { ...who, status, since: new Date().toISOString() };
      served.floor.agents = served.floor.agents.map((row) => (row.id === who.id ? changed : row));
      act(() =>
        socket.push({
          type: 'floor.agent',
          agentId: who.id,
          agent: changed,
          serverNow: new Date().toISOString(),
        }),
      );
    };
    setStatus(agent(), 'gone_home');
    await settle();
    expect(floorGets(served.requests)).toHaveLength(asked + 1);
    expect(names()).toEqual(['Omar Odd@omar', 'Pia Pond@pia', 'Nora North@nora']);

    // Two more within the second: one read, after it, with the last of them.
    setStatus(omar, 'break');
    await advance(100);
    setStatus(pia, 'available');
    await advance(100);
    expect(floorGets(served.requests)).toHaveLength(asked + 1);
    await advance(FLOOR_REFETCH_MS);
    expect(floorGets(served.requests)).toHaveLength(asked + 2);
    expect(names()).toEqual(['Pia Pond@pia', 'Omar Odd@omar', 'Nora North@nora']);
    expect(lastQuery(served.requests)).toEqual({ sort: 'status' });
  });

  it('says it is reconnecting while the server has lost its database, and asks for the floor after', async () => {
    useFakeClock(NOW);
    const served = await renderFloor([agent()]);
    await connect([agent()]);
    await advance(FLOOR_REFETCH_MS);
    expect(screen.queryByRole('status', { name: 'Reconnecting...' })).toBeNull();
    const socket = FakeWebSocket.latest();
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
    const served = mockFetch({
      'GET /api/analytics/live': [
        () => new Promise<Response>((resolve) => (answer = resolve)),
        ({ query }) => jsonResponse(floorResponse({ agents: [agent({ status: 'lunch' })] }, query)),
      ],
    });
    renderPage();
    await settle();
    await connect([agent({ status: 'lunch' })]);
    // The HTTP answer was read before the socket's snapshot: its row must not win.
    answer(
      jsonResponse({
        ...floorResponse({ agents: [agent()] }, new URLSearchParams()),
        serverNow: NOW,
      }),
    );
    await settle();
    expect(within(rowOf('Nora North')).getByText('Lunch')).toBeTruthy();
    // And what else changed meanwhile is read again.
    expect(floorGets(served.requests)).toHaveLength(2);
    await settle();
    expect(within(rowOf('Nora North')).getByText('Lunch')).toBeTruthy();
  });

  it(
    'searches, sorts, filters and pages on the server; the URL keeps them',
    { timeout: 20_000 },
    async () => {
      useFakeClock(NOW);
      const many = Array.from({ length: 25 }, (_, i) =>
        agent({
          id: `p${i}`,
          username: `p${String(i).padStart(2, '0')}`,
          fullName: null,
          status: i % 2 ? 'break' : 'available',
        }),
      );
      const { user, requests } = await renderFloor(
        [agent(), omar, ...many],
        '/admin/live?pageSize=25',
      );
      expect(screen.getByText('Showing 27 of 27 agents')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await settle();
      expect(lastQuery(requests)).toEqual({ page: '2', pageSize: '25' });
      expect(location()).toBe('?pageSize=25&page=2');
      expect(names()).toEqual(['p23@p23', 'p24@p24']);

      await user.click(within(table()).getByRole('button', { name: 'Status' }));
      await settle();
      expect(lastQuery(requests)).toEqual({ sort: 'status', pageSize: '25' });
      expect(location()).toBe('?pageSize=25&sort=status');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Break');
      await settle();
      expect(lastQuery(requests)).toEqual({ sort: 'status', pageSize: '25', status: 'break' });
      expect(screen.getByText('Showing 12 of 27 agents')).toBeTruthy();

      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
      await user.type(screen.getByLabelText('Search agents'), 'south');
      await advance(SEARCH_DEBOUNCE_MS);
      expect(lastQuery(requests)).toEqual({ search: 'south', sort: 'status', pageSize: '25' });
      expect(location()).toBe('?pageSize=25&sort=status&search=south');
      expect(names()).toEqual(['Omar Odd@omar']);
      expect(screen.getByText('Showing 1 of 27 agents')).toBeTruthy();

      await user.clear(screen.getByLabelText('Search agents'));
      await user.type(screen.getByLabelText('Search agents'), 'zzz');
      await advance(SEARCH_DEBOUNCE_MS);
      expect(screen.getByText('No agents match your search')).toBeTruthy();
    },
  );

  it('opens on the search, sort and page of its URL', async () => {
    useFakeClock(NOW);
    const { requests } = await renderFloor([agent(), omar], '/admin/live?search=o&sort=-username');
    expect(lastQuery(requests)).toEqual({ search: 'o', sort: '-username' });
    expect(names()).toEqual(['Omar Odd@omar', 'Nora North@nora']);
    expect(screen.getByLabelText<HTMLInputElement>('Search agents').value).toBe('o');
    expect(
      within(table()).getByRole('columnheader', { name: 'Agent' }).getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('says when no agent is in scope', async () => {
    useFakeClock(NOW);
    await renderFloor([]);
    expect(screen.getByText('No agents in your scope yet')).toBeTruthy();
  });
});
