import { act, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { EmployeeAnalyticsCard } from '../../../../shared/schemas/analytics';
import type {
  QueueFigures,
  QueueIntervals,
  QueueTeamAnalytics,
} from '../../../../shared/schemas/queue-analytics';
import type { SessionUser } from '../../../../shared/schemas/auth';
import {
  type RecordedRequest,
  errorResponse,
  jsonResponse,
  mockFetch,
  networkFailure,
} from '../../../test/fetch-mock';
import { superAdminUser, teamMemberAdminUser } from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import {
  callFigures,
  dayShiftTeam,
  employeeDetail,
  floorOfCards,
  gus,
  hal,
  nightShiftTeam,
  resolvedRange,
  trendOf,
} from '../test/analytics-fixtures';
import { createQueryClient } from '../../../lib/query-client';
import { sessionQueryKey } from '../../../lib/session';
import { prefetchAnalyticsList } from '../api/prefetch-analytics-list';
import { analyticsMessages } from '../messages';
import { AnalyticsPage } from './analytics-page';

// The charts' code is lazy: loaded once here, before any test waits for a chart.
await import('./trend-charts');
await import('./queue-charts');

const detailPath = `/api/analytics/employees/${gus.id}`;

type Routes = Parameters<typeof mockFetch>[0];

/**
 * GET /api/analytics/employees over `cards` as the server answers it: `teamId` narrows the
 * view (what `total` counts), `flagged` and `search` filter it, then the sort and the page.
 */
function cardsResponse(
  cards: EmployeeAnalyticsCard[],
  query: URLSearchParams,
  range = resolvedRange(),
) {
  const teamId = query.get('teamId');
  const inView = cards.filter(
    (card) => !teamId || (teamId === 'none' ? card.team === null : card.team?.id === teamId),
  );
  const isFlaggedOnly = query.get('flagged') === 'true';
  return pagedListResponse(
    'employees',
    isFlaggedOnly ? inView.filter((card) => card.flaggedStatuses.length > 0) : inView,
    query,
    {
      matches: (card, search) =>
        card.username.includes(search) || (card.full_name ?? '').toLowerCase().includes(search),
      sortBy: {
        name: (card) => (card.full_name ?? card.username).toLowerCase(),
        totalCalls: (card) => card.figures.totalCalls,
        answerRate: (card) => card.figures.answerRatePercent ?? -1,
        handleTime: (card) => card.figures.averageHandleSeconds ?? -1,
        afterCallWork: (card) => card.figures.averageAfterCallSeconds ?? -1,
        flags: (card) => card.flaggedStatuses.length,
      },
      extra: { range, total: inView.length },
    },
  );
}

/** The analytics API over the fixtures. */
function serveAnalytics(overrides: Routes = {}) {
  return mockFetch({
    'GET /api/analytics/teams': () =>
      jsonResponse({ range: resolvedRange(), teams: [dayShiftTeam, nightShiftTeam], noTeam: null }),
    'GET /api/analytics/employees': ({ query }) => cardsResponse([gus, hal], query),
    [`GET ${detailPath}`]: () => jsonResponse(employeeDetail(gus)),
    'GET /api/analytics/trends': () => jsonResponse(trendOf()),
    'GET /api/analytics/queues': () =>
      jsonResponse({ range: resolvedRange(), teams: [], centre: queueFigures() }),
    ...overrides,
  });
}

function renderPage(
  path: string,
  signedInAs: SessionUser = superAdminUser,
  queryClient?: QueryClient,
) {
  const router = createMemoryRouter(
    [
      { path: '/admin/analytics', element: <AnalyticsPage /> },
      { path: '/admin/analytics/:employeeId', element: <AnalyticsPage /> },
      { path: '/admin/dashboard', element: <h2>Dashboard stand-in</h2> },
    ],
    { initialEntries: [path] },
  );
  // Without transitions: a navigation a timer starts (the debounced search) would otherwise
  // wait for an act() that never comes.
  const rendered = renderWithProviders(<RouterProvider router={router} useTransitions={false} />, {
    signedInAs,
    ...(queryClient && { queryClient }),
  });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location, ...rendered };
}

/** A card's or panel's figures, label → value, read from its description list. */
function figuresIn(element: HTMLElement) {
  const labels = within(element).getAllByRole('term');
  const values = within(element).getAllByRole('definition');
  return Object.fromEntries(labels.map((label, i) => [label.textContent, values[i]?.textContent]));
}

const gets = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'GET' && request.path === path);
const lastQuery = (requests: RecordedRequest[], path: string) =>
  Object.fromEntries(gets(requests, path).at(-1)?.query ?? []);

