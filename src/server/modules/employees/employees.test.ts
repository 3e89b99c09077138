import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
import { postSignIn, signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();
const boss = await newSuperAdmin(t.db);
const { as: asBoss } = await signInAs(t, boss);

const team = await newTeam(t.db, { name: 'Inbound' });
const registration = (username: string, overrides: object = {}) => ({
  username,
  password: 'agent-pass',
  confirmPassword: 'agent-pass',
  teamId: team.id,
  ...overrides,
});

describe('POST /api/employees (Register Employee)', () => {
  it.each([
    [{ username: ' ' }, 'All fields are required'],
    [{ teamId: undefined }, 'All fields are required'],
    [{ teamId: '' }, 'All fields are required'],
    [{ teamId: 'not-a-team' }, 'Choose a team from the list'],
    [{ teamId: 7 }, 'All fields are required'],
    [{ confirmPassword: 'other-pass' }, 'Passwords do not match'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
    [{ password: '      ', confirmPassword: '      ' }, 'All fields are required'],
  ])('refuses %o: %s', async (overrides, message) => {
    const response = await asBoss(
      'POST',
      '/api/employees',
      registration('refused_agent', overrides),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('creates an employee with its info row and team membership, who can sign in', async () => {
    const response = await asBoss('POST', '/api/employees', registration('new_agent'));
    expect(response.statusCode).toBe(201);
    const { employee } = response.json();
    expect(employee).toMatchObject({
      username: 'new_agent',
      role: 'employee',
      full_name: null,
      team: { id: team.id, name: 'Inbound' },
    });
    const user = await t.db
      .selectFrom('users')
      .select(['role', 'team_id', 'is_super_admin', 'security_question'])
      .where('id', '=', employee.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      role: 'employee',
      team_id: team.id,
      is_super_admin: false,
      security_question: null,
    });
    const info = await t.db
      .selectFrom('employee_info')
      .select('user_id')
      .where('user_id', '=', employee.id)
      .execute();
    expect(info).toHaveLength(1);
    const membership = await t.db
      .selectFrom('team_members')
      .select(['team_id', 'role'])
      .where('user_id', '=', employee.id)
      .execute();
    expect(membership).toEqual([{ team_id: team.id, role: 'member' }]);
    const me = await postSignIn(t, 'new_agent', 'agent-pass');
    expect(me.json().user).toMatchObject({ role: 'employee', team: { id: team.id } });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_name', 'details'])
      .where('action', '=', 'employee.registered')
      .where('target_id', '=', employee.id)
      .execute();
    expect(audit).toEqual([
      {
        actor_id: boss.id,
        target_name: 'new_agent',
        details: { teamId: team.id, teamName: 'Inbound' },
      },
    ]);
  });

  it("answers 'Username already exists' and creates nothing", async () => {
    await newEmployee(t.db, { username: 'existing_agent' });
    const response = await asBoss('POST', '/api/employees', registration('EXISTING_AGENT'));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Username already exists');
  });

  it('creates nothing when any part fails: one transaction', async () => {
    await sql`ALTER TABLE team_members ADD CONSTRAINT test_refuse_members CHECK (false) NOT VALID`.execute(
      t.db,
    );
    try {
      const response = await asBoss('POST', '/api/employees', registration('half_created'));
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).toBe('An unexpected error occurred');
    } finally {
      await sql`ALTER TABLE team_members DROP CONSTRAINT test_refuse_members`.execute(t.db);
    }
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'half_created')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses an unknown team', async () => {
    const response = await asBoss(
      'POST',
      '/api/employees',
      registration('lost_agent', { teamId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Team not found');
  });
});

describe('GET /api/employees', () => {
  it('lists newest first, searches usernames ignoring case, keeps the total', async () => {
    const other = await newTeam(t.db);
    await newEmployee(t.db, { username: 'Zulu_Agent', created_at: '2026-01-01T00:00:00Z' });
    const newest = await newEmployee(t.db, {
      username: 'yankee_agent',
      created_at: '2026-03-01T00:00:00Z',
    });
    await joinTeam(t.db, other, newest);

    const all = (await asBoss('GET', '/api/employees')).json();
    const names = all.employees.map((e: { username: string }) => e.username);
    expect(names.indexOf('yankee_agent')).toBeLessThan(names.indexOf('Zulu_Agent'));
    expect(all.total).toBe(all.employees.length);
    expect(
      all.employees.find((e: { username: string }) => e.username === 'Zulu_Agent').team,
    ).toBeNull();

    const found = (await asBoss('GET', '/api/employees?search=ZULU')).json();
    expect(found.employees.map((e: { username: string }) => e.username)).toEqual(['Zulu_Agent']);
    expect(found.total).toBe(all.total);
    expect(found.matching).toBe(1);
    expect(JSON.stringify(all)).not.toMatch(/password|hash/i);
  });

  it('pages, sorts by a column either way and answers the last page for one past it', async () => {
    const paged = await newTeam(t.db, { name: 'Paged' });
    const leader = await newAdmin(t.db, { username: 'paged_lead' });
    await joinTeam(t.db, paged, leader, 'team_leader');
    for (let i = 0; i < 30; i += 1) {
      const agent = await newEmployee(t.db, {
        username: `pg_${String(i).padStart(2, '0')}`,
        created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
      if (i % 2 === 0) await joinTeam(t.db, paged, agent);
    }
    const names = (body: { employees: { username: string }[] }) =>
      body.employees.map((e) => e.username);

    const first = (await asBoss('GET', '/api/employees?search=PG_&pageSize=25')).json();
    expect(first).toMatchObject({ matching: 30, page: 1, pageSize: 25 });
    expect(first.total).toBeGreaterThan(30);
    expect(names(first).slice(0, 2)).toEqual(['pg_29', 'pg_28']);
    const second = (await asBoss('GET', '/api/employees?search=pg_&pageSize=25&page=2')).json();
    expect(names(second)).toEqual(['pg_04', 'pg_03', 'pg_02', 'pg_01', 'pg_00']);
    const past = (await asBoss('GET', '/api/employees?search=pg_&pageSize=25&page=9')).json();
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(names(past)).toEqual(names(second));

    const byName = (await asBoss('GET', '/api/employees?search=pg_&sort=username')).json();
    expect(names(byName)).toEqual(names(byName).toSorted());
    const byNameDown = (await asBoss('GET', '/api/employees?search=pg_&sort=-username')).json();
    expect(names(byNameDown)).toEqual(names(byName).toReversed());
    const byRegistered = (await asBoss('GET', '/api/employees?search=pg_&sort=registered')).json();
    expect(names(byRegistered)[0]).toBe('pg_00');

    // A team first either way, those without one after.
    const byTeam = (await asBoss('GET', '/api/employees?search=pg_&sort=-team')).json();
    const teams = byTeam.employees.map((e: { team: { name: string } | null }) => e.team?.name);
    expect(teams.slice(0, 15)).toEqual(Array(15).fill('Paged'));
    expect(teams.slice(15)).toEqual(Array(15).fill(undefined));

    // An admin with a team: their team's employees only, counted in that scope.
    const { as: asLeader } = await signInAs(t, leader);
    const mine = (await asLeader('GET', '/api/employees?pageSize=25&sort=username')).json();
    expect(mine).toMatchObject({ total: 15, matching: 15 });
    expect(names(mine)[0]).toBe('pg_00');
  });

  it.each([
    ['sort=password', 'sort'],
    ['sort=-', 'sort'],
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await asBoss('GET', `/api/employees?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(`querystring.${field}`);
  });
});

describe('PATCH /api/employees/:id', () => {
  it('applies the edit rules and messages', async () => {
    const employee = await newEmployee(t.db);
    const blank = await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: '',
      password: '',
    });
    expect(blank.json().error.message).toBe('Username and password are required');
    const short = await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: 'ok_name',
      password: '12345',
    });
    expect(short.json().error.message).toBe('Password must be at least 6 characters');
    const spaces = await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: 'ok_name',
      password: '      ',
    });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().error.message).toBe('Username and password are required');
    const renamed = await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: 'renamed_agent',
      password: '',
    });
    expect(renamed.json().employee.username).toBe('renamed_agent');
    expect((await postSignIn(t, 'renamed_agent')).statusCode).toBe(200);
    const edits = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'employee.updated')
      .where('target_id', '=', employee.id)
      .execute();
    expect(edits).toEqual([
      { details: { renamedFrom: employee.username, passwordChanged: false } },
    ]);
    // Saved as it was: answered as saved, with nothing written and nothing in the audit log.
    const auditRows = () =>
      t.db.selectFrom('audit_log').select('id').where('target_id', '=', employee.id).execute();
    const before = await auditRows();
    const unchanged = await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: 'renamed_agent',
      password: '',
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().employee.username).toBe('renamed_agent');
    expect(await auditRows()).toEqual(before);
    const taken = await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: 'existing_agent',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Username already exists');
  });

  it('a new password signs the employee out everywhere', async () => {
    const employee = await newEmployee(t.db);
    const { cookie: theirs } = await signInAs(t, employee);
    await asBoss('PATCH', `/api/employees/${employee.id}`, {
      username: employee.username,
      password: 'fresh-pass',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: theirs },
    });
    expect(me.statusCode).toBe(401);
    expect((await postSignIn(t, employee.username, 'fresh-pass')).statusCode).toBe(200);
  });
});

describe('DELETE /api/employees/:id', () => {
  it('erases everything of the employee in one go; the audit keeps the name', async () => {
    const employee = await newEmployee(t.db, { username: 'leaving_agent' });
    await joinTeam(t.db, team, employee);
    await signInAs(t, employee);
    await t.db
      .insertInto('employee_info')
      .values({ user_id: employee.id, full_name: 'Leaving Agent' })
      .execute();
    await t.db
      .insertInto('call_logs')
      .values({
        user_id: employee.id,
        phone_number: '+15550001111',
        call_type: 'inbound',
        call_status: 'answered',
        time_received: '2026-03-01T10:00:00Z',
      })
      .execute();
    await t.db
      .insertInto('employee_status_log')
      .values({ user_id: employee.id, status: 'available', started_at: '2026-03-01T10:00:00Z' })
      .execute();
    await t.db
      .insertInto('employee_sessions')
      .values({
        user_id: employee.id,
        session_date: '2026-03-01',
        session_start: '2026-03-01T10:00:00Z',
      })
      .execute();

    const response = await asBoss('DELETE', `/api/employees/${employee.id}`);
    expect(response.statusCode).toBe(200);
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
        .where('user_id', '=', employee.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select('target_name')
      .where('action', '=', 'employee.deleted')
      .where('target_id', '=', employee.id)
      .execute();
    expect(audit).toEqual([{ target_name: 'leaving_agent' }]);
    expect((await asBoss('DELETE', `/api/employees/${employee.id}`)).statusCode).toBe(404);
  });
});
