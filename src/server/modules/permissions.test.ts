import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_ANSWER,
  DEFAULT_PASSWORD,
  joinTeam,
  newAdmin,
  newEmployee,
  newTeam,
} from '../test/factories';
import { hashToken } from './auth/sessions';
import { type RoleName, roleNames, signInEveryRole } from '../test/roles';
import { connectLive } from '../test/agent';
import { type Method, postSignIn, signInAs } from '../test/sign-in';
import { createTestApp } from '../test/test-app';

/**
 * Every admin and team endpoint × every role → the expected status (spec §6, DESIGN.md).
 * Each call gets fresh targets where the call changes or consumes them.
 */
const t = await createTestApp();
const world = await signInEveryRole(t);
const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

interface Cell {
  method: Method;
  url: string;
  payload?: object;
  /** Instead of the role's session in `world` (a cell that ends the session it uses). */
  cookie?: string;
}

const denied = { anonymous: 401, employee: 403 } as const;
/** Anyone, signed in or not. */
const everyone = (status: number) =>
  Object.fromEntries(roleNames.map((role) => [role, status])) as Record<RoleName, number>;
/** Anyone signed in. */
const signedIn = (ok: number) => ({ ...everyone(ok), anonymous: 401 });
/** Only a super admin may. */
const superOnly = (ok: number) => ({
  ...denied,
  'admin with a team': 403,
  'admin without a team': 403,
  'team leader': 403,
  'super admin': ok,
});
/** The led team's leader and a super admin may. */
const leaderOrSuper = (ok: number) => ({ ...superOnly(ok), 'team leader': ok });

/** Any admin may, within their scope. */
const anyAdmin = (ok: number) => ({
  ...superOnly(ok),
  'admin with a team': ok,
  'admin without a team': ok,
  'team leader': ok,
});

/** The team an admin of this role registers into and finds employees in: their own, if any. */
function teamInScopeOf(role: RoleName) {
  if (role === 'team leader') return world.ledTeam;
  if (role === 'admin with a team' || role === 'employee') return world.otherTeam;
  return world.ledTeam;
}
async function employeeInScopeOf(role: RoleName) {
  const employee = await newEmployee(t.db);
  await joinTeam(t.db, teamInScopeOf(role), employee);
  return employee;
}

/** A second session of the role's user (the world's stays usable), none for anonymous. */
async function secondSessionOf(role: RoleName) {
  if (role === 'anonymous') return undefined;
  return (await signInAs(t, world.users[role])).cookie;
}

/** The API docs (public), each route with its answer: the old index path redirects. */
const docsRoutes = [
  ['/api/docs', 200],
  ['/api/docs/json', 200],
  ['/api/docs/yaml', 200],
  ['/api/docs/static/index.html', 302],
  ['/api/docs/static/swagger-initializer.js', 200],
  ['/api/docs/static/theme/favicon.svg', 200],
  ['/api/docs/static/*', 200],
] as const;