describe('AnalyticsPage: a super admin', () => {
  it('starts at the team cards with their figures, after the loading text', async () => {
    const { requests } = serveAnalytics();
    renderPage('/admin/analytics');

    expect(screen.getByRole('heading', { name: 'Analytics', level: 2 })).toBeTruthy();
    expect(screen.getByText('Loading analytics...')).toBeTruthy();
    const day = await screen.findByRole('article', { name: 'Day Shift' });
    expect(within(day).getByText('Weekdays 8 to 4')).toBeTruthy();
    expect(figuresIn(day)).toEqual({
      Employees: '2',
      'Total Calls': '40',
      Answered: '30',
      Declined: '6',
      Missed: '4',
      'Answer rate': '—',
      'Avg handle time': '—',
      'Avg after-call work': '—',
      Occupancy: '—',
    });
    expect(screen.getByRole('article', { name: 'Night Shift' })).toBeTruthy();
    expect(screen.queryByText('Loading analytics...')).toBeNull();
    // All time, as the spec's page: the API is asked explicitly.
    expect(lastQuery(requests, '/api/analytics/teams')).toEqual({ range: 'all' });
    expect(gets(requests, '/api/analytics/employees')).toHaveLength(0);
  });

  it("drills from a team to its employees and one employee's detail, and back up", async () => {
    const { requests } = serveAnalytics();
    const { user, location } = renderPage('/admin/analytics');

    await user.click(await screen.findByRole('link', { name: 'Day Shift' }));
    expect(location()).toBe(`/admin/analytics?team=${dayShiftTeam.id}`);
    expect(await screen.findByRole('article', { name: 'Gus Grissom' })).toBeTruthy();
    expect(screen.getByText('Day Shift: employees and their call figures')).toBeTruthy();
    expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
      teamId: dayShiftTeam.id,
      range: 'all',
    });

    await user.click(screen.getByRole('link', { name: 'Gus Grissom' }));
    expect(location()).toBe(`/admin/analytics/${gus.id}?team=${dayShiftTeam.id}`);
    expect(await screen.findByRole('heading', { name: 'Gus Grissom', level: 3 })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Status Time Tracking' })).toBeTruthy();

    // The close control returns to the list it came from.
    await user.click(screen.getByRole('button', { name: 'Close employee details' }));
    expect(location()).toBe(`/admin/analytics?team=${dayShiftTeam.id}`);
    expect(await screen.findByRole('article', { name: 'Gus Grissom' })).toBeTruthy();

    // Back: the team's employees → the team cards → the dashboard.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/admin/analytics');
    expect(await screen.findByRole('article', { name: 'Day Shift' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeTruthy();
  });

  it('shows the employees without a team as a card after the teams, and drills into them', async () => {
    const teamless = { ...hal, team: null };
    const { requests } = serveAnalytics({
      'GET /api/analytics/teams': () =>
        jsonResponse({
          range: resolvedRange(),
          teams: [dayShiftTeam, nightShiftTeam],
          noTeam: { employeeCount: 1, figures: nightShiftTeam.figures },
        }),
      'GET /api/analytics/employees': ({ query }) => cardsResponse([gus, teamless], query),
    });
    const { user, location } = renderPage('/admin/analytics');

    const noTeam = await screen.findByRole('article', { name: 'No Team' });
    expect(within(noTeam).getByText('Employees without a team')).toBeTruthy();
    expect(figuresIn(noTeam).Employees).toBe('1');
    const cards = screen
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-labelledby'));
    expect(cards.at(-1)).toBe(noTeam.getAttribute('aria-labelledby'));

    await user.click(within(noTeam).getByRole('link', { name: 'No Team' }));
    expect(location()).toBe('/admin/analytics?team=none');
    expect(await screen.findByText('No Team: employees and their call figures')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'hal' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Gus Grissom' })).toBeNull();
    expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
      teamId: 'none',
      range: 'all',
    });
  });

  it('says so when there are no teams', async () => {
    serveAnalytics({
      'GET /api/analytics/teams': () =>
        jsonResponse({ range: resolvedRange(), teams: [], noTeam: null }),
    });
    renderPage('/admin/analytics');
    expect(
      await screen.findByText('No teams available. Create teams to organize your employees.'),
    ).toBeTruthy();
  });

  it('opens preselected on one employee (the dashboard and Employees page links)', async () => {
    const { requests } = serveAnalytics();
    const { user, location } = renderPage(`/admin/analytics/${gus.id}`);

    expect(screen.getByText('Loading analytics...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Gus Grissom', level: 3 })).toBeTruthy();
    expect(gets(requests, '/api/analytics/teams')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/admin/analytics');
    expect(await screen.findByRole('article', { name: 'Day Shift' })).toBeTruthy();
  });
});

describe('AnalyticsPage: an admin who is no super admin', () => {
  it('starts at the employee cards of their scope, with the spec card figures', async () => {
    const { requests } = serveAnalytics();
    renderPage('/admin/analytics', teamMemberAdminUser);

    const card = await screen.findByRole('article', { name: 'Gus Grissom' });
    expect(within(card).getByText('@gus · Day Shift')).toBeTruthy();
    expect(figuresIn(card)).toEqual({
      'Total Calls': '12',
      'Call Duration': '1h 2m 5s',
      Answered: '8',
      Declined: '3',
      'Not Answered': '1',
      'Answer rate': '60%',
      'Avg handle time': '7m 46s',
      'Avg after-call work': '1m 40s',
      Occupancy: '43%',
    });
    // No full name: the username stands in as the card's title.
    expect(screen.getByRole('article', { name: 'hal' })).toBeTruthy();
    expect(gets(requests, '/api/analytics/teams')).toHaveLength(0);
    expect(lastQuery(requests, '/api/analytics/employees')).toEqual({ range: 'all' });
  });

  it('writes large counts and percentages in the en-US format, on cards and in the table', async () => {
    const busy: EmployeeAnalyticsCard = {
      ...gus,
      figures: callFigures({
        answered: 79626,
        declined: 2840,
        missed: 1000,
        inboundOffered: 83466,
        inboundAnswered: 79626,
      }),
    };
    serveAnalytics({
      'GET /api/analytics/employees': ({ query }) => cardsResponse([busy], query),
    });
    renderPage('/admin/analytics', teamMemberAdminUser);
    const card = await screen.findByRole('article', { name: 'Gus Grissom' });
    expect(figuresIn(card)).toMatchObject({
      'Total Calls': '83,466',
      Answered: '79,626',
      Declined: '2,840',
      'Not Answered': '1,000',
      'Answer rate': '95.4%',
    });

    renderPage('/admin/analytics?view=table', teamMemberAdminUser);
    const row = (await screen.findByRole('table', { name: 'Employee figures' })).querySelector(
      'tbody tr',
    )!;
    expect(within(row as HTMLElement).getByText('83,466')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('95.4%')).toBeTruthy();
  });

  it('searches on username or full name, keeping the term in the URL', async () => {
    const { requests } = serveAnalytics();
    const { user, location } = renderPage('/admin/analytics', teamMemberAdminUser);
    await screen.findByRole('article', { name: 'hal' });

    expect(
      screen.getByRole('searchbox', { name: 'Search employees' }).getAttribute('maxlength'),
    ).toBe('100');
    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'grissom');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'hal' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Gus Grissom' })).toBeTruthy();
    expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
      search: 'grissom',
      range: 'all',
    });
    expect(location()).toBe('/admin/analytics?search=grissom');

    await user.clear(screen.getByRole('searchbox', { name: 'Search employees' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'nobody');
    expect(await screen.findByText('No employees found matching your search')).toBeTruthy();
  });

  it('says so when the scope has no employees', async () => {
    serveAnalytics({
      'GET /api/analytics/employees': ({ query }) => cardsResponse([], query),
    });
    renderPage('/admin/analytics', teamMemberAdminUser);
    expect(await screen.findByText('No employees registered yet')).toBeTruthy();
  });

  it('only logs a load error: no alert, no endless loading text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveAnalytics({
      'GET /api/analytics/employees': () => errorResponse(403, 'FORBIDDEN', 'Not allowed'),
    });
    renderPage('/admin/analytics', teamMemberAdminUser);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('Loading analytics...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** These walk a list through many steps, each re-rendering a page of cards or rows. */
const MANY_STEPS_TIMEOUT_MS = 20_000;

describe(
  'AnalyticsPage: the employee list of a large floor',
  { timeout: MANY_STEPS_TIMEOUT_MS },
  () => {
    // Small floors: each card is a lot of DOM for jsdom, and 25 a page is enough to page.
    const serveFloor = (size: number) => {
      const floor = floorOfCards(size);
      return serveAnalytics({
        'GET /api/analytics/employees': ({ query }) => cardsResponse(floor, query),
      });
    };
    const cardTitles = () =>
      screen
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
    const sortSelect = () => screen.getByRole('combobox', { name: 'Sort by' });
    const descending = () => screen.getByRole('button', { name: 'Descending' });

    it('sorts by the chosen key, either way, with both in the URL', async () => {
      const { requests } = serveFloor(12);
      const { user, location } = renderPage('/admin/analytics', teamMemberAdminUser);
      await screen.findByRole('article', { name: 'Agent 00' });
      // The default order (by username) has no direction to turn.
      expect(sortSelect()).toHaveProperty('value', '');
      expect(descending().hasAttribute('disabled')).toBe(true);

      await user.selectOptions(sortSelect(), 'Total calls');
      await waitFor(() => expect(location()).toBe('/admin/analytics?sort=totalCalls'));
      await waitFor(() =>
        expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
          sort: 'totalCalls',
          range: 'all',
        }),
      );
      expect(descending().getAttribute('aria-pressed')).toBe('false');

      await user.click(descending());
      await waitFor(() => expect(location()).toBe('/admin/analytics?sort=-totalCalls'));
      await waitFor(() => expect(cardTitles()[0]).toBe('Agent 11'));
      expect(descending().getAttribute('aria-pressed')).toBe('true');
      expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
        sort: '-totalCalls',
        range: 'all',
      });
      // The export follows the list: every card, in the same order.
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        '/api/analytics/export.csv?sort=-totalCalls&range=all',
      );

      await user.selectOptions(sortSelect(), 'Username');
      await waitFor(() => expect(location()).toBe('/admin/analytics'));
    });

    it("'Flagged only' keeps the flagged agents, counted against the whole floor", async () => {
      const { requests } = serveFloor(30);
      const { user, location } = renderPage('/admin/analytics?pageSize=25', teamMemberAdminUser);
      await screen.findByText('Showing 30 of 30 employees');

      await user.click(screen.getByRole('switch', { name: 'Flagged only' }));
      await waitFor(() => expect(location()).toBe('/admin/analytics?pageSize=25&flagged=true'));
      expect(await screen.findByText('Showing 5 of 30 employees')).toBeTruthy();
      expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
        pageSize: '25',
        flagged: 'true',
        range: 'all',
      });
      const card = screen.getByRole('article', { name: 'Agent 07' });
      expect(within(card).getByText('Flagged: Break')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        '/api/analytics/export.csv?flagged=true&range=all',
      );

      // No match: the filter says so, not that there are no employees at all.
      await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'agent_01');
      // Typing, then the search's pause: slower than a click.
      expect(
        await screen.findByText('No employees found matching your search', {}, { timeout: 5000 }),
      ).toBeTruthy();
      expect(screen.getByText('Showing 0 of 30 employees')).toBeTruthy();
    });

    it('says when no agent is flagged in the range', async () => {
      serveAnalytics({
        'GET /api/analytics/employees': ({ query }) => cardsResponse([gus, hal], query),
      });
      renderPage('/admin/analytics?flagged=true', teamMemberAdminUser);
      expect(await screen.findByText('No flagged employees in this range')).toBeTruthy();
    });

    it('switches to a compact table whose headers sort, with aria-sort', async () => {
      const { requests } = serveFloor(12);
      const { user, location } = renderPage('/admin/analytics', teamMemberAdminUser);
      await screen.findByRole('article', { name: 'Agent 00' });

      expect(screen.getByRole('radiogroup', { name: 'View' })).toBeTruthy();
      await user.click(screen.getByRole('radio', { name: 'Table' }));
      await waitFor(() => expect(location()).toBe('/admin/analytics?view=table'));
      const table = screen.getByRole('table', { name: 'Employee figures' });
      expect(screen.queryByRole('article')).toBeNull();
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual([
        'Employee',
        'Team',
        'Total Calls',
        'Answered',
        'Declined',
        'Not Answered',
        'Call Duration',
        'Answer rate',
        'Avg handle time',
        'Avg after-call work',
        'Flags',
      ]);
      const firstRow = within(table).getAllByRole('row')[1]!;
      expect(within(firstRow).getByRole('rowheader').textContent).toBe('Agent 00@agent_00');
      // Flags: how many, and which, in words.
      expect(within(firstRow).getAllByRole('cell').at(-1)!.textContent).toBe('1: Break');
      expect(
        within(within(table).getAllByRole('row')[2]!).getAllByRole('cell').at(-1)!.textContent,
      ).toBe('0');
      expect(within(table).getAllByRole('row')).toHaveLength(13);

      const totalCalls = within(table).getByRole('columnheader', { name: 'Total Calls' });
      expect(totalCalls.getAttribute('aria-sort')).toBeNull();
      await user.click(within(totalCalls).getByRole('button', { name: 'Total Calls' }));
      await waitFor(() => expect(location()).toBe('/admin/analytics?view=table&sort=totalCalls'));
      expect(totalCalls.getAttribute('aria-sort')).toBe('ascending');
      expect(sortSelect()).toHaveProperty('value', 'totalCalls');
      await user.click(within(totalCalls).getByRole('button', { name: 'Total Calls' }));
      await waitFor(() => expect(totalCalls.getAttribute('aria-sort')).toBe('descending'));
      expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
        sort: '-totalCalls',
        range: 'all',
      });
      await waitFor(() =>
        expect(
          within(within(table).getAllByRole('row')[1]!).getByRole('rowheader').textContent,
        ).toBe('Agent 11@agent_11'),
      );
      expect(
        within(table)
          .getAllByRole('columnheader')
          .filter((th) => th.hasAttribute('aria-sort')),
      ).toHaveLength(1);

      // The select and the headers are one sort.
      await user.selectOptions(sortSelect(), 'Flags');
      await waitFor(() =>
        expect(
          within(table).getByRole('columnheader', { name: 'Flags' }).getAttribute('aria-sort'),
        ).toBe('descending'),
      );
    });

    it('pages the list: the footer, the pager and rows per page', async () => {
      const { requests } = serveFloor(30);
      const { user, location } = renderPage('/admin/analytics?pageSize=25', teamMemberAdminUser);
      expect(await screen.findByText('Showing 30 of 30 employees')).toBeTruthy();
      expect(screen.getByText('(1–25)')).toBeTruthy();
      expect(screen.getAllByRole('article')).toHaveLength(25);

      const pager = screen.getByRole('navigation', { name: 'Pages of employees' });
      await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(location()).toBe('/admin/analytics?pageSize=25&page=2'));
      expect(await screen.findByText('(26–30)')).toBeTruthy();
      expect(cardTitles()[0]).toBe('Agent 25');
      expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
        page: '2',
        pageSize: '25',
        range: 'all',
      });

      // A new range is another list: it starts again at its first page.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Today');
      await waitFor(() => expect(location()).toBe('/admin/analytics?pageSize=25&range=today'));
      expect(await screen.findByText('(1–25)')).toBeTruthy();

      // The default page size leaves the URL; a new size starts at page 1 too.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
      await waitFor(() => expect(location()).toBe('/admin/analytics?range=today'));
      expect(await screen.findByText('(1–30)')).toBeTruthy();
    });

    it('opens at the list its URL holds, and back and forward restore each step', async () => {
      const { requests } = serveFloor(30);
      const url =
        '/admin/analytics?range=last7&search=agent&sort=-answerRate&page=2&pageSize=25' +
        '&flagged=true&view=table';
      const { user, router, location } = renderPage(url, teamMemberAdminUser);

      const table = await screen.findByRole('table', { name: 'Employee figures' });
      // Page 2 is asked for; the 5 flagged agents make one page, which the server answers.
      expect(gets(requests, '/api/analytics/employees')[0]!.query.toString()).toBe(
        'search=agent&sort=-answerRate&page=2&pageSize=25&flagged=true&range=last7',
      );
      expect(screen.getByRole('searchbox', { name: 'Search employees' })).toHaveProperty(
        'value',
        'agent',
      );
      expect(sortSelect()).toHaveProperty('value', 'answerRate');
      expect(descending().getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('switch', { name: 'Flagged only' })).toHaveProperty('checked', true);
      expect(screen.getByRole('radio', { name: 'Table' })).toHaveProperty('checked', true);
      expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveProperty('value', 'last7');
      expect(
        within(table).getByRole('columnheader', { name: 'Answer rate' }).getAttribute('aria-sort'),
      ).toBe('descending');
      expect(await screen.findByText('Showing 5 of 30 employees')).toBeTruthy();

      // Each change is a step: back undoes it, forward redoes it.
      await user.click(screen.getByRole('radio', { name: 'Cards' }));
      await screen.findByRole('article', { name: 'Agent 28' });
      await user.click(screen.getByRole('switch', { name: 'Flagged only' }));
      await waitFor(() => expect(location()).not.toContain('flagged'));
      await waitFor(() => expect(screen.getByText('Showing 30 of 30 employees')).toBeTruthy());

      await act(() => router.navigate(-1));
      expect(location()).toContain('flagged=true');
      expect(await screen.findByText('Showing 5 of 30 employees')).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'Flagged only' })).toHaveProperty('checked', true);
      await act(() => router.navigate(-1));
      expect(location()).toContain('view=table');
      expect(await screen.findByRole('table', { name: 'Employee figures' })).toBeTruthy();
      await act(() => router.navigate(1));
      expect(await screen.findByRole('article', { name: 'Agent 28' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'Cards' })).toHaveProperty('checked', true);
    });
  },
);

