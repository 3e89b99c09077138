import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  describeViolations,
  findInvariantViolations,
} from '../modules/invariants/invariants.repository';
import type { Db } from '../platform/database';
import { postSignIn, signInAs } from '../test/sign-in';
import { createTestApp, sessionCookieOf } from '../test/test-app';
import {
  DEMO_PASSWORD,
  DemoDatabaseNotEmptyError,
  type DemoOptions,
  DemoOptionsError,
  generateDemoData,
} from './generate';

// The fake clock stands at Monday 2026-03-02, 09:00 in New York: the history is the week
// before — five weekdays and a weekend.
const t = await createTestApp();
const options: DemoOptions = {
  teams: 2,
  agents: 4,
  days: 7,
  seed: 7,
  timeZone: 'America/New_York',
  today: '2026-03-02',
};
/** The history tables' indexes, constraints and triggers, as the catalog defines them. */
async function historyTablesSchema(db: Db) {
  const result = await sql<{ definition: string }>`
    SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index
    WHERE indrelid IN ('employee_status_log'::regclass, 'call_logs'::regclass)
    UNION ALL
    SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
    WHERE conrelid IN ('employee_status_log'::regclass, 'call_logs'::regclass)
    UNION ALL
    SELECT concat_ws(' ', tgname, tgenabled, pg_get_triggerdef(oid)) FROM pg_trigger
    WHERE tgrelid IN ('employee_status_log'::regclass, 'call_logs'::regclass) AND NOT tgisinternal
    ORDER BY 1
  `.execute(db);
  return result.rows.map((row) => row.definition);
}

const schemaBefore = await historyTablesSchema(t.db);
const summary = await generateDemoData(t.db, options);

async function rowCount(db: Db, table: string) {
  const result = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
  return result.rows[0]!.n;
}

/** A digest of everything generated (password hashes aside: argon2 salts them at random). */
async function digest(db: Db) {
  const result = await sql<{ digest: string }>`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat_ws(',', id, username, role, is_super_admin, team_id,
        security_question, created_at, updated_at), ';' ORDER BY id) FROM users),
      (SELECT string_agg(t::text, ';' ORDER BY t.id) FROM teams t),
      (SELECT string_agg(m::text, ';' ORDER BY m.id) FROM team_members m),
      (SELECT string_agg(e::text, ';' ORDER BY e.user_id) FROM employee_info e),
      (SELECT string_agg(s::text, ';' ORDER BY s.id) FROM employee_status_log s),
      (SELECT string_agg(c::text, ';' ORDER BY c.id) FROM call_logs c),
      (SELECT string_agg(s::text, ';' ORDER BY s.id) FROM employee_sessions s)
    )) AS digest
  `.execute(db);
  return result.rows[0]!.digest;
}

