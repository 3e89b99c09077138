import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startOfDayIn } from '../../../shared/analytics';
import {
  type AnalyticsTrend,
  type CallFigures,
  type EmployeeAnalyticsDetail,
  type EmployeeAnalyticsList,
  type TeamAnalyticsList,
  employeeAnalyticsListSchema,
} from '../../../shared/schemas/analytics';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Db } from '../../platform/database';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { csvCell } from '../../../shared/csv';
import * as analytics from './analytics.service';

/**
 * A floor with hand-computed answers. Now is Sunday 15 March 2026, noon in New York (EDT,
 * UTC−4): 'today' is [04:00Z 15 Mar, 04:00Z 16 Mar), 'yesterday' the day before.
 */
const t = await createTestApp();
const NOW = '2026-03-15T16:00:00Z';
t.clock.set(NOW);

const north = await newTeam(t.db, { name: 'North', description: 'Inbound sales' });
const south = await newTeam(t.db, { name: 'South' });
const empty = await newTeam(t.db, { name: 'Empty' });

const ana = await newEmployee(t.db, { username: 'ana' });
const ben = await newEmployee(t.db, { username: 'ben' });
const cy = await newEmployee(t.db, { username: 'cy' });
const dee = await newEmployee(t.db, { username: 'dee' }); // in no team
await joinTeam(t.db, north, ana);
await joinTeam(t.db, north, ben);
await joinTeam(t.db, south, cy);
await fullName(ana, 'Ana Lima');
await fullName(ben, 'Ben Okafor');
await fullName(dee, '=HYPERLINK("http://evil"), Dee');

const superAdmin = await newSuperAdmin(t.db);
const northAdmin = await newAdmin(t.db); // an admin with a team: North's member
await joinTeam(t.db, north, northAdmin);
const northLeader = await newAdmin(t.db);
await joinTeam(t.db, north, northLeader, 'team_leader');
const teamlessAdmin = await newAdmin(t.db);

async function fullName(user: { id: string }, name: string) {
  await t.db.insertInto('employee_info').values({ user_id: user.id, full_name: name }).execute();
}

const plus = (iso: string, seconds: number) =>
  new Date(new Date(iso).getTime() + seconds * 1000).toISOString();

/** A call; an answered one lasts `seconds` unless `open` (still in progress). */
async function call(
  db: Db,
  user: { id: string },
  at: string,
  outcome: 'answered' | 'declined' | 'missed' | 'ringing',
  options: { type?: 'inbound' | 'outbound'; seconds?: number; open?: boolean; notes?: string } = {},
) {
  const { type = 'inbound', seconds = 0, open = false, notes = null } = options;
  const answered = outcome === 'answered';
  await db
    .insertInto('call_logs')
    .values({
      user_id: user.id,
      phone_number: '12125550100',
      call_type: type,
      call_status: outcome === 'ringing' ? null : outcome,
      time_received: at,
      answered_at: answered ? at : null,
      ended_at: outcome === 'ringing' || open ? null : plus(at, answered ? seconds : 5),
      duration_seconds: answered && !open ? seconds : null,
      ring_deadline: outcome === 'ringing' ? plus(at, 20) : null,
      notes,
    })
    .execute();
}

/** A status interval; `to` null is the open one; a closed one's duration may be forced. */
async function interval(
  db: Db,
  user: { id: string },
  status: string,
  from: string,
  to: string | null,
  duration?: number | null,
) {
  await db
    .insertInto('employee_status_log')
    .values({
      user_id: user.id,
      status,
      started_at: from,
      ended_at: to,
      duration_seconds:
        duration !== undefined
          ? duration
          : to
            ? (new Date(to).getTime() - new Date(from).getTime()) / 1000
            : null,
    })
    .execute();
}

// ana (North) — calls. Today: 6 (one still in progress); yesterday: 3; 1 March: 1.
await call(t.db, ana, '2026-03-15T14:00:00Z', 'answered', { seconds: 120 });
await call(t.db, ana, '2026-03-15T14:10:00Z', 'answered', { seconds: 60 });
await call(t.db, ana, '2026-03-15T04:00:00Z', 'declined'); // today's first instant
await call(t.db, ana, '2026-03-15T14:30:00Z', 'missed');
await call(t.db, ana, '2026-03-15T14:40:00Z', 'answered', { type: 'outbound', seconds: 30 });
await call(t.db, ana, '2026-03-15T15:59:00Z', 'answered', { open: true });
await call(t.db, ana, '2026-03-14T15:00:00Z', 'answered', { seconds: 200 });
await call(t.db, ana, '2026-03-14T16:00:00Z', 'missed');
await call(t.db, ana, '2026-03-15T03:59:59Z', 'declined'); // yesterday's last second
await call(t.db, ana, '2026-03-01T15:00:00Z', 'answered', { type: 'outbound', seconds: 50 });
// ana — status intervals.
await interval(t.db, ana, 'available', '2026-03-14T13:00:00Z', '2026-03-14T14:00:00Z'); // 3600
await interval(t.db, ana, 'break', '2026-03-14T14:00:00Z', '2026-03-14T14:30:01Z'); // 1801
await interval(t.db, ana, 'lunch', '2026-03-14T20:00:00Z', '2026-03-14T20:30:00Z'); // 1800
// 21:00 on the 14th to 09:00 on the 15th, New York: 10,800 s yesterday, 32,400 s today.
await interval(t.db, ana, 'gone_home', '2026-03-15T01:00:00Z', '2026-03-15T13:00:00Z');
await interval(t.db, ana, 'available', '2026-03-15T13:00:00Z', '2026-03-15T14:00:00Z'); // 3600
await interval(t.db, ana, 'on_call', '2026-03-15T14:00:00Z', '2026-03-15T14:02:00Z'); // 120
await interval(t.db, ana, 'after_call', '2026-03-15T14:02:00Z', '2026-03-15T14:03:30Z'); // 90
await interval(t.db, ana, 'on_call', '2026-03-15T14:03:30Z', '2026-03-15T14:04:30Z'); // 60
await interval(t.db, ana, 'after_call', '2026-03-15T14:04:30Z', '2026-03-15T14:06:01Z'); // 91
await interval(t.db, ana, 'break', '2026-03-15T14:06:01Z', '2026-03-15T14:36:01Z'); // 1800
// Closed without a duration: ignored (spec §3).
await interval(t.db, ana, 'personal', '2026-03-15T14:36:01Z', '2026-03-15T15:00:00Z', null);
await interval(t.db, ana, 'available', '2026-03-15T15:00:00Z', null); // open: 3600 s until now
for (const day of ['2026-03-14', '2026-03-15']) {
  await t.db
    .insertInto('employee_sessions')
    .values({ user_id: ana.id, session_date: day, session_start: `${day}T13:00:00Z` })
    .execute();
}

