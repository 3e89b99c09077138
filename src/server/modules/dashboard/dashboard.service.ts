import {
  monthChangePercent,
  monthGrowthPercent,
  performancePercent,
} from '../../../shared/dashboard-figures';
import { employeeScope, isSuperAdmin } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';
import { type Dashboard, SPARKLINE_DAYS } from '../../../shared/schemas/dashboard';
import type { AppContext } from '../../platform/context';
import * as repo from './dashboard.repository';

/** The dashboard shows this many newest employees (spec §9). */
const RECENT_EMPLOYEES = 4;

export async function getDashboard(ctx: AppContext, actor: SessionUser): Promise<Dashboard> {
  const scope = employeeScope(actor);
  const now = ctx.clock.now();
  const zone = ctx.config.callCentreTimeZone;
  const teamTrend: repo.TeamTrendScope = isSuperAdmin(actor)
    ? { all: true }
    : actor.team
      ? { teamId: actor.team.id }
      : null;
  const [counts, recent, teams, trend] = await Promise.all([
    repo.dashboardCounts(ctx.db, scope, now, zone),
    repo.newestEmployees(ctx.db, scope, RECENT_EMPLOYEES),
    teamsCard(ctx, actor),
    repo.dashboardTrend(ctx.db, scope, teamTrend, now, zone, SPARKLINE_DAYS),
  ]);
  return {
    employees: {
      total: counts.total,
      growthPercent: monthGrowthPercent(counts.new_this_month, counts.before_this_month),
      newThisMonth: counts.new_this_month,
      changeVersusLastMonthPercent: monthChangePercent(
        counts.new_this_month,
        counts.new_last_month,
      ),
    },
    teams,
    calls: {
      total: counts.calls_total,
      answered: counts.calls_answered,
      performancePercent: performancePercent(counts.calls_answered, counts.calls_total),
    },
    trend: {
      days: trend.map((day) => day.day),
      employees: trend.map((day) => day.employees),
      registrations: trend.map((day) => day.registrations),
      teams: teamTrend ? trend.map((day) => day.teams ?? 0) : [],
      performancePercent: trend.map((day) =>
        day.calls_total === 0 ? null : performancePercent(day.calls_answered, day.calls_total),
      ),
    },
    recentEmployees: recent.map((employee) => ({
      id: employee.id,
      username: employee.username,
      created_at: employee.created_at.toISOString(),
    })),
  };
}

/** 'Total Teams' for a super admin; 'Your Team' (name and members) for everyone else. */
async function teamsCard(ctx: AppContext, actor: SessionUser): Promise<Dashboard['teams']> {
  if (isSuperAdmin(actor)) return { scope: 'all', count: await repo.countTeams(ctx.db) };
  const team = actor.team ? await repo.findTeamWithMemberCount(ctx.db, actor.team.id) : undefined;
  return {
    scope: 'own',
    team: team
      ? { id: team.id, name: team.name, memberCount: Number(team.member_count ?? 0) }
      : null,
  };
}
