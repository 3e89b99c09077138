import type { SessionUser } from '../../shared/schemas/auth';
import type { Dashboard } from '../../shared/schemas/dashboard';

const timestamps = {
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

/** A signed-in user as GET /api/auth/me returns it: an admin with no team unless overridden. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '0b7e7f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
    email: null,
    username: 'ada',
    role: 'admin',
    is_super_admin: false,
    team: null,
    is_team_leader: false,
    ...timestamps,
    ...overrides,
  };
}

export const nightShift = { id: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', name: 'Night Shift' };
export const dayShift = { id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', name: 'Day Shift' };

export const superAdminUser = sessionUser({ is_super_admin: true });
export const teamMemberAdminUser = sessionUser({ username: 'bea', team: nightShift });
export const teamLeaderAdminUser = sessionUser({
  username: 'cal',
  team: nightShift,
  is_team_leader: true,
});
export const agentUser = sessionUser({
  id: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  username: 'dana',
  role: 'employee',
});

/** GET /api/dashboard for a super admin: no employees, teams or calls unless overridden. */
export function dashboardFigures(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    employees: { total: 0, growthPercent: 0, newThisMonth: 0, changeVersusLastMonthPercent: 0 },
    teams: { scope: 'all', count: 0 },
    calls: { total: 0, answered: 0, performancePercent: 0 },
    trend: {
      days: Array.from(
        { length: 30 },
        (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`,
      ),
      employees: Array<number>(30).fill(0),
      registrations: Array<number>(30).fill(0),
      teams: Array<number>(30).fill(0),
      performancePercent: Array<number | null>(30).fill(null),
    },
    recentEmployees: [],
    ...overrides,
  };
}