// ben (North): one answered call and one still ringing (no outcome yet: not counted).
await call(t.db, ben, '2026-03-15T15:00:00Z', 'answered', { seconds: 100 });
await call(t.db, ben, '2026-03-15T15:59:50Z', 'ringing');
await interval(t.db, ben, 'available', '2026-03-15T14:00:00Z', '2026-03-15T15:00:00Z'); // 3600
await interval(t.db, ben, 'on_call', '2026-03-15T15:00:00Z', '2026-03-15T15:01:40Z'); // 100
await interval(t.db, ben, 'after_call', '2026-03-15T15:01:40Z', null); // open: 3500 s

// cy (South), no status rows.
await call(t.db, cy, '2026-03-15T14:00:00Z', 'missed');
await call(t.db, cy, '2026-03-15T14:05:00Z', 'missed');
await call(t.db, cy, '2026-03-15T14:10:00Z', 'answered', { seconds: 40 });

// dee (no team): notes that need CSV quoting.
await call(t.db, dee, '2026-03-15T14:00:00Z', 'answered', {
  seconds: 10,
  notes: '@callback, said "later"\nline two',
});

type Viewer = 'super' | 'northAdmin' | 'northLeader' | 'teamless' | 'ana';
const cookies: Record<Viewer, string> = {
  super: (await signInAs(t, superAdmin)).cookie,
  northAdmin: (await signInAs(t, northAdmin)).cookie,
  northLeader: (await signInAs(t, northLeader)).cookie,
  teamless: (await signInAs(t, teamlessAdmin)).cookie,
  ana: (await signInAs(t, ana)).cookie,
};