const matrix: {
  name: string;
  expected: Record<RoleName, number>;
  cell: (role: RoleName) => Promise<Cell>;
}[] = [
  {
    name: 'GET /api/health',
    expected: everyone(200),
    cell: async () => ({ method: 'GET', url: '/api/health' }),
  },
  {
    name: 'GET /api/clock',
    expected: everyone(200),
    cell: async () => ({ method: 'GET', url: '/api/clock' }),
  },
  {
    name: 'GET /api/openapi.json',
    expected: everyone(200),
    cell: async () => ({ method: 'GET', url: '/api/openapi.json' }),
  },
  {
    name: 'GET /api/asyncapi.json',
    expected: everyone(200),
    cell: async () => ({ method: 'GET', url: '/api/asyncapi.json' }),
  },
  ...docsRoutes.map(([route, status]) => ({
    name: `GET ${route}`,
    expected: everyone(status),
    cell: async (): Promise<Cell> => ({
      method: 'GET',
      url: route.replace('*', 'swagger-ui.css'),
    }),
  })),
  {
    name: 'GET /api/setup',
    expected: everyone(200),
    cell: async () => ({ method: 'GET', url: '/api/setup' }),
  },
  {
    // Once there is a super admin, first-run setup is closed to everyone.
    name: 'POST /api/setup',
    expected: everyone(403),
    cell: async () => ({
      method: 'POST',
      url: '/api/setup',
      payload: {
        username: unique('root'),
        password: 'root-pass-1',
        confirmPassword: 'root-pass-1',
        securityQuestion: 'What is your favorite book?',
        securityAnswer: 'Dune',
      },
    }),
  },
  {
    name: 'POST /api/auth/sign-in',
    expected: everyone(200),
    cell: async () => ({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: (await newEmployee(t.db)).username, password: DEFAULT_PASSWORD },
    }),
  },
  {
    name: 'POST /api/auth/sign-out',
    expected: signedIn(200),
    cell: async (role) => ({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: await secondSessionOf(role),
    }),
  },
  {
    name: 'GET /api/auth/me',
    expected: signedIn(200),
    cell: async () => ({ method: 'GET', url: '/api/auth/me' }),
  },
  {
    // Signed out is an answer (no user), not a refusal: pages ask it on every load.
    name: 'GET /api/auth/session',
    expected: everyone(200),
    cell: async () => ({ method: 'GET', url: '/api/auth/session' }),
  },
  {
    name: 'POST /api/auth/reset/question',
    expected: everyone(200),
    cell: async () => ({
      method: 'POST',
      url: '/api/auth/reset/question',
      payload: { username: (await newAdmin(t.db)).username },
    }),
  },
  {
    name: 'POST /api/auth/reset/answer',
    expected: everyone(200),
    cell: async () => ({
      method: 'POST',
      url: '/api/auth/reset/answer',
      payload: { username: (await newAdmin(t.db)).username, answer: DEFAULT_ANSWER },
    }),
  },
  {
    name: 'POST /api/auth/reset/password',
    expected: everyone(200),
    cell: async () => {
      const answered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset/answer',
        payload: { username: (await newAdmin(t.db)).username, answer: DEFAULT_ANSWER },
      });
      const { resetToken } = answered.json<{ resetToken: string }>();
      return {
        method: 'POST',
        url: '/api/auth/reset/password',
        payload: { resetToken, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
      };
    },
  },
  {
    name: 'GET /api/admins',
    expected: superOnly(200),
    cell: async () => ({ method: 'GET', url: '/api/admins' }),
  },
  {
    name: 'POST /api/admins',
    expected: superOnly(201),
    cell: async () => {
      const password = 'admin-pass';
      return {
        method: 'POST',
        url: '/api/admins',
        payload: {
          username: unique('new_admin'),
          password,
          confirmPassword: password,
          securityQuestion: 'What is your favorite book?',
          securityAnswer: 'Dune',
        },
      };
    },
  },
  {
    name: 'PATCH /api/admins/:id',
    expected: superOnly(200),
    cell: async () => {
      const admin = await newAdmin(t.db);
      return {
        method: 'PATCH',
        url: `/api/admins/${admin.id}`,
        payload: { username: unique('renamed') },
      };
    },
  },
  {
    name: 'DELETE /api/admins/:id',
    expected: superOnly(200),
    cell: async () => ({ method: 'DELETE', url: `/api/admins/${(await newAdmin(t.db)).id}` }),
  },
  {
    name: 'GET /api/teams',
    expected: { ...superOnly(200), 'admin without a team': 200, 'team leader': 200 },
    cell: async () => ({ method: 'GET', url: '/api/teams' }),
  },
  {
    name: 'POST /api/teams',
    expected: superOnly(201),
    cell: async () => ({ method: 'POST', url: '/api/teams', payload: { name: unique('Team') } }),
  },
  {
    name: 'PATCH /api/teams/:id',
    expected: superOnly(200),
    cell: async () => ({
      method: 'PATCH',
      url: `/api/teams/${world.ledTeam.id}`,
      payload: { name: world.ledTeam.name, description: unique('about') },
    }),
  },
  {
    name: 'DELETE /api/teams/:id',
    expected: superOnly(200),
    cell: async () => ({ method: 'DELETE', url: `/api/teams/${(await newTeam(t.db)).id}` }),
  },
  {
    name: 'GET /api/teams/:id/members',
    expected: leaderOrSuper(200),
    cell: async () => ({ method: 'GET', url: `/api/teams/${world.ledTeam.id}/members` }),
  },
  {
    name: 'GET /api/teams/:id/candidates',
    expected: leaderOrSuper(200),
    cell: async () => ({ method: 'GET', url: `/api/teams/${world.ledTeam.id}/candidates` }),
  },
  {
    name: 'POST /api/teams/:id/members',
    expected: leaderOrSuper(201),
    cell: async () => ({
      method: 'POST',
      url: `/api/teams/${world.ledTeam.id}/members`,
      payload: { userId: (await newEmployee(t.db)).id, role: 'member' },
    }),
  },
  {
    name: 'GET /api/teams/:id/wrap-up',
    expected: leaderOrSuper(200),
    cell: async () => ({ method: 'GET', url: `/api/teams/${world.ledTeam.id}/wrap-up` }),
  },
  {
    name: 'PUT /api/teams/:id/wrap-up/rules',
    expected: leaderOrSuper(200),
    cell: async () => ({
      method: 'PUT',
      url: `/api/teams/${world.ledTeam.id}/wrap-up/rules`,
      payload: { required: false, afterCallLimitSeconds: null },
    }),
  },
  {
    name: 'POST /api/teams/:id/wrap-up/codes',
    expected: leaderOrSuper(201),
    cell: async () => ({
      method: 'POST',
      url: `/api/teams/${world.ledTeam.id}/wrap-up/codes`,
      payload: { name: unique('Code') },
    }),
  },
  {
    name: 'GET /api/teams/:id/inbound',
    expected: leaderOrSuper(200),
    cell: async () => ({ method: 'GET', url: `/api/teams/${world.ledTeam.id}/inbound` }),
  },
  {
    name: 'PUT /api/teams/:id/inbound',
    expected: leaderOrSuper(200),
    cell: async () => ({
      method: 'PUT',
      url: `/api/teams/${world.ledTeam.id}/inbound`,
      payload: { mode: 'per-agent', serviceLevelTargetPercent: 90 },
    }),
  },
  {
    name: 'PATCH /api/teams/:id/wrap-up/codes/:codeId',
    expected: leaderOrSuper(200),
    cell: async () => {
      const code = await t.app.inject({
        method: 'POST',
        url: `/api/teams/${world.ledTeam.id}/wrap-up/codes`,
        payload: { name: unique('Code') },
        headers: { cookie: world.cookies['super admin']! },
      });
      return {
        method: 'PATCH',
        url: `/api/teams/${world.ledTeam.id}/wrap-up/codes/${code.json().code.id}`,
        payload: { active: false },
      };
    },
  },
  {
    name: 'PATCH /api/teams/:id/members/:memberId',
    expected: leaderOrSuper(200),
    cell: async () => {
      const member = await joinTeam(t.db, world.ledTeam, await newEmployee(t.db));
      return {
        method: 'PATCH',
        url: `/api/teams/${world.ledTeam.id}/members/${member.id}`,
        payload: { role: 'team_leader' },
      };
    },
  },
  {
    name: 'DELETE /api/teams/:id/members/:memberId',
    expected: leaderOrSuper(200),
    cell: async () => {
      const member = await joinTeam(t.db, world.ledTeam, await newEmployee(t.db));
      return { method: 'DELETE', url: `/api/teams/${world.ledTeam.id}/members/${member.id}` };
    },
  },
  {
    name: 'GET /api/employees',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/employees' }),
  },
  {
    name: 'GET /api/employees/teams',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/employees/teams' }),
  },
  {
    name: 'POST /api/employees',
    expected: anyAdmin(201),
    cell: async (role) => ({
      method: 'POST',
      url: '/api/employees',
      payload: {
        username: unique('agent'),
        password: 'agent-pass',
        confirmPassword: 'agent-pass',
        teamId: teamInScopeOf(role).id,
      },
    }),
  },
  {
    name: 'PATCH /api/employees/:id',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'PATCH',
      url: `/api/employees/${(await employeeInScopeOf(role)).id}`,
      payload: { username: unique('renamed_agent') },
    }),
  },
  {
    name: 'DELETE /api/employees/:id',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'DELETE',
      url: `/api/employees/${(await employeeInScopeOf(role)).id}`,
    }),
  },
  {
    name: 'GET /api/agent/state',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/agent/state' }),
  },
  {
    name: 'PUT /api/agent/status',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({ method: 'PUT', url: '/api/agent/status', payload: { status: 'break' } }),
  },
  {
    name: 'GET /api/me/profile',
    expected: { ...anyAdmin(200), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/me/profile' }),
  },
  {
    name: 'PATCH /api/me/profile',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({
      method: 'PATCH',
      url: '/api/me/profile',
      payload: { fullName: 'Some Name' },
    }),
  },
  {
    name: 'POST /api/me/password',
    expected: { ...anyAdmin(400), employee: 400 },
    // A wrong current password: the route is reachable, and no one's password changes.
    cell: async () => ({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: 'not-it', password: 'whatever1', confirmPassword: 'whatever1' },
    }),
  },
  {
    name: 'GET /api/me/sessions',
    expected: { ...anyAdmin(200), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/me/sessions' }),
  },
  {
    name: 'DELETE /api/me/sessions/:id',
    expected: { ...anyAdmin(200), employee: 200 },
    cell: async (role) => {
      if (role === 'anonymous') {
        return { method: 'DELETE', url: '/api/me/sessions/00000000-0000-4000-8000-000000000000' };
      }
      // A second session of this role's user, to end.
      const user = world.users[role];
      const token = (await postSignIn(t, user.username)).cookies[0]!.value;
      const second = await t.db
        .selectFrom('auth_sessions')
        .select('id')
        .where('token_hash', '=', hashToken(t.config.sessionSecret!, token))
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `/api/me/sessions/${second.id}` };
    },
  },
  {
    name: 'DELETE /api/me/sessions',
    expected: { ...anyAdmin(200), employee: 200 },
    cell: async (role) => {
      // Another session of this role's user ends; the world's (the one asking) stays.
      await secondSessionOf(role);
      return { method: 'DELETE', url: '/api/me/sessions' };
    },
  },
  {
    name: 'GET /api/dashboard',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/dashboard' }),
  },
  {
    name: 'GET /api/analytics/teams',
    expected: superOnly(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/teams?range=today' }),
  },
  {
    name: 'GET /api/analytics/employees',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/employees?range=last7' }),
  },
  {
    name: 'GET /api/analytics/employees/:id',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'GET',
      url: `/api/analytics/employees/${(await employeeInScopeOf(role)).id}`,
    }),
  },
  {
    name: 'GET /api/analytics/employees/:id/calls',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'GET',
      url: `/api/analytics/employees/${(await employeeInScopeOf(role)).id}/calls`,
    }),
  },
  {
    name: 'GET /api/analytics/employees/:id/calls/:callId',
    expected: anyAdmin(200),
    cell: async (role) => {
      const employee = await employeeInScopeOf(role);
      const now = t.clock.now();
      const call = await t.db
        .insertInto('call_logs')
        .values({
          user_id: employee.id,
          phone_number: '12125550100',
          call_type: 'inbound',
          time_received: now,
          call_status: 'missed',
          ended_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        method: 'GET',
        url: `/api/analytics/employees/${employee.id}/calls/${call.id}`,
      };
    },
  },
  {
    name: 'GET /api/analytics/trends',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/trends?range=last7' }),
  },
  {
    name: 'GET /api/analytics/trends?employeeId=',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'GET',
      url: `/api/analytics/trends?employeeId=${(await employeeInScopeOf(role)).id}`,
    }),
  },
  {
    name: 'GET /api/analytics/live',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/live' }),
  },
  {
    name: 'GET /api/analytics/export.csv',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/export.csv' }),
  },
  {
    name: 'GET /api/analytics/export.csv?employeeId=',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'GET',
      url: `/api/analytics/export.csv?employeeId=${(await employeeInScopeOf(role)).id}`,
    }),
  },
  {
    name: 'GET /api/analytics/queues',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/queues?range=today' }),
  },
  {
    name: 'GET /api/analytics/queues/:teamId/intervals',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'GET',
      url: `/api/analytics/queues/${teamInScopeOf(role).id}/intervals?range=today`,
    }),
  },
  {
    name: 'GET /api/analytics/queues/:teamId/intervals?teamId= the led team',
    expected: { ...anyAdmin(200), 'admin with a team': 404 },
    cell: async () => ({
      method: 'GET',
      url: `/api/analytics/queues/${world.ledTeam.id}/intervals?range=today`,
    }),
  },
  {
    name: 'GET /api/analytics/export.csv?view=queues',
    expected: anyAdmin(200),
    cell: async () => ({ method: 'GET', url: '/api/analytics/export.csv?view=queues' }),
  },
  {
    name: 'GET /api/analytics/export.csv?view=queue-intervals',
    expected: anyAdmin(200),
    cell: async (role) => ({
      method: 'GET',
      url: `/api/analytics/export.csv?view=queue-intervals&teamId=${teamInScopeOf(role).id}&range=today`,
    }),
  },
  {
    name: 'GET /api/agent/analytics',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/agent/analytics?range=today' }),
  },
  {
    name: 'GET /api/agent/analytics/trends',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/agent/analytics/trends?range=today' }),
  },
  {
    name: 'GET /api/agent/calls',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/agent/calls?limit=10' }),
  },
  {
    name: 'POST /api/agent/calls/outbound',
    expected: { ...superOnly(403), employee: 200 },
    cell: async (role) => {
      await employeeCall('none');
      if (role === 'employee') {
        await t.app.inject({
          method: 'PUT',
          url: '/api/agent/status',
          payload: { status: 'out_bound' },
          headers: { cookie: world.cookies.employee! },
        });
      }
      return { method: 'POST', url: '/api/agent/calls/outbound', payload: { phoneNumber: '12' } };
    },
  },
  ...(['answer', 'decline'] as const).map((action) => ({
    name: `POST /api/agent/calls/:id/${action}`,
    expected: { ...superOnly(403), employee: 200 },
    cell: async (): Promise<Cell> => {
      const id = await employeeCall('ringing');
      return { method: 'POST', url: `/api/agent/calls/${id}/${action}` };
    },
  })),
  {
    name: 'POST /api/agent/calls/:id/end',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => {
      const id = await employeeCall('active');
      return { method: 'POST', url: `/api/agent/calls/${id}/end` };
    },
  },
  {
    name: 'POST /api/agent/calls/:id/transcript',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => {
      const id = await employeeCall('active');
      const line = { line: 0, speaker: 'caller', text: 'Hello?', at: t.clock.now().toISOString() };
      return {
        method: 'POST',
        url: `/api/agent/calls/${id}/transcript`,
        payload: { lines: [line] },
      };
    },
  },
  {
    name: 'GET /api/agent/wrap-up',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => ({ method: 'GET', url: '/api/agent/wrap-up' }),
  },
  {
    name: 'GET /api/agent/calls/:id',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => {
      const id = await employeeCall('active');
      await employeeCall('none');
      return { method: 'GET', url: `/api/agent/calls/${id}` };
    },
  },
  {
    name: 'PATCH /api/agent/calls/:id',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => {
      const id = await employeeCall('active');
      return { method: 'PATCH', url: `/api/agent/calls/${id}`, payload: { notes: 'Called back' } };
    },
  },
  {
    name: 'POST /api/voice/session',
    expected: { ...superOnly(403), employee: 200 },
    cell: async () => {
      const callId = await employeeCall('active');
      return { method: 'POST', url: '/api/voice/session', payload: { callId } };
    },
  },
  {
    name: 'GET /api/voice/identities',
    expected: superOnly(200),
    cell: async () => ({ method: 'GET', url: '/api/voice/identities' }),
  },
  {
    name: 'GET /api/audit',
    expected: superOnly(200),
    cell: async () => ({ method: 'GET', url: '/api/audit?pageSize=25' }),
  },
  {
    name: 'GET /api/audit/export.csv',
    expected: superOnly(200),
    cell: async () => ({ method: 'GET', url: '/api/audit/export.csv?from=2026-01-01' }),
  },
];

