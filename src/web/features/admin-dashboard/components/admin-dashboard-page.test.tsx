import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { Dashboard } from '../../../../shared/schemas/dashboard';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import {
  dashboardFigures,
  nightShift,
  superAdminUser,
  teamMemberAdminUser,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AdminDashboardPage } from './admin-dashboard-page';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const busyMonth = dashboardFigures({
  employees: { total: 14, growthPercent: 75, newThisMonth: 6, changeVersusLastMonthPercent: 50 },
  teams: { scope: 'all', count: 3 },
  calls: { total: 40, answered: 27, performancePercent: 68 },
  recentEmployees: [
    { id: '4d5e6f70-0000-4000-8000-000000000001', username: 'kim', created_at: minutesAgo(0.5) },
    { id: '4d5e6f70-0000-4000-8000-000000000002', username: 'lou', created_at: minutesAgo(1) },
    { id: '4d5e6f70-0000-4000-8000-000000000003', username: 'max', created_at: minutesAgo(180) },
    { id: '4d5e6f70-0000-4000-8000-000000000004', username: 'ned', created_at: minutesAgo(2880) },
  ],
});

/** Where links lead: a page that shows the path it was opened at. */
function Destination() {
  return <h2>Opened {useLocation().pathname}</h2>;
}

function renderPage(figures: Dashboard | Dashboard[], signedInAs: SessionUser = superAdminUser) {
  const answers = (Array.isArray(figures) ? figures : [figures]).map(
    (answer) => () => jsonResponse(answer),
  );
  const served = mockFetch({ 'GET /api/dashboard': answers });
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={['/admin/dashboard']}>
      <Routes>
        <Route path="/admin/dashboard" element={<AdminDashboardPage />} />
        <Route path="*" element={<Destination />} />
      </Routes>
    </MemoryRouter>,
    { signedInAs, withFakeTimers: true },
  );
  return { ...served, ...rendered };
}

/** A card's title, figure and detail line, as text. */
function card(title: string) {
  return screen.getByRole('region', { name: title }).textContent;
}

function useFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AdminDashboardPage', () => {
  it('shows the four cards of a super admin, percent signs included', async () => {
    useFakeClock();
    renderPage(busyMonth);
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeTruthy();
    await screen.findByText('14');

    expect(card('Total Employees')).toBe('Total Employees14+75% this month');
    expect(card('New This Month')).toBe('New This Month6+50% vs last month');
    expect(card('Total Teams')).toBe('Total Teams3in the call centre');
    expect(card('Performance')).toBe('Performance68%of calls answered');
    expect(screen.queryByRole('region', { name: 'Your Team' })).toBeNull();
  });

  it("draws each card's last 30 days, named by its first and last figures", async () => {
    useFakeClock();
    const days = dashboardFigures().trend.days;
    const rising = Array.from({ length: 30 }, (_, index) => 1970 + index);
    renderPage(
      dashboardFigures({
        employees: {
          total: 1999,
          growthPercent: 2,
          newThisMonth: 29,
          changeVersusLastMonthPercent: 0,
        },
        trend: {
          days,
          employees: rising,
          registrations: rising.map((_, index) => (index % 2 === 0 ? 1 : 0)),
          teams: Array<number>(30).fill(20),
          // No calls on the weekend: gaps, not zeros.
          performancePercent: rising.map((_, index) => (index % 7 < 5 ? 90 + (index % 5) : null)),
        },
      }),
    );
    const sparkline = async (cardName: string) =>
      within(await screen.findByRole('region', { name: cardName })).getByRole('img');
    expect((await sparkline('Total Employees')).getAttribute('aria-label')).toBe(
      'Employees, last 30 days: 1,970 on Mar 1, 1,999 on Mar 30; lowest 1,970, highest 1,999',
    );
    expect((await sparkline('New This Month')).getAttribute('aria-label')).toBe(
      'Registrations per day, last 30 days: 1 on Mar 1, 0 on Mar 30; lowest 0, highest 1',
    );
    expect((await sparkline('Total Teams')).getAttribute('aria-label')).toBe(
      'Teams, last 30 days: 20 on Mar 1, 20 on Mar 30; lowest 20, highest 20',
    );
    const performance = await sparkline('Performance');
    expect(performance.getAttribute('aria-label')).toBe(
      'Performance, last 30 days: 90% on Mar 1, 94% on Mar 30; lowest 90%, highest 94%',
    );
    // Five working days a week: a line each, broken at the weekends.
    expect(performance.querySelectorAll('polyline')).toHaveLength(5);
  });

  it('shows falls as negative and no change as 0%', async () => {
    useFakeClock();
    renderPage(
      dashboardFigures({
        employees: {
          total: 5,
          growthPercent: 0,
          newThisMonth: 1,
          changeVersusLastMonthPercent: -50,
        },
      }),
    );
    await screen.findByText('5');
    expect(card('Total Employees')).toBe('Total Employees50% this month');
    expect(card('New This Month')).toBe('New This Month1-50% vs last month');
    expect(card('Performance')).toBe('Performance0%of calls answered');
  });

  it('writes large figures in the en-US number format', async () => {
    useFakeClock();
    renderPage(
      dashboardFigures({
        employees: {
          total: 30532,
          growthPercent: 1250,
          newThisMonth: 2026,
          changeVersusLastMonthPercent: 1020,
        },
        teams: { scope: 'all', count: 1200 },
        calls: { total: 83466, answered: 79626, performancePercent: 95 },
      }),
    );
    await screen.findByText('30,532');
    expect(card('Total Employees')).toBe('Total Employees30,532+1,250% this month');
    expect(card('New This Month')).toBe('New This Month2,026+1,020% vs last month');
    expect(card('Total Teams')).toBe('Total Teams1,200in the call centre');
    expect(card('Performance')).toBe('Performance95%of calls answered');
  });

  it("shows an admin 'Your Team' with its name and member count instead of Total Teams", async () => {
    useFakeClock();
    renderPage(
      dashboardFigures({
        teams: { scope: 'own', team: { ...nightShift, memberCount: 7 } },
      }),
      teamMemberAdminUser,
    );
    expect(await screen.findByText('Night Shift')).toBeTruthy();
    expect(card('Your Team')).toBe('Your TeamNight Shift7 members');
    expect(screen.queryByRole('region', { name: 'Total Teams' })).toBeNull();
  });

  it("says 'No Team' on 'Your Team' for an admin without a team", async () => {
    useFakeClock();
    renderPage(dashboardFigures({ teams: { scope: 'own', team: null } }), teamMemberAdminUser);
    expect(await screen.findByText('No Team')).toBeTruthy();
    expect(card('Your Team')).toBe('Your TeamNo TeamYou are not in a team');
  });

  it('lists the newest employees as "{username} registered" with how long ago', async () => {
    useFakeClock();
    renderPage(busyMonth);
    const activities = within(await screen.findByRole('region', { name: 'Recent Activities' }));
    await activities.findByText('kim');
    expect(activities.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Kkim registeredjust now',
      'Llou registered1 minute ago',
      'Mmax registered3 hours ago',
      'Nned registered2 days ago',
    ]);
    expect(activities.getByRole('link', { name: 'max registered 3 hours ago' })).toBeTruthy();
  });

  it("opens an employee's analytics from their recent activity", async () => {
    useFakeClock();
    const { user } = renderPage(busyMonth);
    await user.click(await screen.findByRole('link', { name: /^lou registered/ }));
    expect(
      await screen.findByRole('heading', {
        name: 'Opened /admin/analytics/4d5e6f70-0000-4000-8000-000000000002',
      }),
    ).toBeTruthy();
  });

  it("says 'No recent activity' when there are no employees", async () => {
    useFakeClock();
    renderPage(dashboardFigures());
    const activities = within(await screen.findByRole('region', { name: 'Recent Activities' }));
    expect(await activities.findByText('No recent activity')).toBeTruthy();
  });

  it.each([
    ['Register New Employee', '/admin/register'],
    ['View All Employees', '/admin/employees'],
    ['View Analytics', '/admin/analytics'],
  ])('offers the quick action "%s"', async (label, path) => {
    useFakeClock();
    const { user } = renderPage(dashboardFigures());
    const actions = within(screen.getByRole('region', { name: 'Quick Actions' }));
    await user.click(actions.getByRole('link', { name: label }));
    expect(await screen.findByRole('heading', { name: `Opened ${path}` })).toBeTruthy();
  });

  it('refreshes itself every 15 s: a registration elsewhere shows up', async () => {
    useFakeClock();
    const later = dashboardFigures({
      employees: {
        total: 1,
        growthPercent: 100,
        newThisMonth: 1,
        changeVersusLastMonthPercent: 100,
      },
      recentEmployees: [
        {
          id: '4d5e6f70-0000-4000-8000-000000000009',
          username: 'zoe',
          created_at: NOW.toISOString(),
        },
      ],
    });
    const { requests } = renderPage([dashboardFigures(), later]);
    expect(await screen.findByText('No recent activity')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('link', { name: 'zoe registered just now' })).toBeTruthy();
    expect(card('Total Employees')).toBe('Total Employees1+100% this month');
    expect(requests.filter((r) => r.path === '/api/dashboard')).toHaveLength(2);
  });

  it('shows dashes, not an error, when the figures cannot be loaded', async () => {
    useFakeClock();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/dashboard': () => jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderWithProviders(
      <MemoryRouter>
        <AdminDashboardPage />
      </MemoryRouter>,
      { signedInAs: superAdminUser, withFakeTimers: true },
    );
    // The query client retries a failure twice before giving up.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(card('Total Employees')).toBe('Total Employees—');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});