function get(viewer: Viewer, url: string, method: 'GET' | 'DELETE' = 'GET') {
  return t.app.inject({ method, url, headers: { cookie: cookies[viewer] } });
}
async function json<T>(viewer: Viewer, url: string) {
  const response = await get(viewer, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** Figures with everything zero and nothing to divide by. */
const noFigures: CallFigures = {
  totalCalls: 0,
  answered: 0,
  declined: 0,
  missed: 0,
  callDurationSeconds: 0,
  inboundOffered: 0,
  inboundAnswered: 0,
  handledCalls: 0,
  availableSeconds: 0,
  onCallSeconds: 0,
  afterCallSeconds: 0,
  performancePercent: 0,
  answerRatePercent: null,
  averageHandleSeconds: null,
  averageAfterCallSeconds: null,
  occupancyPercent: null,
};

const expected = {
  anaToday: {
    totalCalls: 6,
    answered: 4, // the one in progress has an outcome already
    declined: 1,
    missed: 1,
    callDurationSeconds: 210, // 120 + 60 + 30
    inboundOffered: 5,
    inboundAnswered: 3,
    handledCalls: 3, // answered and ended
    availableSeconds: 7200, // 3600 + the open interval's 3600
    onCallSeconds: 180,
    afterCallSeconds: 181,
    performancePercent: 67, // 4 of 6
    answerRatePercent: 60, // 3 of 5 inbound
    averageHandleSeconds: 70, // 210 / 3
    averageAfterCallSeconds: 60.3, // 181 / 3
    occupancyPercent: 4.8, // 361 / 7561
  },
  anaYesterday: {
    totalCalls: 3,
    answered: 1,
    declined: 1,
    missed: 1,
    callDurationSeconds: 200,
    inboundOffered: 3,
    inboundAnswered: 1,
    handledCalls: 1,
    availableSeconds: 3600,
    onCallSeconds: 0,
    afterCallSeconds: 0,
    performancePercent: 33,
    answerRatePercent: 33.3,
    averageHandleSeconds: 200,
    averageAfterCallSeconds: 0,
    occupancyPercent: 0,
  },
  anaAllTime: {
    totalCalls: 10,
    answered: 6,
    declined: 2,
    missed: 2,
    callDurationSeconds: 460,
    inboundOffered: 8,
    inboundAnswered: 4,
    handledCalls: 5,
    availableSeconds: 10800,
    onCallSeconds: 180,
    afterCallSeconds: 181,
    performancePercent: 60,
    answerRatePercent: 50,
    averageHandleSeconds: 92, // 460 / 5
    averageAfterCallSeconds: 36.2, // 181 / 5
    occupancyPercent: 3.2, // 361 / 11161
  },
  ben: {
    totalCalls: 1,
    answered: 1,
    declined: 0,
    missed: 0,
    callDurationSeconds: 100,
    inboundOffered: 1,
    inboundAnswered: 1,
    handledCalls: 1,
    availableSeconds: 3600,
    onCallSeconds: 100,
    afterCallSeconds: 3500,
    performancePercent: 100,
    answerRatePercent: 100,
    averageHandleSeconds: 100,
    averageAfterCallSeconds: 3500,
    occupancyPercent: 50, // 3600 / 7200
  },
  cy: {
    ...noFigures,
    totalCalls: 3,
    answered: 1,
    missed: 2,
    callDurationSeconds: 40,
    inboundOffered: 3,
    inboundAnswered: 1,
    handledCalls: 1,
    performancePercent: 33,
    answerRatePercent: 33.3,
    averageHandleSeconds: 40,
    averageAfterCallSeconds: 0,
  },
  dee: {
    ...noFigures,
    totalCalls: 1,
    answered: 1,
    callDurationSeconds: 10,
    inboundOffered: 1,
    inboundAnswered: 1,
    handledCalls: 1,
    performancePercent: 100,
    answerRatePercent: 100,
    averageHandleSeconds: 10,
    averageAfterCallSeconds: 0,
  },
} satisfies Record<string, CallFigures>;

const today = {
  preset: 'today',
  from: '2026-03-15',
  to: '2026-03-15',
  start: '2026-03-15T04:00:00.000Z',
  end: '2026-03-16T04:00:00.000Z',
  timeZone: 'America/New_York',
  computedAt: '2026-03-15T16:00:00.000Z',
};

describe('GET /api/analytics/teams', () => {
  it("every team by name with its employees' figures, all time by default", async () => {
    const body = await json<TeamAnalyticsList>('super', '/api/analytics/teams');
    expect(body.range).toEqual({
      preset: 'all',
      from: null,
      to: null,
      start: null,
      end: null,
      timeZone: 'America/New_York',
      computedAt: '2026-03-15T16:00:00.000Z',
    });
    expect(body.teams).toEqual([
      { id: empty.id, name: 'Empty', description: null, employeeCount: 0, figures: noFigures },
      {
        id: north.id,
        name: 'North',
        description: 'Inbound sales',
        employeeCount: 2, // ana and ben; the admins in North are not employees
        figures: {
          totalCalls: 11,
          answered: 7,
          declined: 2,
          missed: 2,
          callDurationSeconds: 560,
          inboundOffered: 9,
          inboundAnswered: 5,
          handledCalls: 6,
          availableSeconds: 14400,
          onCallSeconds: 280,
          afterCallSeconds: 3681,
          performancePercent: 64, // 7 of 11
          answerRatePercent: 55.6, // 5 of 9
          averageHandleSeconds: 93.3, // 560 / 6
          averageAfterCallSeconds: 613.5, // 3681 / 6
          occupancyPercent: 21.6, // 3961 / 18361
        },
      },
      { id: south.id, name: 'South', description: null, employeeCount: 1, figures: expected.cy },
    ]);
    // The employees without a team, together: otherwise a super admin could not reach them.
    expect(body.noTeam).toEqual({ employeeCount: 1, figures: expected.dee });
  });

  it('no group of employees without a team when every employee has one', async () => {
    await t.db.updateTable('users').set({ team_id: south.id }).where('id', '=', dee.id).execute();
    try {
      const body = await json<TeamAnalyticsList>('super', '/api/analytics/teams');
      expect(body.noTeam).toBeNull();
      expect(body.teams.find((team) => team.id === south.id)!.employeeCount).toBe(2);
    } finally {
      await t.db.updateTable('users').set({ team_id: null }).where('id', '=', dee.id).execute();
    }
  });

  it("today: yesterday's calls and the part of intervals before midnight are left out", async () => {
    const body = await json<TeamAnalyticsList>('super', '/api/analytics/teams?range=today');
    expect(body.range).toEqual(today);
    expect(body.teams.find((team) => team.id === north.id)!.figures).toEqual({
      totalCalls: 7,
      answered: 5,
      declined: 1,
      missed: 1,
      callDurationSeconds: 310,
      inboundOffered: 6,
      inboundAnswered: 4,
      handledCalls: 4,
      availableSeconds: 10800,
      onCallSeconds: 280,
      afterCallSeconds: 3681,
      performancePercent: 71, // 5 of 7
      answerRatePercent: 66.7,
      averageHandleSeconds: 77.5,
      averageAfterCallSeconds: 920.3, // 3681 / 4
      occupancyPercent: 26.8, // 3961 / 14761
    });
  });

  it.each(['northAdmin', 'northLeader', 'teamless', 'ana'] as const)(
    'is for super admins only: %s gets 403',
    async (viewer) => {
      expect((await get(viewer, '/api/analytics/teams')).statusCode).toBe(403);
    },
  );
});

describe('GET /api/analytics/employees', () => {
  const usernames = (body: EmployeeAnalyticsList) => body.employees.map((e) => e.username);

  it('a super admin sees every employee, by username, with their figures and flags', async () => {
    const body = await json<EmployeeAnalyticsList>('super', '/api/analytics/employees');
    // Sent without the zod pass (plainJsonResponse): exactly what the schema allows.
    expect(employeeAnalyticsListSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ total: 4, matching: 4, page: 1, pageSize: 50 });
    expect(body.employees).toEqual([
      {
        id: ana.id,
        username: 'ana',
        full_name: 'Ana Lima',
        team: { id: north.id, name: 'North' },
        figures: expected.anaAllTime,
        flaggedStatuses: ['break', 'after_call'],
      },
      {
        id: ben.id,
        username: 'ben',
        full_name: 'Ben Okafor',
        team: { id: north.id, name: 'North' },
        figures: expected.ben,
        flaggedStatuses: ['after_call'],
      },
      {
        id: cy.id,
        username: 'cy',
        full_name: null,
        team: { id: south.id, name: 'South' },
        figures: expected.cy,
        flaggedStatuses: [],
      },
      {
        id: dee.id,
        username: 'dee',
        full_name: '=HYPERLINK("http://evil"), Dee',
        team: null,
        figures: expected.dee,
        flaggedStatuses: [],
      },
    ]);
  });

  it('a super admin drills into one team', async () => {
    const body = await json<EmployeeAnalyticsList>(
      'super',
      `/api/analytics/employees?teamId=${north.id}&range=today`,
    );
    expect(usernames(body)).toEqual(['ana', 'ben']);
    expect(body.employees[0]!.figures).toEqual(expected.anaToday);
  });

  it.each(['northAdmin', 'northLeader'] as const)(
    "%s sees only their team's employees, and another team's id gives nothing",
    async (viewer) => {
      const own = await json<EmployeeAnalyticsList>(viewer, '/api/analytics/employees');
      expect(usernames(own)).toEqual(['ana', 'ben']);
      const other = await json<EmployeeAnalyticsList>(
        viewer,
        `/api/analytics/employees?teamId=${south.id}`,
      );
      expect(other.employees).toEqual([]);
    },
  );

  it("teamId=none: the employees without a team, within the viewer's scope", async () => {
    const all = await json<EmployeeAnalyticsList>('super', '/api/analytics/employees?teamId=none');
    expect(usernames(all)).toEqual(['dee']);
    expect(all.employees[0]!.figures).toEqual(expected.dee);
    expect(
      usernames(
        await json<EmployeeAnalyticsList>('teamless', '/api/analytics/employees?teamId=none'),
      ),
    ).toEqual(['dee']);
    expect(
      (await json<EmployeeAnalyticsList>('northAdmin', '/api/analytics/employees?teamId=none'))
        .employees,
    ).toEqual([]);
    const csv = await get('super', '/api/analytics/export.csv?teamId=none');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',dee,');
    expect(csv.body).not.toContain(',ana,');
    const bad = await get('super', '/api/analytics/employees?teamId=nobody');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Not a valid id/);
  });

  it('an admin with no team sees everyone (spec §1)', async () => {
    const body = await json<EmployeeAnalyticsList>('teamless', '/api/analytics/employees');
    expect(usernames(body)).toEqual(['ana', 'ben', 'cy', 'dee']);
  });

  it.each([
    ['LIMA', ['ana']], // full name, any case
    ['oka', ['ben']],
    ['BEN', ['ben']], // username
    ['a', ['ana', 'ben']], // 'Ben Okafor' has an a
    ['nobody', []],
    ['%', []], // no LIKE wildcards
  ])('search %s → %o', async (search, found) => {
    const body = await json<EmployeeAnalyticsList>(
      'northAdmin',
      `/api/analytics/employees?search=${encodeURIComponent(search)}`,
    );
    expect(usernames(body)).toEqual(found);
  });

  it('an employee may not list employees', async () => {
    expect((await get('ana', '/api/analytics/employees')).statusCode).toBe(403);
  });

  it('refuses a bad range with a message naming the field', async () => {
    const response = await get('super', '/api/analytics/employees?from=2026-03-02&to=2026-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'querystring.from',
    });
    expect(response.json().error.message).toMatch(/The start date must not be after the end date/);
  });

  it.each(['from=1&to=2026-01-01', 'from=&to=2026-01-01', 'from=2026-01-01&to=x'])(
    'refuses a malformed date (%s) with 400, not a server error',
    async (query) => {
      const response = await get('super', `/api/analytics/teams?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('GET /api/analytics/employees: sort, flagged filter, counts', () => {
  const usernames = (body: EmployeeAnalyticsList) => body.employees.map((e) => e.username);
  const list = (viewer: Viewer, query: string) =>
    json<EmployeeAnalyticsList>(viewer, `/api/analytics/employees?${query}`);

  // All time: ana 10 calls, 50 % answered, 92 s handle, 36.2 s ACW, 2 flags; ben 1, 100 %,
  // 100 s, 3,500 s, 1 flag; cy 3, 33.3 %, 40 s, 0 s, none; dee 1, 100 %, 10 s, 0 s, none.
  // Ties go by username. dee's full name starts with '=', before every letter.
  it.each([
    ['name', ['dee', 'ana', 'ben', 'cy']],
    ['-name', ['cy', 'ben', 'ana', 'dee']],
    ['totalCalls', ['ben', 'dee', 'cy', 'ana']],
    ['-totalCalls', ['ana', 'cy', 'ben', 'dee']],
    ['answerRate', ['cy', 'ana', 'ben', 'dee']],
    ['-answerRate', ['ben', 'dee', 'ana', 'cy']],
    ['handleTime', ['dee', 'cy', 'ana', 'ben']],
    ['-handleTime', ['ben', 'ana', 'cy', 'dee']],
    ['afterCallWork', ['cy', 'dee', 'ana', 'ben']],
    ['-afterCallWork', ['ben', 'ana', 'cy', 'dee']],
    ['flags', ['cy', 'dee', 'ben', 'ana']],
    ['-flags', ['ana', 'ben', 'cy', 'dee']],
  ])('sort=%s → %o', async (sort, order) => {
    const body = await list('super', `sort=${sort}`);
    expect(usernames(body)).toEqual(order);
    expect(body).toMatchObject({ total: 4, matching: 4, page: 1 });
  });

  it('flagged=true keeps the agents with a flagged status in the range; total stays', async () => {
    expect(await list('super', 'flagged=true')).toMatchObject({ total: 4, matching: 2 });
    expect(usernames(await list('super', 'flagged=true'))).toEqual(['ana', 'ben']);
    // Yesterday only ana's 1,801 s break is over; today her break is exactly 1,800 s, but her
    // ACW averages 90.5 s a session and ben's open ACW runs 3,500 s.
    expect(usernames(await list('super', 'flagged=true&range=yesterday'))).toEqual(['ana']);
    expect(usernames(await list('super', 'flagged=true&range=today'))).toEqual(['ana', 'ben']);
    expect(usernames(await list('super', 'flagged=false'))).toEqual(['ana', 'ben', 'cy', 'dee']);
    const searched = await list('super', 'flagged=true&search=oka');
    expect(usernames(searched)).toEqual(['ben']);
    expect(searched).toMatchObject({ total: 4, matching: 1 });
    const none = await list('super', 'flagged=true&teamId=none');
    expect(none).toMatchObject({ employees: [], total: 1, matching: 0, page: 1 });
  });

  it('counts within the scope: total is the scope (or team), matching what passes', async () => {
    expect(await list('northAdmin', 'search=ben')).toMatchObject({ total: 2, matching: 1 });
    expect(await list('northLeader', 'flagged=true&range=yesterday')).toMatchObject({
      total: 2,
      matching: 1,
    });
    expect(await list('teamless', 'search=nobody')).toMatchObject({
      employees: [],
      total: 4,
      matching: 0,
    });
    expect(await list('super', `teamId=${south.id}`)).toMatchObject({ total: 1, matching: 1 });
    // Another team's id, for an admin with a team: nothing, and nothing counted.
    expect(await list('northAdmin', `teamId=${south.id}`)).toMatchObject({
      employees: [],
      total: 0,
      matching: 0,
    });
  });

  it.each(['all', 'today', 'yesterday', 'last7'])(
    "range=%s: a card's flags are the detail's flagged rows",
    async (range) => {
      const cards = await list('super', `range=${range}`);
      for (const card of cards.employees) {
        const detail = await json<EmployeeAnalyticsDetail>(
          'super',
          `/api/analytics/employees/${card.id}?range=${range}`,
        );
        expect(card.flaggedStatuses, card.username).toEqual(
          detail.statusTimes.filter((row) => row.flagged).map((row) => row.status),
        );
      }
    },
  );

  it.each([
    ['sort=password', 'sort'],
    ['sort=-', 'sort'],
    ['sort=username', 'sort'],
    ['pageSize=30', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['flagged=yes', 'flagged'],
  ])('refuses ?%s naming %s', async (query, field) => {
    for (const path of ['/api/analytics/employees', '/api/analytics/export.csv']) {
      if (path.endsWith('.csv') && field.startsWith('page')) continue; // the CSV has no pages
      const response = await get('super', `${path}?${query}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: `querystring.${field}`,
      });
    }
  });
});

