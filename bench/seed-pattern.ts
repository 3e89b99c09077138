import type { Db } from '../src/server/platform/database';

/**
 * The seed's analytics and dashboard (spec §7 'The calls it makes': 'Analytics' and
 * 'Dashboard'), re-enacted read by read against the bench's database, as the original client
 * ran them against its hosted backend: the same tables, columns and filters, one query per
 * team or per employee, every row brought back and aggregated in JavaScript. The reads go
 * straight through Kysely on the bench's connection (pg pool of 10, or PGlite) — no HTTP and
 * no hosted API in between, which only flatters the seed. Where the spec leaves a choice open
 * the cheaper one is taken: independent reads run concurrently (Promise.all), no row limit
 * (a hosted API would have paged), and an employee's detail reuses only their own two reads.
 */

type CallOutcome = 'answered' | 'declined' | 'missed';

/** A team card: name, description, employee count, total calls, answered, declined, missed. */
export interface SeedTeamCard {
  id: string;
  name: string;
  employeeCount: number;
  totalCalls: number;
  answered: number;
  declined: number;
  missed: number;
}

/**
 * Teams view: the teams (as the teams page reads them: all, newest first), then per team the
 * ids of users with role employee and that team_id, then call_logs call_status for those users.
 */
export async function seedTeamCards(db: Db): Promise<SeedTeamCard[]> {
  const teams = await db.selectFrom('teams').selectAll().orderBy('created_at', 'desc').execute();
  return Promise.all(
    teams.map(async (team) => {
      const employees = await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'employee')
        .where('team_id', '=', team.id)
        .execute();
      const ids = employees.map((employee) => employee.id);
      const calls =
        ids.length === 0
          ? []
          : await db
              .selectFrom('call_logs')
              .select('call_status')
              .where('user_id', 'in', ids)
              .execute();
      const counts = { answered: 0, declined: 0, missed: 0 };
      for (const call of calls) {
        if (call.call_status) counts[call.call_status]++;
      }
      return {
        id: team.id,
        name: team.name,
        employeeCount: ids.length,
        totalCalls: calls.length,
        ...counts,
      };
    }),
  );
}

/** Status Time Tracking: per status, total seconds, sessions, average per session. */
export interface SeedStatusTime {
  status: string;
  totalSeconds: number;
  sessions: number;
  averageSeconds: number;
}

/** An employee card, with what the detail shows (pie shares, status time tracking). */
export interface SeedEmployeeCard {
  id: string;
  username: string;
  fullName: string | null;
  teamId: string | null;
  totalCalls: number;
  callSeconds: number;
  answered: number;
  declined: number;
  notAnswered: number;
  /** The Call Distribution pie: percent per outcome. */
  distribution: Record<CallOutcome, number>;
  statusTimes: SeedStatusTime[];
}

type CallRow = { call_status: string | null; duration_seconds: number | null };
type StatusRow = { status: string; duration_seconds: number | null };