/**
 * A call of the matrix's employee in `phase`, its id; any call of theirs still open is
 * ended first ('none' just does that).
 */
async function employeeCall(phase: 'none' | 'ringing' | 'active') {
  const userId = world.users.employee.id;
  const now = t.clock.now();
  await t.db
    .updateTable('call_logs')
    .set({ call_status: 'missed', ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
  if (phase === 'none') return undefined;
  const row = await t.db
    .insertInto('call_logs')
    .values({
      user_id: userId,
      phone_number: '12125550100',
      call_type: 'inbound',
      time_received: now,
      ...(phase === 'ringing'
        ? { call_status: null, ring_deadline: new Date(now.getTime() + 20_000) }
        : { call_status: 'answered', answered_at: now }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the matrix', () => {
  it('has a row for every route the server registers', () => {
    const covered = new Set([
      ...matrix.map((row) => row.name.replace(/\?.*$/, '')),
      'GET /api/live', // the WebSocket, below
    ]);
    const routes = t.app.routeList
      // Fastify's HEAD twin of each GET, and the web build's files (public, when it is built)
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });
});

describe.each(matrix)('$name', ({ expected, cell }) => {
  it.each(roleNames)('%s', async (role) => {
    const { method, url, payload, ...rest } = await cell(role);
    const cookie = 'cookie' in rest ? rest.cookie : world.cookies[role];
    const response = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode, response.body).toBe(expected[role]);
    if (response.statusCode >= 400) expect(response.json().error.code).toMatch(/^[A-Z_]+$/);
  });
});

/**
 * A caller refused a route is refused whatever they send: no session, 401; the wrong role,
 * 403 — never 400 for input they had no right to send (which would tell them its rules), nor
 * 415 for its content type. Each refusal of the matrix, with a broken body and a bad query.
 */
const refusals = matrix.flatMap(({ name, expected, cell }) =>
  roleNames
    .filter((role) => expected[role] === 401 || expected[role] === 403)
    .map((role) => ({ name, role, status: expected[role], cell })),
);

describe('refused before the input is read', () => {
  it('covers each kind of refusal', () => {
    expect(refusals.filter((row) => row.status === 401).length).toBeGreaterThan(40);
    expect(refusals.filter((row) => row.role === 'team leader').length).toBeGreaterThan(10);
  });

  it.each(refusals)('$name, $role: $status', async ({ role, status, cell }) => {
    const { method, url, ...rest } = await cell(role);
    const cookie = 'cookie' in rest ? rest.cookie : world.cookies[role];
    const badQuery = `${url.includes('?') ? '&' : '?'}limit=-1&range=never&from=someday`;
    const response = await t.app.inject({
      method,
      url: url + badQuery,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { payload: '{"unterminated": ' }),
    });
    expect(response.statusCode, response.body).toBe(status);
  });

  it('the same broken input from a caller who may is a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: { cookie: world.cookies['super admin']!, 'content-type': 'application/json' },
      payload: '{"unterminated": ',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/live (WebSocket)', () => {
  it.each(roleNames)('%s', async (role) => {
    const cookie = world.cookies[role];
    const live = await connectLive(t.app, cookie ? { cookie } : {});
    if (role === 'anonymous') {
      expect((await live.closed).code).toBe(4401);
    } else if (role === 'employee') {
      // An agent gets their own state.
      expect((await live.waitFor(() => true)).status).toBeDefined();
      live.socket.terminate();
    } else {
      // Every admin gets the live floor of their scope.
      await vi.waitFor(() => expect(live.events[0]?.type).toBe('floor.snapshot'));
      expect(live.events.some((event) => event.type === 'agent.state')).toBe(false);
      live.socket.terminate();
    }
  });
});

describe('cross-scope', () => {
  const asLeader = (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { cookie: world.cookies['team leader']! },
    });

  it("a leader cannot read or change another team's members", async () => {
    const other = world.otherTeam.id;
    const member = await joinTeam(t.db, world.otherTeam, await newEmployee(t.db));
    expect((await asLeader('GET', `/api/teams/${other}/members`)).statusCode).toBe(403);
    expect((await asLeader('GET', `/api/teams/${other}/candidates`)).statusCode).toBe(403);
    expect((await asLeader('GET', `/api/teams/${other}/wrap-up`)).statusCode).toBe(403);
    expect(
      (await asLeader('POST', `/api/teams/${other}/wrap-up/codes`, { name: 'Theirs' })).statusCode,
    ).toBe(403);
    expect(
      (await asLeader('PATCH', `/api/teams/${other}/members/${member.id}`, { role: 'member' }))
        .statusCode,
    ).toBe(403);
    expect((await asLeader('DELETE', `/api/teams/${other}/members/${member.id}`)).statusCode).toBe(
      403,
    );
  });

  it('a leader cannot remove an admin from their team: without a team, an admin sees every team', async () => {
    const admin = await newAdmin(t.db);
    const membership = await joinTeam(t.db, world.ledTeam, admin);
    const url = `/api/teams/${world.ledTeam.id}/members/${membership.id}`;

    const refused = await asLeader('DELETE', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'ADMIN_REMOVAL_SUPER_ONLY',
      message: 'Only a super admin can remove an admin from a team',
    });
    const [row] = await t.db
      .selectFrom('users')
      .select('team_id')
      .where('id', '=', admin.id)
      .execute();
    expect(row?.team_id).toBe(world.ledTeam.id);

    // Their role is the leader's to change; their removal, a super admin's.
    expect((await asLeader('PATCH', url, { role: 'team_leader' })).statusCode).toBe(200);
    const bySuperAdmin = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { cookie: world.cookies['super admin']! },
    });
    expect(bySuperAdmin.statusCode).toBe(200);
  });

  it('a leader cannot demote or remove themselves (only a super admin could undo it)', async () => {
    const own = await t.db
      .selectFrom('team_members')
      .select('id')
      .where('user_id', '=', world.users['team leader'].id)
      .executeTakeFirstOrThrow();
    const url = `/api/teams/${world.ledTeam.id}/members/${own.id}`;
    for (const response of [
      await asLeader('PATCH', url, { role: 'member' }),
      await asLeader('DELETE', url),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'OWN_MEMBERSHIP_SUPER_ONLY',
        message: 'Only a super admin can change your own role or membership in a team',
      });
    }
    const still = await t.db
      .selectFrom('team_members')
      .select('role')
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(still.role).toBe('team_leader');
  });

  it("a leader cannot pull another team's member into their own team", async () => {
    const inOtherTeam = await newEmployee(t.db);
    await joinTeam(t.db, world.otherTeam, inOtherTeam);
    const response = await asLeader('POST', `/api/teams/${world.ledTeam.id}/members`, {
      userId: inOtherTeam.id,
      role: 'member',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('MEMBER_IN_OTHER_TEAM');
  });

  it("a member id of another team is not found through the leader's team", async () => {
    const member = await joinTeam(t.db, world.otherTeam, await newEmployee(t.db));
    const response = await asLeader(
      'DELETE',
      `/api/teams/${world.ledTeam.id}/members/${member.id}`,
    );
    expect(response.statusCode).toBe(404);
  });

  it("an admin with a team cannot see, edit, delete or register another team's employees", async () => {
    const cookie = world.cookies['admin with a team']!;
    const asAdmin = (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie } });
    const outsider = await employeeInScopeOf('team leader');

    const listed = (await asAdmin('GET', '/api/employees')).json().employees as { id: string }[];
    expect(listed.map((e) => e.id)).not.toContain(outsider.id);
    expect(
      (await asAdmin('PATCH', `/api/employees/${outsider.id}`, { username: unique('x') }))
        .statusCode,
    ).toBe(404);
    expect((await asAdmin('DELETE', `/api/employees/${outsider.id}`)).statusCode).toBe(404);
    const register = await asAdmin('POST', '/api/employees', {
      username: unique('agent'),
      password: 'agent-pass',
      confirmPassword: 'agent-pass',
      teamId: world.ledTeam.id,
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().error.code).toBe('TEAM_OUT_OF_SCOPE');
    const teams = (await asAdmin('GET', '/api/employees/teams')).json().teams as { id: string }[];
    expect(teams.map((team) => team.id)).toEqual([world.otherTeam.id]);
  });

  it("an admin with a team cannot see or erase another team's employees through analytics", async () => {
    const cookie = world.cookies['admin with a team']!;
    const asAdmin = (method: Method, url: string) =>
      t.app.inject({ method, url, headers: { cookie } });
    const outsider = await employeeInScopeOf('team leader');

    const listed = (await asAdmin('GET', '/api/analytics/employees')).json().employees as {
      id: string;
    }[];
    expect(listed.map((e) => e.id)).not.toContain(outsider.id);
    const ofOtherTeam = await asAdmin('GET', `/api/analytics/employees?teamId=${world.ledTeam.id}`);
    expect(ofOtherTeam.json().employees).toEqual([]);
    expect((await asAdmin('GET', `/api/analytics/employees/${outsider.id}`)).statusCode).toBe(404);
    expect(
      (await asAdmin('GET', `/api/analytics/export.csv?employeeId=${outsider.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await asAdmin('GET', `/api/analytics/trends?employeeId=${outsider.id}`)).statusCode,
    ).toBe(404);
    expect((await asAdmin('DELETE', `/api/analytics/employees/${outsider.id}`)).statusCode).toBe(
      404,
    );
  });

  it('the employees endpoints never touch admins', async () => {
    const admin = await newAdmin(t.db);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/employees/${admin.id}`,
      headers: { cookie: world.cookies['super admin']! },
    });
    expect(response.statusCode).toBe(404);
  });

  it('a leader sees only the team they lead; an admin without a team sees none', async () => {
    const asRole = (role: RoleName) =>
      t.app.inject({ method: 'GET', url: '/api/teams', headers: { cookie: world.cookies[role]! } });
    const leaderTeams = (await asRole('team leader')).json().teams as { id: string }[];
    expect(leaderTeams.map((team) => team.id)).toEqual([world.ledTeam.id]);
    expect((await asRole('admin without a team')).json()).toEqual({
      teams: [],
      total: 0,
      matching: 0,
      page: 1,
      pageSize: 50,
    });
  });
});