describe('GET /api/analytics/employees/:id', () => {
  it('today: pie counts, status time rows with flags, metrics, records', async () => {
    const body = await json<EmployeeAnalyticsDetail>(
      'super',
      `/api/analytics/employees/${ana.id}?range=today`,
    );
    expect(body).toEqual({
      range: today,
      employee: {
        id: ana.id,
        username: 'ana',
        full_name: 'Ana Lima',
        team: { id: north.id, name: 'North' },
        created_at: ana.created_at.toISOString(),
      },
      figures: expected.anaToday,
      statusTimes: [
        {
          status: 'available',
          label: 'Available',
          totalSeconds: 7200,
          sessions: 2,
          averageSeconds: 3600,
          flagged: false,
        },
        {
          status: 'on_call',
          label: 'On Call',
          totalSeconds: 180,
          sessions: 2,
          averageSeconds: 90,
          flagged: false,
        },
        {
          status: 'break',
          label: 'Break',
          totalSeconds: 1800, // exactly the threshold: not over it
          sessions: 1,
          averageSeconds: 1800,
          flagged: false,
        },
        {
          status: 'gone_home',
          label: 'Gone Home',
          totalSeconds: 32400, // from midnight only
          sessions: 1,
          averageSeconds: 32400,
          flagged: false,
        },
        {
          status: 'after_call',
          label: 'After Call Work',
          totalSeconds: 181,
          sessions: 2,
          averageSeconds: 90.5, // over 90 s a session
          flagged: true,
        },
      ],
      wrapUpCodes: [{ name: 'No wrap-up code', calls: 3 }],
      records: { calls: 10, statusIntervals: 12, sessions: 2 },
    });
  });

  it('yesterday: the interval running past midnight counts up to it', async () => {
    const body = await json<EmployeeAnalyticsDetail>(
      'super',
      `/api/analytics/employees/${ana.id}?range=yesterday`,
    );
    expect(body.figures).toEqual(expected.anaYesterday);
    expect(body.statusTimes.map((row) => [row.status, row.totalSeconds, row.flagged])).toEqual([
      ['available', 3600, false],
      ['break', 1801, true], // over 1,800 s
      ['lunch', 1800, false],
      ['gone_home', 10800, false],
    ]);
  });

  it('all time; a custom range of the same days gives the same figures', async () => {
    const all = await json<EmployeeAnalyticsDetail>('super', `/api/analytics/employees/${ana.id}`);
    expect(all.figures).toEqual(expected.anaAllTime);
    expect(all.statusTimes.map((row) => [row.status, row.totalSeconds, row.sessions])).toEqual([
      ['available', 10800, 3],
      ['on_call', 180, 2],
      ['break', 3601, 2],
      ['lunch', 1800, 1],
      ['gone_home', 43200, 1],
      ['after_call', 181, 2],
    ]);
    expect(all.statusTimes.find((row) => row.status === 'break')!.flagged).toBe(true);

    const custom = await json<EmployeeAnalyticsDetail>(
      'super',
      `/api/analytics/employees/${ana.id}?from=2026-03-14&to=2026-03-15`,
    );
    expect(custom.range).toMatchObject({ preset: 'custom', from: '2026-03-14', to: '2026-03-15' });
    expect(custom.figures.totalCalls).toBe(
      expected.anaToday.totalCalls + expected.anaYesterday.totalCalls,
    );
    expect(custom.figures.availableSeconds).toBe(7200 + 3600);
  });

  it("an employee with no calls and no status: zeros, 'No status data available'", async () => {
    const quiet = await newEmployee(t.db);
    const body = await json<EmployeeAnalyticsDetail>(
      'super',
      `/api/analytics/employees/${quiet.id}`,
    );
    expect(body.figures).toEqual(noFigures);
    expect(body.statusTimes).toEqual([]);
    expect(body.records).toEqual({ calls: 0, statusIntervals: 0, sessions: 0 });
    await t.db.deleteFrom('users').where('id', '=', quiet.id).execute();
  });

  it('outside the scope an employee is not found; employees may not look', async () => {
    expect((await get('northAdmin', `/api/analytics/employees/${cy.id}`)).statusCode).toBe(404);
    expect((await get('northLeader', `/api/analytics/employees/${dee.id}`)).statusCode).toBe(404);
    expect((await get('northAdmin', `/api/analytics/employees/${ben.id}`)).statusCode).toBe(200);
    expect((await get('teamless', `/api/analytics/employees/${cy.id}`)).statusCode).toBe(200);
    expect((await get('super', `/api/analytics/employees/${northAdmin.id}`)).statusCode).toBe(404);
    expect(
      (await get('super', '/api/analytics/employees/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await get('ana', `/api/analytics/employees/${ana.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/agent/analytics', () => {
  it("is the agent's own detail, the same as an admin sees", async () => {
    for (const range of ['today', 'yesterday', 'all']) {
      const own = await json<EmployeeAnalyticsDetail>('ana', `/api/agent/analytics?range=${range}`);
      const admins = await json<EmployeeAnalyticsDetail>(
        'super',
        `/api/analytics/employees/${ana.id}?range=${range}`,
      );
      expect(own).toEqual(admins);
    }
  });

  it('is for employees only', async () => {
    expect((await get('super', '/api/agent/analytics')).statusCode).toBe(403);
  });
});

describe('GET /api/analytics/trends', () => {
  /** A bar of nothing: no calls, no status time. */
  const emptyBucket = (start: string) => ({
    start,
    answered: 0,
    declined: 0,
    missed: 0,
    answerRatePercent: null,
    averageHandleSeconds: null,
    statusSeconds: {},
  });
  const trendOf = (viewer: Viewer, query: string) =>
    json<AnalyticsTrend>(viewer, `/api/analytics/trends?${query}`);
  const statusSecondsOf = (detail: EmployeeAnalyticsDetail) =>
    Object.fromEntries(
      detail.statusTimes
        .filter((row) => row.totalSeconds > 0)
        .map((row) => [row.status, row.totalSeconds]),
    );

  it("a day's bar is that day's detail: calls by outcome, answer rate, handle time, status time", async () => {
    const trend = await trendOf('super', `employeeId=${ana.id}&range=last7`);
    expect(trend.unit).toBe('day');
    expect(trend.range.preset).toBe('last7');
    expect(trend.buckets.map((bucket) => bucket.start)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    for (const [day, bucket] of [
      ['yesterday', trend.buckets[5]!],
      ['today', trend.buckets[6]!],
    ] as const) {
      const detail = await json<EmployeeAnalyticsDetail>(
        'super',
        `/api/analytics/employees/${ana.id}?range=${day}`,
      );
      expect(bucket).toEqual({
        start: bucket.start,
        answered: detail.figures.answered,
        declined: detail.figures.declined,
        missed: detail.figures.missed,
        answerRatePercent: detail.figures.answerRatePercent,
        averageHandleSeconds: detail.figures.averageHandleSeconds,
        // The open interval counts up to now; the one across midnight on both days.
        statusSeconds: statusSecondsOf(detail),
      });
    }
    // Hand-checked: today's inbound calls with an outcome, 3 of 5 answered; 210 s over 3 handled.
    expect(trend.buckets[6]).toMatchObject({
      answered: 4,
      declined: 1,
      missed: 1,
      answerRatePercent: 60,
      averageHandleSeconds: 70,
    });
    expect(trend.buckets[6]!.statusSeconds.gone_home).toBe(32_400);
    expect(trend.buckets[5]!.statusSeconds.gone_home).toBe(10_800);
    expect(trend.buckets[0]).toEqual(emptyBucket('2026-03-09'));
    // Every status with time, in the catalogue's order, with the spec's labels.
    expect(trend.statuses.map((status) => status.status)).toEqual([
      'available',
      'on_call',
      'break',
      'lunch',
      'gone_home',
      'after_call',
    ]);
    expect(trend.statuses[5]).toEqual({ status: 'after_call', label: 'After Call Work' });
  });

  it('all time starts on the first day with data; the days add up to the detail', async () => {
    const trend = await trendOf('super', `employeeId=${ana.id}`);
    expect(trend.buckets).toHaveLength(15);
    expect(trend.buckets[0]!.start).toBe('2026-03-01');
    const all = await json<EmployeeAnalyticsDetail>('super', `/api/analytics/employees/${ana.id}`);
    const sum = (pick: (bucket: AnalyticsTrend['buckets'][number]) => number) =>
      trend.buckets.reduce((total, bucket) => total + pick(bucket), 0);
    expect(sum((bucket) => bucket.answered)).toBe(all.figures.answered);
    expect(sum((bucket) => bucket.missed)).toBe(all.figures.missed);
    expect(sum((bucket) => bucket.statusSeconds.available ?? 0)).toBe(all.figures.availableSeconds);
  });

  it('past 92 days a bar is a week, starting on Monday, and the weeks add up', async () => {
    const trend = await trendOf('super', `teamId=${north.id}&from=2025-12-01&to=2026-03-15`);
    expect(trend.unit).toBe('week');
    expect(trend.buckets[0]!.start).toBe('2025-12-01'); // a Monday
    expect(trend.buckets.at(-1)!.start).toBe('2026-03-09');
    expect(trend.buckets).toHaveLength(15);
    const teams = await json<TeamAnalyticsList>('super', '/api/analytics/teams');
    const northFigures = teams.teams.find((team) => team.id === north.id)!.figures;
    expect(trend.buckets.reduce((total, bucket) => total + bucket.answered, 0)).toBe(
      northFigures.answered,
    );
  });

  it("a team's trend is its employees' together; each admin sees their scope", async () => {
    const today = await trendOf('super', `teamId=${north.id}&range=today`);
    const cards = await json<EmployeeAnalyticsList>(
      'super',
      `/api/analytics/employees?teamId=${north.id}&range=today`,
    );
    expect(today.buckets).toHaveLength(1);
    expect(today.buckets[0]!.answered).toBe(
      cards.employees.reduce((total, card) => total + card.figures.answered, 0),
    );
    expect(today.buckets[0]!.statusSeconds.after_call).toBe(90 + 91 + 3500);
    // An admin's scope is their team, whatever they ask.
    expect(await trendOf('northAdmin', 'range=today')).toEqual(today);
    expect(await trendOf('northLeader', 'range=today')).toEqual(today);
    expect((await trendOf('northAdmin', `teamId=${south.id}&range=today`)).buckets[0]).toEqual(
      emptyBucket('2026-03-15'),
    );
    expect((await get('northAdmin', `/api/analytics/trends?employeeId=${cy.id}`)).statusCode).toBe(
      404,
    );
    // An admin without a team, and the super admin, see the whole centre.
    const centre = await trendOf('super', 'range=today');
    expect(await trendOf('teamless', 'range=today')).toEqual(centre);
    expect(centre.buckets[0]!.answered).toBe(today.buckets[0]!.answered + 1 + 1); // cy, dee
  });

  it('refuses employees and strangers, and bad ids with a message naming the field', async () => {
    expect((await get('ana', '/api/analytics/trends')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/analytics/trends' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await get('super', '/api/analytics/trends?employeeId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('querystring.employeeId');
  });

  it("GET /api/agent/analytics/trends is the agent's own, as an admin sees it", async () => {
    for (const range of ['today', 'last7', 'all']) {
      expect(
        await json<AnalyticsTrend>('ana', `/api/agent/analytics/trends?range=${range}`),
      ).toEqual(await trendOf('super', `employeeId=${ana.id}&range=${range}`));
    }
    expect((await get('super', '/api/agent/analytics/trends')).statusCode).toBe(403);
  });
});

/** RFC 4180 rows of a CSV body (after its byte-order mark). */
function parseCsv(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.slice(1);
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell).toBe('');
  return rows;
}

const asNumber = (cell: string) => (cell === '' ? null : Number(cell));

describe('GET /api/analytics/export.csv', () => {
  it('the employee cards as CSV, the same numbers as the JSON, the range in the file name', async () => {
    const query = `teamId=${north.id}&range=today`;
    const list = await json<EmployeeAnalyticsList>('super', `/api/analytics/employees?${query}`);
    const response = await get('super', `/api/analytics/export.csv?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-agents-2026-03-15_2026-03-15.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Full Name',
      'Username',
      'Team',
      'Total Calls',
      'Answered',
      'Declined',
      'Not Answered',
      'Call Duration (s)',
      'Performance (%)',
      'Answer Rate (%)',
      'Average Handle Time (s)',
      'Average After-Call Work (s)',
      'Occupancy (%)',
      'Available (s)',
      'On Call (s)',
      'After Call Work (s)',
    ]);
    expect(rows).toHaveLength(list.employees.length);
    list.employees.forEach((employee, index) => {
      const row = rows[index]!;
      const f = employee.figures;
      expect(row.slice(0, 3)).toEqual([employee.full_name ?? '', employee.username, 'North']);
      expect(row.slice(3).map(asNumber)).toEqual([
        f.totalCalls,
        f.answered,
        f.declined,
        f.missed,
        f.callDurationSeconds,
        f.performancePercent,
        f.answerRatePercent,
        f.averageHandleSeconds,
        f.averageAfterCallSeconds,
        f.occupancyPercent,
        f.availableSeconds,
        f.onCallSeconds,
        f.afterCallSeconds,
      ]);
    });
  });

  it('all time in the file name; cells that look like formulas are defused', async () => {
    const response = await get('super', '/api/analytics/export.csv?search=dee');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-agents-all-time.csv"',
    );
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil""), Dee",dee,,1,`);
    expect(parseCsv(response.body)[1]!.slice(0, 3)).toEqual([
      `'=HYPERLINK("http://evil"), Dee`,
      'dee',
      '',
    ]);
  });

  it("one employee's calls and status intervals add up to the detail's figures", async () => {
    const detail = await json<EmployeeAnalyticsDetail>(
      'super',
      `/api/analytics/employees/${ana.id}?range=today`,
    );
    const response = await get(
      'super',
      `/api/analytics/export.csv?employeeId=${ana.id}&range=today`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-ana-2026-03-15_2026-03-15.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Record',
      'Started (America/New_York)',
      'Ended (America/New_York)',
      'Seconds',
      'Status',
      'Call Type',
      'Call Status',
      'Phone Number',
      'Notes',
      'Wrap-up Code',
    ]);
    const calls = rows.filter((row) => row[0] === 'Call');
    const statuses = rows.filter((row) => row[0] === 'Status');
    expect(calls).toHaveLength(detail.figures.totalCalls);
    expect(calls.filter((row) => row[6] === 'Not Answered')).toHaveLength(detail.figures.missed);
    expect(calls.reduce((sum, row) => sum + (asNumber(row[3]!) ?? 0), 0)).toBe(
      detail.figures.callDurationSeconds,
    );
    const secondsByStatus = new Map<string, number>();
    for (const row of statuses) {
      secondsByStatus.set(row[4]!, (secondsByStatus.get(row[4]!) ?? 0) + Number(row[3]));
    }
    expect(Object.fromEntries(secondsByStatus)).toEqual(
      Object.fromEntries(detail.statusTimes.map((row) => [row.label, row.totalSeconds])),
    );
    expect(statuses).toHaveLength(detail.statusTimes.reduce((sum, row) => sum + row.sessions, 0));
    // By start, local time with its offset; the interval from yesterday shows its real start.
    expect(rows[0]!.slice(0, 5)).toEqual([
      'Status',
      '2026-03-14T21:00:00-04:00',
      '2026-03-15T09:00:00-04:00',
      '32400',
      'Gone Home',
    ]);
    expect(rows.at(-1)!.slice(0, 5)).toEqual(['Call', '2026-03-15T11:59:00-04:00', '', '', '']);
  });

  it('quotes notes with commas, quotes and line breaks', async () => {
    const response = await get('super', `/api/analytics/export.csv?employeeId=${dee.id}`);
    expect(response.body).toContain(`"'@callback, said ""later""\nline two"`);
    const [, row] = parseCsv(response.body);
    expect(row).toEqual([
      'Call',
      '2026-03-15T10:00:00-04:00',
      '2026-03-15T10:00:10-04:00',
      '10',
      '',
      'inbound',
      'Answered',
      '12125550100',
      `'@callback, said "later"\nline two`,
      'No wrap-up code',
    ]);
  });

  it('keeps to the scope', async () => {
    expect(
      (await get('northAdmin', `/api/analytics/export.csv?employeeId=${cy.id}`)).statusCode,
    ).toBe(404);
    const own = parseCsv((await get('northAdmin', '/api/analytics/export.csv')).body);
    expect(own.slice(1).map((row) => row[1])).toEqual(['ana', 'ben']);
    expect((await get('ana', '/api/analytics/export.csv')).statusCode).toBe(403);
  });

  it.each([
    ['plain', 'plain'],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    [' =1+2', "' =1+2"],
    ['\t=1+2', "'\t=1+2"],
    ['\u00A0@SUM(A1)', "'\u00A0@SUM(A1)"],
    ['  +1', "'  +1"],
    ['\r\n-1', '"\'\r\n-1"'],
    [' leading space', ' leading space'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [-5, '-5'],
    [12.5, '12.5'],
    [null, ''],
  ])('csvCell(%j) → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('deleting an employee from the analytics page (DELETE /api/employees/:id)', () => {
  it('erases the employee and everything of theirs, with an audit row', async () => {
    const leaving = await newEmployee(t.db, { username: 'leaving' });
    await joinTeam(t.db, north, leaving);
    await fullName(leaving, 'Leaving Agent');
    await call(t.db, leaving, '2026-03-15T14:00:00Z', 'answered', { seconds: 30 });
    await interval(t.db, leaving, 'available', '2026-03-15T14:00:00Z', null);
    await t.db
      .insertInto('employee_sessions')
      .values({ user_id: leaving.id, session_date: '2026-03-15', session_start: NOW })
      .execute();
    await signInAs(t, leaving); // an auth session too

    const detail = await json<EmployeeAnalyticsDetail>(
      'northLeader',
      `/api/analytics/employees/${leaving.id}`,
    );
    expect(detail.records).toEqual({ calls: 1, statusIntervals: 1, sessions: 1 });
    expect((await get('super', `/api/employees/${leaving.id}`, 'DELETE')).json()).toEqual({
      ok: true,
    });
    for (const table of [
      'call_logs',
      'employee_status_log',
      'employee_sessions',
      'employee_info',
      'team_members',
      'auth_sessions',
    ] as const) {
      const left = await t.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', leaving.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_name'])
      .where('action', '=', 'employee.deleted')
      .where('target_id', '=', leaving.id)
      .execute();
    expect(audit).toEqual([{ actor_id: superAdmin.id, target_name: 'leaving' }]);
    expect((await get('super', `/api/analytics/employees/${leaving.id}`)).statusCode).toBe(404);
    expect((await get('super', `/api/employees/${leaving.id}`, 'DELETE')).statusCode).toBe(404);
  });

  it('keeps to the scope: out of it is not found, and nothing is erased', async () => {
    const response = await get('northAdmin', `/api/employees/${cy.id}`, 'DELETE');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await get('super', `/api/analytics/employees/${cy.id}`)).statusCode).toBe(200);
    expect((await get('ana', `/api/employees/${ana.id}`, 'DELETE')).statusCode).toBe(403);
  });
});

describe('ranges agree with PostgreSQL', () => {
  it.each(['2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02', '2026-07-04'])(
    'the first instant of %s in New York',
    async (date) => {
      const result = await sql<{ start: Date }>`
        SELECT (${date}::date::timestamp AT TIME ZONE 'America/New_York') AS start
      `.execute(t.db);
      expect(startOfDayIn(date, 'America/New_York')).toEqual(result.rows[0]!.start);
    },
  );
});

/** A second floor whose size we choose, and a db that counts the queries through it. */
const floor = await createTestApp();
floor.clock.set(NOW);
const floorTeam = await newTeam(floor.db, { name: 'Floor' });
const boss = await newSuperAdmin(floor.db);

describe('SQL queries per view', () => {
  const agents: { id: string; username: string }[] = [];

  async function growTo(size: number) {
    while (agents.length < size) {
      const agent = await newEmployee(floor.db);
      await joinTeam(floor.db, floorTeam, agent);
      await call(floor.db, agent, '2026-03-15T14:00:00Z', 'answered', { seconds: 60 });
      await call(floor.db, agent, '2026-03-15T14:05:00Z', 'missed');
      await interval(floor.db, agent, 'available', '2026-03-15T13:00:00Z', '2026-03-15T14:00:00Z');
      await interval(floor.db, agent, 'after_call', '2026-03-15T14:01:00Z', null);
      agents.push(agent);
    }
  }

  async function sessionUser(user: { username: string }): Promise<SessionUser> {
    const me = await (await signInAs(floor, user)).as('GET', '/api/auth/me');
    return me.json().user;
  }

  /** How many queries each view sends, at the floor's current size. */
  async function queriesPerView() {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    };
    const ctx = { ...floor.ctx, db: floor.db.withPlugin(counter) };
    const admin = await sessionUser(boss);
    const agent = await sessionUser(agents[0]!);
    const today = { preset: 'today' } as const;
    const count = async (view: () => Promise<unknown>) => {
      queries = 0;
      await view();
      return queries;
    };
    return {
      teams: await count(() => analytics.teamAnalytics(ctx, today)),
      employees: await count(() => analytics.employeeAnalyticsList(ctx, admin, {}, today)),
      sortedFlaggedPage: await count(() =>
        analytics.employeeAnalyticsList(
          ctx,
          admin,
          {
            sort: { column: 'answerRate', descending: true },
            flagged: true,
            page: 2,
            pageSize: 25,
          },
          today,
        ),
      ),
      detail: await count(() => analytics.employeeAnalyticsDetail(ctx, admin, agent.id, today)),
      own: await count(() => analytics.ownAnalytics(ctx, agent, today)),
      listCsv: await count(() => analytics.exportCsv(ctx, admin, {}, today)),
      employeeCsv: await count(() =>
        analytics.exportCsv(ctx, admin, { employeeId: agent.id }, today),
      ),
    };
  }

  it('a fixed number of queries per view, whether the floor has 2 agents or 10', async () => {
    await growTo(2);
    const small = await queriesPerView();
    const list = await analytics.employeeAnalyticsList(
      floor.ctx,
      await sessionUser(boss),
      {},
      {
        preset: 'today',
      },
    );
    expect(list.employees).toHaveLength(2);
    await growTo(10);
    const large = await queriesPerView();
    expect(large).toEqual(small);
    expect(small).toEqual({
      // The team cards with their statuses' seconds, and their calls' figures, sent together.
      teams: 2,
      employees: 1, // the page and its counts together
      sortedFlaggedPage: 1,
      detail: 2, // the figures, then the calls by wrap-up code
      own: 2,
      listCsv: 1,
      employeeCsv: 2, // the scope check, then the rows
    });
  });
});

/**
 * A floor of 30 agents for paging: pg_i has i % 5 answered inbound calls of (i + 1) × 10 s and
 * i % 3 missed ones; every fourth takes a 1,801 s break today (flagged).
 */
const paged = await createTestApp();
paged.clock.set(NOW);
const pagedTeam = await newTeam(paged.db, { name: 'Paged' });
const pagedBoss = await newSuperAdmin(paged.db);
const pagedLeader = await newAdmin(paged.db);
await joinTeam(paged.db, pagedTeam, pagedLeader, 'team_leader');
interface PagedAgent {
  username: string;
  calls: number;
  answerRate: number | null;
  handleTime: number | null;
  flags: number;
}
const pagedAgents: PagedAgent[] = [];
for (let i = 0; i < 30; i += 1) {
  const username = `pg_${String(i).padStart(2, '0')}`;
  const agent = await newEmployee(paged.db, { username });
  if (i < 20) await joinTeam(paged.db, pagedTeam, agent);
  const answered = i % 5;
  const missed = i % 3;
  for (let n = 0; n < answered; n += 1) {
    await call(paged.db, agent, `2026-03-15T1${n}:00:00Z`, 'answered', { seconds: (i + 1) * 10 });
  }
  for (let n = 0; n < missed; n += 1) {
    await call(paged.db, agent, `2026-03-15T1${n}:30:00Z`, 'missed');
  }
  const isFlagged = i % 4 === 0;
  if (isFlagged) {
    await interval(paged.db, agent, 'break', '2026-03-15T05:00:00Z', '2026-03-15T05:30:01Z');
  }
  pagedAgents.push({
    username,
    calls: answered + missed,
    answerRate: answered + missed === 0 ? null : answered / (answered + missed),
    handleTime: answered === 0 ? null : (i + 1) * 10,
    flags: isFlagged ? 1 : 0,
  });
}
const pagedCookie = (await signInAs(paged, pagedBoss)).cookie;
const pagedLeaderCookie = (await signInAs(paged, pagedLeader)).cookie;

describe('GET /api/analytics/employees: pages of a larger floor', () => {
  async function page(query: string, cookie = pagedCookie) {
    const response = await paged.app.inject({
      method: 'GET',
      url: `/api/analytics/employees?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EmployeeAnalyticsList>();
  }
  const names = (body: EmployeeAnalyticsList) => body.employees.map((e) => e.username);

  /** The model's order: the key (empty values last either way), then the username. */
  function expectedOrder(key: (agent: PagedAgent) => number | null, descending: boolean) {
    return pagedAgents
      .toSorted((a, b) => {
        const x = key(a);
        const y = key(b);
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
        } else if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
        return a.username < b.username ? -1 : 1;
      })
      .map((agent) => agent.username);
  }

  it('pages by username; a page past the last answers the last', async () => {
    const first = await page('pageSize=25');
    expect(first).toMatchObject({ total: 30, matching: 30, page: 1, pageSize: 25 });
    expect(names(first)).toEqual(pagedAgents.slice(0, 25).map((agent) => agent.username));
    const second = await page('pageSize=25&page=2');
    expect(second).toMatchObject({ page: 2, matching: 30 });
    expect(names(second)).toEqual(['pg_25', 'pg_26', 'pg_27', 'pg_28', 'pg_29']);
    const past = await page('pageSize=25&page=9');
    expect(past).toMatchObject({ page: 2, pageSize: 25, total: 30, matching: 30 });
    expect(past.employees).toEqual(second.employees);
    expect(employeeAnalyticsListSchema.parse(past)).toEqual(past);
  });

  it.each([
    ['totalCalls', (agent: PagedAgent) => agent.calls],
    ['answerRate', (agent: PagedAgent) => agent.answerRate],
    ['handleTime', (agent: PagedAgent) => agent.handleTime],
    ['flags', (agent: PagedAgent) => agent.flags],
  ] as const)('sort=%s both ways, across pages, empty values last', async (column, key) => {
    for (const descending of [false, true]) {
      const sort = `${descending ? '-' : ''}${column}`;
      const pages = [
        ...names(await page(`sort=${sort}&pageSize=25`)),
        ...names(await page(`sort=${sort}&pageSize=25&page=2`)),
      ];
      expect(pages, sort).toEqual(expectedOrder(key, descending));
    }
  });

  it('the figures a sort reads are those of the cards', async () => {
    const cards = (await page('sort=-handleTime&pageSize=100')).employees;
    const handleTimes = cards.map((card) => card.figures.averageHandleSeconds);
    expect(handleTimes.slice(0, 3)).toEqual([300, 290, 280]);
    expect(handleTimes.slice(-6)).toEqual(Array(6).fill(null));
  });

  it('flagged=true with pages: every fourth agent, the rest of the floor still counted', async () => {
    const flagged = await page('flagged=true&pageSize=25');
    expect(flagged).toMatchObject({ total: 30, matching: 8, page: 1 });
    expect(names(flagged)).toEqual(
      pagedAgents.filter((agent) => agent.flags > 0).map((agent) => agent.username),
    );
    expect(flagged.employees.every((card) => card.flaggedStatuses.join() === 'break')).toBe(true);
    const mine = await page('flagged=true&sort=-totalCalls', pagedLeaderCookie);
    expect(mine).toMatchObject({ total: 20, matching: 5 });
    // 5 calls each, then 2 each, then none; ties by username.
    expect(names(mine)).toEqual(['pg_04', 'pg_08', 'pg_12', 'pg_16', 'pg_00']);
  });

  it('the CSV holds every card the filters keep, in the sort order, not one page', async () => {
    const csv = async (query: string) => {
      const response = await paged.app.inject({
        method: 'GET',
        url: `/api/analytics/export.csv?${query}`,
        headers: { cookie: pagedCookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return parseCsv(response.body)
        .slice(1)
        .map((row) => row[1]);
    };
    expect(await csv('')).toEqual(pagedAgents.map((agent) => agent.username));
    expect(await csv('sort=-totalCalls')).toEqual(expectedOrder((a) => a.calls, true));
    expect(await csv('flagged=true&sort=-name')).toEqual([
      'pg_28',
      'pg_24',
      'pg_20',
      'pg_16',
      'pg_12',
      'pg_08',
      'pg_04',
      'pg_00',
    ]);
  });

  it("an ACW interval across the range's start is one of its sessions, as in the detail", async () => {
    const edgeTeam = await newTeam(paged.db, { name: 'Edge' });
    const edge = await newEmployee(paged.db, { username: 'edge' });
    await joinTeam(paged.db, edgeTeam, edge);
    // 03:58:20 to 04:01:40Z: 100 s before New York's midnight, 100 s after; then 60 s today.
    // Today: 160 s in 2 sessions, 80 s each: not flagged (counted as 1 session it would be).
    await interval(paged.db, edge, 'after_call', '2026-03-15T03:58:20Z', '2026-03-15T04:01:40Z');
    await interval(paged.db, edge, 'after_call', '2026-03-15T10:00:00Z', '2026-03-15T10:01:00Z');
    for (const [range, flags] of [
      ['today', []],
      ['yesterday', ['after_call']], // 100 s in its 1 session
      ['all', ['after_call']], // 260 s in 2
    ] as const) {
      const cards = await page(`teamId=${edgeTeam.id}&range=${range}`);
      expect(cards.employees[0]!.flaggedStatuses, range).toEqual(flags);
      const flaggedOnly = await page(`teamId=${edgeTeam.id}&range=${range}&flagged=true`);
      expect(flaggedOnly.matching, range).toBe(flags.length);
      const detail = await paged.app.inject({
        method: 'GET',
        url: `/api/analytics/employees/${edge.id}?range=${range}`,
        headers: { cookie: pagedCookie },
      });
      const rows = detail.json<EmployeeAnalyticsDetail>().statusTimes;
      expect(rows.filter((row) => row.flagged).map((row) => row.status)).toEqual(flags);
    }
  });
});