describe('AnalyticsPage: trends', () => {
  // Under the page's heading in the lists (3), under the employee's name in the detail (4).
  const chartTitles = (level: number) =>
    screen
      .getAllByRole('figure')
      .map((figure) => within(figure).getByRole('heading', { level }).textContent);

  it("the centre's calls per day above the team cards, in the range", async () => {
    const { requests } = serveAnalytics();
    renderPage('/admin/analytics?range=last7');
    expect(await screen.findByRole('heading', { name: 'Calls per day' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Answer rate per day' })).toBeNull();
    expect(lastQuery(requests, '/api/analytics/trends')).toEqual({ range: 'last7' });
  });

  it("a team's trends above its employee cards, without a click", async () => {
    const { requests } = serveAnalytics();
    renderPage(`/admin/analytics?team=${dayShiftTeam.id}`);
    await screen.findByRole('heading', { name: 'Calls per day' });
    expect(chartTitles(3)).toEqual([
      'Calls per day',
      'Time per status per day',
      'Answer rate per day',
      'Average handle time per day',
    ]);
    expect(lastQuery(requests, '/api/analytics/trends')).toEqual({
      teamId: dayShiftTeam.id,
      range: 'all',
    });
    // The charts come before the cards.
    const chart = screen.getByRole('heading', { name: 'Calls per day' });
    const card = await screen.findByRole('article', { name: 'Gus Grissom' });
    expect(chart.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("one employee's trends under their figures; Refresh asks again", async () => {
    const { requests } = serveAnalytics();
    const { user } = renderPage(`/admin/analytics/${gus.id}?range=today`);
    expect(await screen.findByRole('heading', { name: 'Time per status per day' })).toBeTruthy();
    expect(chartTitles(4)).toHaveLength(4);
    expect(lastQuery(requests, '/api/analytics/trends')).toEqual({
      employeeId: gus.id,
      range: 'today',
    });
    const asked = gets(requests, '/api/analytics/trends').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(gets(requests, '/api/analytics/trends').length).toBeGreaterThan(asked),
    );
  });
});

describe('AnalyticsPage: the selected employee', () => {
  it('shows the pie with a label on each slice over 5 %, and the legend', async () => {
    serveAnalytics();
    renderPage(`/admin/analytics/${gus.id}`);

    const pie = await screen.findByRole('img', {
      name: 'Call Distribution: Answered 8 (67%), Declined 3 (25%), Not Answered 1 (8%)',
    });
    expect(within(pie).getByText('67%')).toBeTruthy();
    expect(within(pie).getByText('25%')).toBeTruthy();
    expect(within(pie).getByText('8%')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Calls by outcome' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Answered: 8 (67%)', 'Declined: 3 (25%)', 'Not Answered: 1 (8%)']);
    const calls = screen.getByRole('region', { name: 'Calls' });
    expect(figuresIn(calls)).toMatchObject({ 'Total Calls': '12', Performance: '67%' });
  });

  it('marks flagged status rows in words, not by colour alone', async () => {
    serveAnalytics();
    renderPage(`/admin/analytics/${gus.id}`);

    const table = await screen.findByRole('table', { name: 'Status Time Tracking' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Status', 'Total Time', 'Sessions', 'Avg per Session']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Available1h 40m 0s425m 0s',
      'Break (Flagged)40m 0s313m 20s',
      'Lunch30m 0s130m 0s',
      'After Call Work (Flagged)13m 20s81m 40s',
    ]);
    const flagged = within(table).getAllByRole('row', { name: /Flagged/ });
    expect(flagged.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Break (Flagged)',
      'After Call Work (Flagged)',
    ]);
    // Highlighted red, with the rule said under the table.
    expect(flagged.every((row) => row.hasAttribute('data-flagged'))).toBe(true);
    expect(rows[2]?.hasAttribute('data-flagged')).toBe(false);
    expect(
      screen.getByText(/^Flagged: Break, Lunch or Personal Time over 30 minutes/),
    ).toBeTruthy();
  });

  it("shows 'New Employee' and 'No status data available' for someone with nothing yet", async () => {
    serveAnalytics({
      [`GET ${detailPath}`]: () =>
        jsonResponse(
          employeeDetail(gus, {
            figures: callFigures(),
            statusTimes: [],
            records: { calls: 0, statusIntervals: 0, sessions: 0 },
          }),
        ),
    });
    renderPage(`/admin/analytics/${gus.id}`);
    const pie = await screen.findByRole('img', { name: /^Call Distribution: New Employee/ });
    expect(within(pie).getByText('New Employee')).toBeTruthy();
    expect(screen.getByText('No status data available')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Status Time Tracking' })).toBeNull();
  });

  it('explains the metrics in a help popover', async () => {
    serveAnalytics();
    const { user } = renderPage(`/admin/analytics/${gus.id}`);
    const metrics = await screen.findByRole('region', { name: 'Call-centre metrics' });
    await user.click(within(metrics).getByRole('button', { name: 'About these figures' }));
    const help = await screen.findByRole('dialog', { name: 'About these figures' });
    expect(within(help).getByText(/inbound calls answered ÷ inbound calls offered/)).toBeTruthy();
    expect(within(help).getByText(/talk time ÷ handled calls/)).toBeTruthy();
    expect(within(help).getByText(/time in After Call Work ÷ handled calls/)).toBeTruthy();
    expect(
      within(help).getByText(
        /time On Call and in After Call Work ÷ time Available, On Call and in After Call Work/,
      ),
    ).toBeTruthy();
  });

  it('says so when the employee is not there (deleted, or outside the scope)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveAnalytics({
      [`GET ${detailPath}`]: () => errorResponse(404, 'EMPLOYEE_NOT_FOUND', 'Employee not found'),
    });
    renderPage(`/admin/analytics/${gus.id}`);
    expect(await screen.findByText('Employee not found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('says the same of an address whose id can name nobody, without asking the server', async () => {
    const { requests } = serveAnalytics();
    renderPage('/admin/analytics/not-an-id');
    expect(await screen.findByText('Employee not found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(requests.some((r) => r.path.includes('not-an-id'))).toBe(false);
  });
});

describe('AnalyticsPage: the date range', () => {
  it('asks again for a new preset and keeps it in the URL across views and Refresh', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = serveAnalytics();
    const { user, location } = renderPage('/admin/analytics');
    await screen.findByRole('article', { name: 'Day Shift' });
    expect(screen.getByText('Every call on record')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Last 7 days');
    await waitFor(() =>
      expect(lastQuery(requests, '/api/analytics/teams')).toEqual({ range: 'last7' }),
    );
    expect(location()).toBe('/admin/analytics?range=last7');

    await user.click(screen.getByRole('link', { name: 'Day Shift' }));
    expect(location()).toBe(`/admin/analytics?range=last7&team=${dayShiftTeam.id}`);
    await screen.findByRole('article', { name: 'Gus Grissom' });
    expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
      teamId: dayShiftTeam.id,
      range: 'last7',
    });
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveProperty('value', 'last7');

    // Refresh asks for the same view again, saying so while it does.
    const before = gets(requests, '/api/analytics/employees').length;
    serveAnalytics({
      'GET /api/analytics/employees': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeTruthy();
    answer(cardsResponse([gus], new URLSearchParams(), resolvedRange({ preset: 'last7' })));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(before).toBeGreaterThan(0);
  });

  it('applies a custom range once both days make a valid one', async () => {
    const { requests } = serveAnalytics();
    const { user, location } = renderPage('/admin/analytics', teamMemberAdminUser);
    await screen.findByRole('article', { name: 'Gus Grissom' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Custom');
    // All time has no days: a custom range starts with the call centre's last 7 days.
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveProperty('value', '2026-11-15');
    expect(to).toHaveProperty('value', '2026-11-21');
    await waitFor(() =>
      expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
        range: 'custom',
        from: '2026-11-15',
        to: '2026-11-21',
      }),
    );
    expect(location()).toBe('/admin/analytics?range=custom&from=2026-11-15&to=2026-11-21');

    const asked = gets(requests, '/api/analytics/employees').length;
    await user.clear(from);
    await user.type(from, '2026-11-30');
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(gets(requests, '/api/analytics/employees')).toHaveLength(asked);

    await user.clear(from);
    await user.type(from, '2026-11-01');
    await waitFor(() =>
      expect(lastQuery(requests, '/api/analytics/employees')).toEqual({
        range: 'custom',
        from: '2026-11-01',
        to: '2026-11-21',
      }),
    );
    expect(screen.queryByText('The start date must not be after the end date')).toBeNull();
    expect(location()).toBe('/admin/analytics?range=custom&from=2026-11-01&to=2026-11-21');
  });

  it('reads the range from the URL it opens at', async () => {
    const { requests } = serveAnalytics({
      [`GET ${detailPath}`]: () =>
        jsonResponse(
          employeeDetail(gus, {
            range: resolvedRange({ preset: 'yesterday', from: '2026-11-20', to: '2026-11-20' }),
          }),
        ),
    });
    renderPage(`/admin/analytics/${gus.id}?range=yesterday`);
    expect(await screen.findByText('Nov 20, 2026 · America/New_York')).toBeTruthy();
    expect(lastQuery(requests, detailPath)).toEqual({ range: 'yesterday' });
  });
});

describe('AnalyticsPage: CSV export', () => {
  it('links the current list with its team, search and range', async () => {
    serveAnalytics();
    const { user } = renderPage(`/admin/analytics?range=thisMonth&team=${dayShiftTeam.id}`);
    await screen.findByRole('article', { name: 'Gus Grissom' });
    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'gus');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        `/api/analytics/export.csv?teamId=${dayShiftTeam.id}&search=gus&range=thisMonth`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).hasAttribute('download')).toBe(true);
  });

  it("links every agent from the team cards, and one employee's timeline from the detail", async () => {
    serveAnalytics();
    const { user } = renderPage('/admin/analytics?range=today');
    await screen.findByRole('article', { name: 'Day Shift' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/analytics/export.csv?range=today',
    );

    await user.click(screen.getByRole('link', { name: 'Day Shift' }));
    await user.click(await screen.findByRole('link', { name: 'Gus Grissom' }));
    await screen.findByRole('heading', { name: 'Gus Grissom', level: 3 });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/analytics/export.csv?employeeId=${gus.id}&range=today`,
    );
  });
});

describe('AnalyticsPage: deleting the employee', () => {
  it('lists what will be erased, deletes, and returns to the list', async () => {
    const fetches = serveAnalytics({
      [`DELETE /api/employees/${gus.id}`]: () => jsonResponse({ ok: true }),
    });
    const { user, location } = renderPage(`/admin/analytics/${gus.id}?team=${dayShiftTeam.id}`);
    await screen.findByRole('heading', { name: 'Gus Grissom', level: 3 });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Employee' });

    expect(within(dialog).getByText('gus')).toBeTruthy();
    const erased = within(dialog).getByRole('list', { name: 'What will be erased' });
    expect(
      within(erased)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'their account and profile (Gus Grissom)',
      'their membership of Day Shift',
      '12 calls',
      '16 status time entries',
      '5 daily sessions',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() => expect(location()).toBe(`/admin/analytics?team=${dayShiftTeam.id}`));
    expect(fetches.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/employees/${gus.id}`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByRole('alert')).textContent).toBe('Employee deleted successfully');
    expect(await screen.findByRole('article', { name: 'Gus Grissom' })).toBeTruthy();
    // The detail is not asked for again after its employee is gone.
    expect(gets(fetches.requests, detailPath)).toHaveLength(1);
  });

  it("shows 'Failed to delete employee' when the server refuses or fails", async () => {
    serveAnalytics({
      [`DELETE /api/employees/${gus.id}`]: () =>
        errorResponse(500, 'INTERNAL', 'Something went wrong'),
    });
    const { user, location } = renderPage(`/admin/analytics/${gus.id}`);
    await screen.findByRole('heading', { name: 'Gus Grissom', level: 3 });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Employee' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to delete employee',
    );
    expect(location()).toBe(`/admin/analytics/${gus.id}`);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Gus Grissom', level: 3 })).toBeTruthy();
  });

  it("shows 'An unexpected error occurred' when the server cannot be reached", async () => {
    serveAnalytics({ [`DELETE /api/employees/${gus.id}`]: networkFailure });
    const { user } = renderPage(`/admin/analytics/${gus.id}`);
    await screen.findByRole('heading', { name: 'Gus Grissom', level: 3 });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Employee' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'An unexpected error occurred',
    );
  });
});

