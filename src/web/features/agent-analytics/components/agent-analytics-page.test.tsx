import { screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { EmployeeAnalyticsDetail } from '../../../../shared/schemas/analytics';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AgentAnalyticsPage } from './agent-analytics-page';

const today = {
  preset: 'today' as const,
  from: '2026-11-20',
  to: '2026-11-20',
  start: '2026-11-20T05:00:00.000Z',
  end: '2026-11-21T05:00:00.000Z',
  timeZone: 'America/New_York',
  computedAt: '2026-11-20T15:00:00.000Z',
};

/** GET /api/agent/analytics: dana's own figures today (8 answered, 3 declined, 1 missed). */
function ownAnalytics(overrides: Partial<EmployeeAnalyticsDetail> = {}): EmployeeAnalyticsDetail {
  return {
    range: today,
    employee: {
      id: agentUser.id,
      username: 'dana',
      full_name: 'Dana Scully',
      team: null,
      created_at: '2026-10-01T13:00:00.000Z',
    },
    figures: {
      totalCalls: 12,
      answered: 8,
      declined: 3,
      missed: 1,
      callDurationSeconds: 3725,
      inboundOffered: 10,
      inboundAnswered: 6,
      handledCalls: 8,
      availableSeconds: 6000,
      onCallSeconds: 3725,
      afterCallSeconds: 800,
      performancePercent: 67,
      answerRatePercent: 60,
      averageHandleSeconds: 465.6,
      averageAfterCallSeconds: 100,
      occupancyPercent: 43,
    },
    statusTimes: [
      {
        status: 'break',
        label: 'Break',
        totalSeconds: 1900,
        sessions: 2,
        averageSeconds: 950,
        flagged: true,
      },
    ],
    wrapUpCodes: [
      { name: 'Resolved', calls: 5 },
      { name: 'No wrap-up code', calls: 3 },
    ],
    records: { calls: 40, statusIntervals: 90, sessions: 12 },
    ...overrides,
  };
}

/** GET /api/agent/analytics/trends: today's, as the server answers it. */
const trendRoute = {
  'GET /api/agent/analytics/trends': () =>
    jsonResponse({
      range: today,
      unit: 'day',
      statuses: [{ status: 'available', label: 'Available' }],
      buckets: [
        {
          start: '2026-11-20',
          answered: 8,
          declined: 3,
          missed: 1,
          answerRatePercent: 60,
          averageHandleSeconds: 466,
          statusSeconds: { available: 3600 },
        },
      ],
    }),
};

function renderPage(path = '/agent/analytics') {
  const router = createMemoryRouter(
    [{ path: '/agent/analytics', element: <AgentAnalyticsPage /> }],
    {
      initialEntries: [path],
    },
  );
  const rendered = renderWithProviders(<RouterProvider router={router} />, {
    signedInAs: agentUser,
  });
  return { router, ...rendered };
}

const figuresIn = (element: HTMLElement) => {
  const values = within(element).getAllByRole('definition');
  return Object.fromEntries(
    within(element)
      .getAllByRole('term')
      .map((term, i) => [term.textContent, values[i]?.textContent]),
  );
};

describe('AgentAnalyticsPage', () => {
  it("shows the agent's own detail, today by default, without an admin's controls", async () => {
    const { requests } = mockFetch({
      ...trendRoute,
      'GET /api/agent/analytics': () => jsonResponse(ownAnalytics()),
    });
    renderPage();

    expect(screen.getByRole('heading', { name: 'Analytics', level: 2 })).toBeTruthy();
    expect(screen.getByText('Loading analytics...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dana Scully', level: 3 })).toBeTruthy();
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({ range: 'today' });
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveProperty('value', 'today');
    expect(screen.getByText('Nov 20, 2026 · America/New_York')).toBeTruthy();

    expect(figuresIn(screen.getByRole('region', { name: 'Calls' }))).toEqual({
      'Total Calls': '12',
      Answered: '8',
      Declined: '3',
      'Not Answered': '1',
      'Call Duration': '1h 2m 5s',
      Performance: '67%',
    });
    expect(figuresIn(screen.getByRole('region', { name: 'Call-centre metrics' }))).toEqual({
      'Answer rate': '60%',
      'Avg handle time': '7m 46s',
      'Avg after-call work': '1m 40s',
      Occupancy: '43%',
    });
    expect(
      screen.getByRole('img', {
        name: 'Call Distribution: Answered 8 (67%), Declined 3 (25%), Not Answered 1 (8%)',
      }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Status Time Tracking' });
    expect(within(table).getByRole('row', { name: /^Break.*Flagged/ })).toBeTruthy();
    expect(figuresIn(screen.getByRole('region', { name: 'Calls by wrap-up code' }))).toEqual({
      Resolved: '5',
      'No wrap-up code': '3',
    });

    // Their own trends under the figures, in the same range (the charts' code loads first).
    expect(
      await screen.findByRole('heading', { name: 'Calls per day' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Time per status per day' })).toBeTruthy();
    const trendRequest = requests.find((request) => request.path === '/api/agent/analytics/trends');
    expect(Object.fromEntries(trendRequest?.query ?? [])).toEqual({ range: 'today' });

    // Their own data only: nothing to delete, close or export.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close employee details' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('asks again for another range and keeps it in the URL', async () => {
    const { requests } = mockFetch({
      ...trendRoute,
      'GET /api/agent/analytics': ({ query }) =>
        jsonResponse(
          ownAnalytics(
            query.get('range') === 'all'
              ? { range: { ...today, preset: 'all', from: null, to: null, start: null, end: null } }
              : {},
          ),
        ),
    });
    const { user, router } = renderPage();
    await screen.findByRole('heading', { name: 'Dana Scully', level: 3 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'All time');
    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)?.query ?? [])).toEqual({ range: 'all' }),
    );
    expect(router.state.location.search).toBe('?range=all');
    expect(await screen.findByText('Every call on record')).toBeTruthy();
  });

  it('shows a newcomer the New Employee pie and no status data', async () => {
    mockFetch({
      ...trendRoute,
      'GET /api/agent/analytics': () =>
        jsonResponse(
          ownAnalytics({
            figures: {
              ...ownAnalytics().figures,
              totalCalls: 0,
              answered: 0,
              declined: 0,
              missed: 0,
            },
            statusTimes: [],
          }),
        ),
    });
    renderPage();
    expect(await screen.findByText('New Employee')).toBeTruthy();
    expect(screen.getByText('No status data available')).toBeTruthy();
  });

  it('only logs a load error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      ...trendRoute,
      'GET /api/agent/analytics': () =>
        errorResponse(403, 'FORBIDDEN', 'You are not allowed to do this'),
    });
    renderPage();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('Loading analytics...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