/** One employee's two reads: call_logs (call_status, duration_seconds), and status rows with a duration. */
function readEmployeeRows(db: Db, userId: string) {
  return Promise.all([
    db
      .selectFrom('call_logs')
      .select(['call_status', 'duration_seconds'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('employee_status_log')
      .select(['status', 'duration_seconds'])
      .where('user_id', '=', userId)
      .where('duration_seconds', 'is not', null)
      .execute(),
  ]);
}

/** The card's and the detail's figures, summed in JavaScript from the employee's rows. */
function employeeFigures(calls: CallRow[], statuses: StatusRow[]) {
  const counts = { answered: 0, declined: 0, missed: 0 };
  let callSeconds = 0;
  for (const call of calls) {
    if (call.call_status === 'answered' || call.call_status === 'declined') {
      counts[call.call_status]++;
    } else if (call.call_status === 'missed') counts.missed++;
    callSeconds += call.duration_seconds ?? 0;
  }
  const total = calls.length;
  const share = (count: number) => (total === 0 ? 0 : Math.round((count / total) * 1000) / 10);
  const byStatus = new Map<string, { totalSeconds: number; sessions: number }>();
  for (const row of statuses) {
    const entry = byStatus.get(row.status) ?? { totalSeconds: 0, sessions: 0 };
    entry.totalSeconds += row.duration_seconds ?? 0;
    entry.sessions++;
    byStatus.set(row.status, entry);
  }
  return {
    totalCalls: total,
    callSeconds,
    answered: counts.answered,
    declined: counts.declined,
    notAnswered: counts.missed,
    distribution: {
      answered: share(counts.answered),
      declined: share(counts.declined),
      missed: share(counts.missed),
    },
    statusTimes: [...byStatus].map(([status, { totalSeconds, sessions }]) => ({
      status,
      totalSeconds,
      sessions,
      averageSeconds: sessions === 0 ? 0 : totalSeconds / sessions,
    })),
  };
}

/**
 * Employees view: users (id, username, team_id), all or of one team (the super admin's path:
 * a team card, then its employees) — the spec names no role filter, so none —
 * and employee_info (user_id, full_name); then per user their call_logs (call_status,
 * duration_seconds) and employee_status_log (status, duration_seconds) where the duration is
 * not null.
 */
export async function seedEmployeeCards(db: Db, teamId?: string): Promise<SeedEmployeeCard[]> {
  let usersQuery = db.selectFrom('users').select(['id', 'username', 'team_id']);
  if (teamId) usersQuery = usersQuery.where('team_id', '=', teamId);
  const [users, infos] = await Promise.all([
    usersQuery.execute(),
    db.selectFrom('employee_info').select(['user_id', 'full_name']).execute(),
  ]);
  const fullNames = new Map(infos.map((info) => [info.user_id, info.full_name]));
  return Promise.all(
    users.map(async (user) => {
      const [calls, statuses] = await readEmployeeRows(db, user.id);
      return {
        id: user.id,
        username: user.username,
        fullName: fullNames.get(user.id) ?? null,
        teamId: user.team_id,
        ...employeeFigures(calls, statuses),
      };
    }),
  );
}

/**
 * One employee's detail: their two reads, the pie and the Status Time Tracking table — the
 * least the seed could do. Its page in fact shows a detail from the employees view it loaded
 * first (§7 lists no read of its own for it), which is `seedEmployeeCards` (of a team, for a
 * super admin who came through the team cards).
 */
export async function seedEmployeeDetail(db: Db, userId: string) {
  const [calls, statuses] = await readEmployeeRows(db, userId);
  return employeeFigures(calls, statuses);
}

/**
 * Dashboard: users (id, username, created_at) with role employee, newest first; call_logs
 * (user_id, call_status), all of them; teams (a super admin's: unfiltered). The cards in
 * JavaScript: employees and growth, new this month versus last month, teams, performance.
 */
export async function seedDashboard(db: Db, now: Date) {
  const [employees, calls, teams] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'created_at'])
      .where('role', '=', 'employee')
      .orderBy('created_at', 'desc')
      .execute(),
    db.selectFrom('call_logs').select(['user_id', 'call_status']).execute(),
    db.selectFrom('teams').selectAll().execute(),
  ]);
  const thisMonth = new Date(now.getFullYear(), now.getMonth(), 1);
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  let newThisMonth = 0;
  let newLastMonth = 0;
  for (const employee of employees) {
    const created = new Date(employee.created_at);
    if (created >= thisMonth) newThisMonth++;
    else if (created >= lastMonth) newLastMonth++;
  }
  // 'Performance (percent of all calls answered)': a super admin's is over every call.
  const answered = calls.filter((call) => call.call_status === 'answered').length;
  const before = employees.length - newThisMonth;
  return {
    totalEmployees: employees.length,
    growthPercent: before === 0 ? 0 : Math.round((newThisMonth / before) * 100),
    newThisMonth,
    changeVersusLastMonthPercent:
      newLastMonth === 0 ? 0 : Math.round(((newThisMonth - newLastMonth) / newLastMonth) * 100),
    totalTeams: teams.length,
    totalCalls: calls.length,
    answered,
    performancePercent: calls.length === 0 ? 0 : Math.round((answered / calls.length) * 100),
    recentEmployees: employees.slice(0, 4),
  };
}