describe('the cards asked for before the page renders (its route loader)', () => {
  it.each([
    ["a super admin's team cards", superAdminUser, '/admin/analytics?range=last7', 'teams', null],
    [
      "a super admin's team, sorted, flagged only",
      superAdminUser,
      `/admin/analytics?team=${dayShiftTeam.id}&sort=-totalCalls&flagged=true`,
      'employees',
      analyticsMessages.noFlaggedEmployees,
    ],
    [
      "a team's admin, searched, 25 a page",
      teamMemberAdminUser,
      '/admin/analytics?search=gu&pageSize=25&range=last7',
      'employees',
      null,
    ],
  ] as const)('%s: asked once, as the page asks', async (_, user, path, cards, message) => {
    const { requests } = serveAnalytics();
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, user);
    const route = `/api/analytics/${cards}`;

    await prefetchAnalyticsList(queryClient, new URL(path, 'http://localhost').searchParams);
    expect(gets(requests, route)).toHaveLength(1);

    renderPage(path, user, queryClient);
    if (message) expect(await screen.findByText(message)).toBeTruthy();
    else expect((await screen.findAllByRole('article')).length).toBeGreaterThan(0);
    expect(gets(requests, route)).toHaveLength(1);
  });
});

function queueFigures(overrides: Partial<QueueFigures> = {}): QueueFigures {
  return {
    callers: 0,
    answered: 0,
    abandoned: 0,
    serviceLevelPercent: null,
    averageSpeedOfAnswerSeconds: null,
    averageTimeToAbandonSeconds: null,
    agentsNeeded: null,
    ...overrides,
  };
}