describe('generateDemoData', () => {
  it('creates a super admin, a leading admin per team and the agents, spread evenly', async () => {
    const users = await t.db
      .selectFrom('users')
      .leftJoin('team_members', 'team_members.user_id', 'users.id')
      .leftJoin('employee_info', 'employee_info.user_id', 'users.id')
      .select([
        'users.username',
        'users.role',
        'users.is_super_admin',
        'users.team_id',
        'users.security_question',
        'team_members.team_id as member_of',
        'team_members.role as member_role',
        'employee_info.full_name',
      ])
      .execute();
    expect(users).toHaveLength(1 + 2 + 4);
    expect(users.filter((u) => u.is_super_admin)).toMatchObject([
      { username: 'ops.manager', role: 'admin', team_id: null, member_of: null },
    ]);
    const leaders = users.filter((u) => u.member_role === 'team_leader');
    expect(leaders.map((u) => u.username).sort()).toEqual(['lead.billing', 'lead.care']);
    expect(leaders.every((u) => u.role === 'admin' && u.team_id === u.member_of)).toBe(true);
    const agents = users.filter((u) => u.role === 'employee');
    expect(agents).toHaveLength(4);
    for (const agent of agents) {
      expect(agent).toMatchObject({ member_role: 'member', team_id: agent.member_of });
      expect(agent.full_name).toMatch(/^\S+ \S+$/);
    }
    // Admins can reset a forgotten password; employees can't (spec §6).
    expect(users.filter((u) => u.security_question).length).toBe(3);
    expect(new Set(agents.map((a) => a.team_id)).size).toBe(2);
    expect(summary.teams.map((team) => team.agents.length)).toEqual([2, 2]);
    expect(summary.teams.flatMap((team) => team.agents).sort()).toEqual(
      agents.map((a) => a.username).sort(),
    );
    expect(summary.counts).toMatchObject({ users: 7, teams: 2, agents: 4 });
  });

  it("writes each agent's time as one unbroken run of intervals, closed but the last", async () => {
    const result = await sql<Record<string, number>>`
      WITH s AS (
        SELECT *, lead(started_at) OVER w AS next_start, lag(status) OVER w AS previous_status,
          lead(status) OVER w AS next_status,
          row_number() OVER (PARTITION BY user_id ORDER BY started_at DESC) AS from_last
        FROM employee_status_log WINDOW w AS (PARTITION BY user_id ORDER BY started_at)
      )
      SELECT count(*)::int AS intervals,
        count(DISTINCT user_id)::int AS agents,
        count(*) FILTER (WHERE next_start IS NOT NULL AND ended_at <> next_start)::int AS gaps,
        count(*) FILTER (WHERE ended_at IS NOT NULL
          AND duration_seconds <> extract(epoch FROM ended_at - started_at))::int AS bad_durations,
        count(*) FILTER (WHERE ended_at IS NULL)::int AS open,
        count(*) FILTER (WHERE ended_at IS NULL AND duration_seconds IS NULL
          AND from_last = 1 AND status = 'gone_home')::int AS open_gone_home_last,
        count(*) FILTER (WHERE duration_seconds <= 0)::int AS empty,
        count(*) FILTER (WHERE status = previous_status)::int AS repeated,
        count(*) FILTER (WHERE status = 'on_call')::int AS on_call,
        count(*) FILTER (WHERE status = 'on_call' AND next_status = 'after_call')::int
          AS on_call_then_after_call,
        count(*) FILTER (WHERE extract(isodow FROM started_at AT TIME ZONE 'America/New_York') > 5
          AND status <> 'gone_home')::int AS weekend_work,
        count(*) FILTER (WHERE status IN ('break', 'lunch'))::int AS breaks
      FROM s
    `.execute(t.db);
    const check = result.rows[0]!;
    expect(check).toMatchObject({
      agents: 4,
      gaps: 0,
      bad_durations: 0,
      // What the app itself leaves after an agent's last sign-out: an open Gone Home.
      open: 4,
      open_gone_home_last: 4,
      empty: 0,
      repeated: 0,
      weekend_work: 0,
      intervals: summary.counts.statusIntervals,
    });
    expect(check.on_call_then_after_call).toBe(check.on_call);
    expect(check.on_call).toBeGreaterThan(100);
    expect(check.breaks).toBeGreaterThan(0);

    const users = await t.db
      .selectFrom('employee_status_log')
      .innerJoin('users', 'users.id', 'employee_status_log.user_id')
      .select('users.role')
      .distinct()
      .execute();
    expect(users).toEqual([{ role: 'employee' }]);
  });

  it('keeps each day inside the history, with one session row per shift', async () => {
    const result = await sql<Record<string, number | string>>`
      SELECT count(*)::int AS sessions,
        min(session_date)::text AS first_day, max(session_date)::text AS last_day,
        count(*) FILTER (WHERE extract(isodow FROM session_date) > 5)::int AS weekend,
        count(*) FILTER (WHERE session_start <> (
          SELECT min(s.started_at) FROM employee_status_log s WHERE s.user_id = e.user_id
            AND (s.started_at AT TIME ZONE 'America/New_York')::date = e.session_date))::int
          AS start_not_first_interval,
        count(*) FILTER (WHERE session_end < (
          SELECT s.started_at FROM employee_status_log s WHERE s.user_id = e.user_id
            AND s.status = 'gone_home' AND s.started_at > e.session_start
          ORDER BY s.started_at LIMIT 1))::int AS signed_out_before_gone_home,
        (SELECT count(DISTINCT (user_id, (started_at AT TIME ZONE 'America/New_York')::date))::int
          FROM employee_status_log WHERE status <> 'gone_home') AS days_worked
      FROM employee_sessions e
    `.execute(t.db);
    const check = result.rows[0]!;
    expect(check).toMatchObject({
      weekend: 0,
      start_not_first_interval: 0,
      signed_out_before_gone_home: 0,
      sessions: check.days_worked,
    });
    expect(check.sessions).toBe(summary.counts.sessions);
    expect(check.first_day! >= '2026-02-23' && check.last_day! <= '2026-02-27').toBe(true);
  });

  it('logs calls as the app does, each inside the intervals of its agent', async () => {
    const result = await sql<Record<string, string | number | null>>`
      SELECT call_type, call_status, count(*)::int AS calls,
        count(*) FILTER (WHERE duration_seconds IS NULL)::int AS without_duration,
        count(*) FILTER (WHERE answered_at IS NULL)::int AS without_answer,
        count(*) FILTER (WHERE ended_at IS NULL)::int AS open,
        count(*) FILTER (WHERE duration_seconds IS NOT NULL
          AND duration_seconds <> extract(epoch FROM ended_at - answered_at))::int AS bad_durations,
        count(*) FILTER (WHERE call_type = 'inbound'
          AND ring_deadline <> time_received + interval '20 seconds')::int AS bad_deadlines,
        count(*) FILTER (WHERE call_type = 'outbound'
          AND (ring_deadline IS NOT NULL OR time_received <> answered_at))::int AS bad_outbound,
        count(*) FILTER (WHERE phone_number !~ '^1[0-9]{10}$')::int AS bad_numbers,
        count(*) FILTER (WHERE call_status = 'answered' AND NOT EXISTS (
          SELECT 1 FROM employee_status_log s WHERE s.user_id = c.user_id AND s.status = 'on_call'
            AND s.started_at = c.answered_at AND s.ended_at = c.ended_at))::int AS outside_on_call,
        count(*) FILTER (WHERE NOT EXISTS (
          SELECT 1 FROM employee_status_log s WHERE s.user_id = c.user_id
            AND s.status IN ('available', 'out_bound') AND s.started_at <= c.time_received
            AND s.ended_at >= coalesce(c.answered_at, c.ended_at)))::int AS ring_outside_available
      FROM call_logs c
      GROUP BY call_type, call_status
      ORDER BY call_type, call_status
    `.execute(t.db);
    const byKind = Object.fromEntries(
      result.rows.map((row) => [`${row.call_type} ${row.call_status}`, row]),
    );
    expect(Object.keys(byKind)).toEqual([
      'inbound answered',
      'inbound declined',
      'inbound missed',
      'outbound answered',
    ]);
    for (const row of result.rows) {
      expect(row).toMatchObject({
        open: 0,
        bad_durations: 0,
        bad_deadlines: 0,
        bad_outbound: 0,
        bad_numbers: 0,
        outside_on_call: 0,
        ring_outside_available: 0,
      });
      const answered = row.call_status === 'answered';
      expect(row.without_duration).toBe(answered ? 0 : row.calls);
      expect(row.without_answer).toBe(answered ? 0 : row.calls);
    }
    const total = result.rows.reduce((sum, row) => sum + Number(row.calls), 0);
    expect(total).toBe(summary.counts.calls);
    expect(await rowCount(t.db, 'call_logs')).toBe(total);
  });

  it('fills the daily rollups the analytics read, as the raw rows add up', async () => {
    const totals = await sql<{ rolled: number; raw: number; rolled_s: number; raw_s: number }>`
      SELECT
        (SELECT sum(total_calls) FROM call_day_totals)::int AS rolled,
        (SELECT count(*) FROM call_logs WHERE call_status IS NOT NULL)::int AS raw,
        (SELECT sum(seconds) FROM status_day_totals)::float8 AS rolled_s,
        (SELECT sum(duration_seconds) FROM employee_status_log)::float8 AS raw_s`.execute(t.db);
    const row = totals.rows[0]!;
    expect(row.rolled).toBe(summary.counts.calls);
    expect(row.rolled).toBe(row.raw);
    expect(row.rolled_s).toBeGreaterThan(0);
    expect(row.rolled_s).toBe(row.raw_s);
  });

  it('keeps every data invariant the app keeps, rollups included', async () => {
    const found = await findInvariantViolations(t.db, { now: t.clock.now(), ringGraceMs: 0 });
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('leaves the history tables with the indexes, keys and triggers they had', async () => {
    expect(schemaBefore.length).toBeGreaterThan(10);
    expect(await historyTablesSchema(t.db)).toEqual(schemaBefore);
  });

  it('is read by the app: the demo password signs in and the agent state is restored', async () => {
    const agentName = summary.teams[0]!.agents[0]!;
    const signIn = await postSignIn(t, agentName, DEMO_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookieOf(signIn);
    const state = await t.app.inject({ url: '/api/agent/state', headers: { cookie } });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ status: 'gone_home', call: null });
    expect(new Date(state.json<{ since: string }>().since) < t.clock.now()).toBe(true);
    const calls = await t.app.inject({ url: '/api/agent/calls?limit=10', headers: { cookie } });
    expect(calls.statusCode).toBe(200);
    expect(calls.json<{ calls: unknown[] }>().calls).toHaveLength(10);

    const admin = await signInAs(t, summary.superAdmin, DEMO_PASSWORD);
    const dashboard = await admin.as('GET', '/api/dashboard');
    expect(dashboard.statusCode).toBe(200);
  });

  it('refuses a database that has data, and changes nothing', async () => {
    const before = await digest(t.db);
    const users = await rowCount(t.db, 'users');
    await expect(generateDemoData(t.db, { ...options, seed: 8 })).rejects.toThrow(
      DemoDatabaseNotEmptyError,
    );
    await expect(generateDemoData(t.db, { ...options, seed: 8 })).rejects.toMatchObject({
      users,
      teams: 2,
    });
    expect(await digest(t.db)).toBe(before);
  });

  it('refuses sizes out of range before touching the database', async () => {
    await expect(
      generateDemoData(t.db, { ...options, agents: 0, replaceExisting: true }),
    ).rejects.toThrow(DemoOptionsError);
    await expect(
      generateDemoData(t.db, { ...options, days: 1.5, replaceExisting: true }),
    ).rejects.toThrow('days must be a whole number from 1 to 3650');
    expect(await rowCount(t.db, 'users')).toBe(7);
  });

  it('replaces the data when asked, and the same seed gives the same rows', async () => {
    const first = await digest(t.db);
    // Something that is not demo data, to be erased.
    await t.db
      .insertInto('teams')
      .values({ name: 'Left over', name_key: 'left over', description: null, created_by: null })
      .execute();
    const again = await generateDemoData(t.db, { ...options, replaceExisting: true });
    expect(again.erasedUsers).toBe(7);
    expect(await digest(t.db)).toBe(first);
    expect(await rowCount(t.db, 'teams')).toBe(2);

    await generateDemoData(t.db, { ...options, seed: 8, replaceExisting: true });
    expect(await digest(t.db)).not.toBe(first);
  });
});