const billing: QueueTeamAnalytics = {
  teamId: dayShiftTeam.id,
  name: 'Billing',
  serviceLevelSeconds: 20,
  serviceLevelTargetPercent: 80,
  ...queueFigures({
    callers: 120,
    answered: 100,
    abandoned: 10,
    serviceLevelPercent: 72.7,
    averageSpeedOfAnswerSeconds: 14.2,
    averageTimeToAbandonSeconds: 41,
    agentsNeeded: 8,
  }),
};

function intervalsOf(minutes: 15 | 30 | 60): QueueIntervals {
  const start = Date.parse('2026-03-02T15:00:00Z');
  return {
    range: resolvedRange({ preset: 'today' }),
    teamId: billing.teamId,
    name: billing.name,
    serviceLevelSeconds: 20,
    serviceLevelTargetPercent: 80,
    minutes,
    intervals: [0, 1].map((n) => ({
      start: new Date(start + n * minutes * 60_000).toISOString(),
      end: new Date(start + (n + 1) * minutes * 60_000).toISOString(),
      ...queueFigures({
        callers: 10 + n,
        answered: 8,
        abandoned: 1,
        serviceLevelPercent: n === 0 ? 90 : 60,
        agentsNeeded: 5,
      }),
    })),
  };
}

describe('AnalyticsPage: queues', () => {
  it("shows each queue team's figures, the centre's, and a team's intervals as charts", async () => {
    const { requests } = serveAnalytics({
      'GET /api/analytics/queues': () =>
        jsonResponse({
          range: resolvedRange(),
          teams: [billing],
          centre: queueFigures({ callers: 120, answered: 100, abandoned: 10, agentsNeeded: 8 }),
        }),
      [`GET /api/analytics/queues/${billing.teamId}/intervals`]: ({ query }) =>
        jsonResponse(intervalsOf(Number(query.get('minutes')) as 30 | 60)),
    });
    const { user } = renderPage('/admin/analytics?range=today');

    const section = await screen.findByRole('region', { name: 'Queues' });
    const table = within(section).getByRole('table', { name: 'Queues' });
    const row = within(table).getByRole('row', { name: /^Billing/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['120', '100', '10', '72.7%Target 80% in 20 s — below target', '14s', '41s', '8']);
    expect(within(table).getByRole('rowheader', { name: 'Centre' })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Queues CSV' }).getAttribute('href')).toBe(
      '/api/analytics/export.csv?view=queues&range=today',
    );

    // The first team's half hours, as charts with their figures a click away.
    expect(
      await within(section).findByRole('figure', { name: 'Callers per 30 minutes' }),
    ).toBeTruthy();
    expect(
      within(section).getByRole('img', {
        name: 'Service level per 30 minutes, 10:00 to 10:30: lowest 60%, highest 90%, target 80% in 20 s',
      }),
    ).toBeTruthy();
    expect(lastQuery(requests, `/api/analytics/queues/${billing.teamId}/intervals`)).toEqual({
      range: 'today',
      minutes: '30',
    });

    await user.click(within(section).getByRole('combobox', { name: 'Interval' }));
    await user.click(await screen.findByRole('option', { name: '60 minutes' }));
    expect(
      await within(section).findByRole('figure', { name: 'Callers per 60 minutes' }),
    ).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Intervals CSV' }).getAttribute('href')).toBe(
      `/api/analytics/export.csv?view=queue-intervals&teamId=${billing.teamId}&minutes=60&range=today`,
    );

    // What the figures mean, with the page's other definitions.
    await user.click(screen.getByRole('button', { name: 'About these figures' }));
    const help = await screen.findByRole('dialog', { name: 'About these figures' });
    expect(within(help).getByText(/Every abandoned caller counts against it/)).toBeTruthy();
  });

  it('shows nothing when no team in scope has a queue', async () => {
    serveAnalytics();
    renderPage('/admin/analytics');
    await screen.findByRole('article', { name: 'Day Shift' });
    expect(screen.queryByRole('region', { name: 'Queues' })).toBeNull();
  });
});
