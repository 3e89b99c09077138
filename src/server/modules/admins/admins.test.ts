import { describe, expect, it } from 'vitest';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
import { postSignIn, signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();
const boss = await newSuperAdmin(t.db, { username: 'boss' });
const { as: asBoss } = await signInAs(t, boss);

const newAdminBody = (username: string, overrides: object = {}) => ({
  username,
  password: 'admin-pass',
  confirmPassword: 'admin-pass',
  securityQuestion: 'What is your favorite book?',
  securityAnswer: 'Dune',
  ...overrides,
});

describe('GET /api/admins', () => {
  it('lists super admins first, then newest first, with team and leader flag; never a password', async () => {
    const team = await newTeam(t.db, { name: 'Evening' });
    const older = await newAdmin(t.db, {
      username: 'older_admin',
      created_at: '2026-01-01T00:00:00Z',
    });
    const leader = await newAdmin(t.db, {
      username: 'evening_lead',
      created_at: '2026-02-01T00:00:00Z',
    });
    await joinTeam(t.db, team, leader, 'team_leader');
    await newEmployee(t.db, { username: 'not_an_admin' });

    const response = await asBoss('GET', '/api/admins');
    expect(response.statusCode).toBe(200);
    const { admins, total } = response.json<{ admins: { username: string }[]; total: number }>();
    const names = admins.map((a) => a.username);
    expect(names[0]).toBe('boss');
    expect(names.indexOf('evening_lead')).toBeLessThan(names.indexOf('older_admin'));
    expect(names).not.toContain('not_an_admin');
    expect(total).toBe(admins.length);
    expect(admins.find((a) => a.username === 'evening_lead')).toMatchObject({
      team: { id: team.id, name: 'Evening' },
      is_team_leader: true,
      is_super_admin: false,
    });
    expect(admins.find((a) => a.username === 'older_admin')).toMatchObject({
      id: older.id,
      team: null,
    });
    expect(response.body).not.toMatch(/password|hash|argon/i);
  });

  it('searches usernames ignoring case, literally, and keeps the overall total', async () => {
    await newAdmin(t.db, { username: 'Search_Me_1' });
    await newAdmin(t.db, { username: 'percent%admin' });
    const response = await asBoss('GET', '/api/admins?search=search_ME');
    const body = response.json<{ admins: { username: string }[]; total: number }>();
    expect(body.admins.map((a) => a.username)).toEqual(['Search_Me_1']);
    expect(body.total).toBeGreaterThan(1);

    const literal = await asBoss('GET', '/api/admins?search=%25');
    expect(literal.json().admins.map((a: { username: string }) => a.username)).toEqual([
      'percent%admin',
    ]);
  });

  it('pages, sorts by a column either way and answers the last page for one past it', async () => {
    const alpha = await newTeam(t.db, { name: 'Pager Alpha' });
    const bravo = await newTeam(t.db, { name: 'Pager Bravo' });
    for (let i = 0; i < 30; i += 1) {
      const admin = await (i === 5 ? newSuperAdmin : newAdmin)(t.db, {
        username: `pa_${String(i).padStart(2, '0')}`,
        created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
      if (i % 3 === 0) await joinTeam(t.db, alpha, admin);
      if (i % 3 === 1) await joinTeam(t.db, bravo, admin);
    }
    type AdminList = { admins: { username: string; team: { name: string } | null }[] };
    const names = (body: AdminList) => body.admins.map((a) => a.username);
    const teams = (body: AdminList) => body.admins.map((a) => a.team?.name ?? null);
    const list = async (query: string) => (await asBoss('GET', `/api/admins?${query}`)).json();

    // Super admins first, then newest first.
    const first = await list('search=PA_&pageSize=25');
    expect(first).toMatchObject({ matching: 30, page: 1, pageSize: 25 });
    expect(first.total).toBeGreaterThan(30);
    expect(names(first).slice(0, 3)).toEqual(['pa_05', 'pa_29', 'pa_28']);
    const second = await list('search=pa_&pageSize=25&page=2');
    expect(names(second)).toEqual(['pa_04', 'pa_03', 'pa_02', 'pa_01', 'pa_00']);
    const past = await list('search=pa_&pageSize=25&page=9');
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(names(past)).toEqual(names(second));

    const byName = await list('search=pa_&sort=username');
    expect(names(byName)).toEqual(
      Array.from({ length: 30 }, (_, i) => `pa_${String(i).padStart(2, '0')}`),
    );
    const byNameDown = await list('search=pa_&sort=-username');
    expect(names(byNameDown)).toEqual(names(byName).toReversed());

    // By team name either way, those without a team after; within a team, newest first.
    const byTeam = await list('search=pa_&sort=team');
    expect(teams(byTeam)).toEqual([
      ...Array(10).fill('Pager Alpha'),
      ...Array(10).fill('Pager Bravo'),
      ...Array(10).fill(null),
    ]);
    expect(names(byTeam).slice(0, 2)).toEqual(['pa_27', 'pa_24']);
    expect(names(byTeam)[20]).toBe('pa_05');
    const byTeamDown = await list('search=pa_&sort=-team');
    expect(teams(byTeamDown)).toEqual([
      ...Array(10).fill('Pager Bravo'),
      ...Array(10).fill('Pager Alpha'),
      ...Array(10).fill(null),
    ]);

    // The search narrows `matching`; `total` stays every admin.
    const everyone = await list('');
    const some = await list('search=pa_1');
    expect(some).toMatchObject({ total: everyone.total, matching: 10 });
    expect(everyone.matching).toBe(everyone.total);
  });

  it.each([
    ['sort=password', 'sort'],
    ['sort=admin', 'sort'],
    ['sort=-', 'sort'],
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await asBoss('GET', `/api/admins?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(`querystring.${field}`);
  });
});

describe('POST /api/admins', () => {
  it.each([
    [{ username: '' }, 'All fields are required'],
    [{ securityAnswer: '  ' }, 'All fields are required'],
    [{ confirmPassword: 'other-pass' }, 'Passwords do not match'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
  ])('refuses %o: %s', async (overrides, message) => {
    const response = await asBoss('POST', '/api/admins', newAdminBody('refused_admin', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('creates an admin in the chosen team as a member, who can sign in and reset', async () => {
    const team = await newTeam(t.db, { name: 'Morning' });
    const response = await asBoss(
      'POST',
      '/api/admins',
      newAdminBody('morning_admin', { teamId: team.id }),
    );
    expect(response.statusCode).toBe(201);
    const { admin } = response.json();
    expect(admin).toMatchObject({
      username: 'morning_admin',
      is_super_admin: false,
      team: { id: team.id, name: 'Morning' },
      is_team_leader: false,
    });
    const membership = await t.db
      .selectFrom('team_members')
      .select(['team_id', 'role'])
      .where('user_id', '=', admin.id)
      .execute();
    expect(membership).toEqual([{ team_id: team.id, role: 'member' }]);
    // The audit entry says which team: it sets what the admin may see.
    const entry = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'admin.created')
      .where('target_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(entry.details).toEqual({ isSuperAdmin: false, teamId: team.id, teamName: 'Morning' });
    const stored = await t.db
      .selectFrom('users')
      .select(['role', 'email'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ role: 'admin', email: null });
    expect((await postSignIn(t, 'morning_admin', 'admin-pass')).statusCode).toBe(200);
    const question = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset/question',
      payload: { username: 'morning_admin' },
    });
    expect(question.json()).toEqual({ question: 'What is your favorite book?' });
  });

  it("answers 'Username already exists' for a taken name, whatever its case", async () => {
    await newEmployee(t.db, { username: 'taken_name' });
    const response = await asBoss('POST', '/api/admins', newAdminBody('TAKEN_NAME'));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'USERNAME_TAKEN',
      message: 'Username already exists',
      field: 'username',
    });
  });

  it('refuses an unknown team', async () => {
    const response = await asBoss(
      'POST',
      '/api/admins',
      newAdminBody('teamless', { teamId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Team not found');
    expect((await postSignIn(t, 'teamless', 'admin-pass')).statusCode).toBe(401);
  });
});

describe('PATCH /api/admins/:id', () => {
  it("checks 'Username and password are required' and 'Password must be at least 6 characters'", async () => {
    const admin = await newAdmin(t.db);
    const blank = await asBoss('PATCH', `/api/admins/${admin.id}`, {
      username: '  ',
      password: '',
    });
    expect(blank.json().error.message).toBe('Username and password are required');
    const short = await asBoss('PATCH', `/api/admins/${admin.id}`, {
      username: 'fine',
      password: 'abc',
    });
    expect(short.json().error.message).toBe('Password must be at least 6 characters');
  });

  it('renames and keeps the password when none is given', async () => {
    const admin = await newAdmin(t.db);
    const response = await asBoss('PATCH', `/api/admins/${admin.id}`, {
      username: 'renamed_admin',
      password: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().admin.username).toBe('renamed_admin');
    expect((await postSignIn(t, 'renamed_admin')).statusCode).toBe(200);
  });

  it('sets a new password and signs that admin out everywhere', async () => {
    const admin = await newAdmin(t.db);
    const { cookie: theirSession } = await signInAs(t, admin);
    const response = await asBoss('PATCH', `/api/admins/${admin.id}`, {
      username: admin.username,
      password: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: theirSession },
    });
    expect(me.statusCode).toBe(401);
    expect((await postSignIn(t, admin.username)).statusCode).toBe(401);
    expect((await postSignIn(t, admin.username, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('keeps the session of a super admin who changes their own password', async () => {
    const self = await newSuperAdmin(t.db);
    const { cookie } = await signInAs(t, self);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admins/${self.id}`,
      payload: { username: self.username, password: 'my-new-pass' },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("answers 'Username already exists' and 404 for a non-admin id", async () => {
    const admin = await newAdmin(t.db);
    const employee = await newEmployee(t.db);
    const taken = await asBoss('PATCH', `/api/admins/${admin.id}`, { username: 'BOSS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Username already exists');
    const notAdmin = await asBoss('PATCH', `/api/admins/${employee.id}`, { username: 'x_y' });
    expect(notAdmin.statusCode).toBe(404);
    expect(notAdmin.json().error.message).toBe('Admin not found');
  });
});

describe('DELETE /api/admins/:id', () => {
  it('deletes an admin; the audit log keeps their name', async () => {
    const admin = await newAdmin(t.db, { username: 'leaving_admin' });
    const response = await asBoss('DELETE', `/api/admins/${admin.id}`);
    expect(response.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', admin.id).execute(),
    ).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_name', 'target_name'])
      .where('action', '=', 'admin.deleted')
      .where('target_id', '=', admin.id)
      .execute();
    expect(audit).toEqual([{ actor_name: 'boss', target_name: 'leaving_admin' }]);
  });

  it('never deletes a super admin or yourself', async () => {
    const other = await newSuperAdmin(t.db);
    const superResponse = await asBoss('DELETE', `/api/admins/${other.id}`);
    expect(superResponse.statusCode).toBe(403);
    expect(superResponse.json().error.message).toBe('Super admins cannot be deleted');
    const selfResponse = await asBoss('DELETE', `/api/admins/${boss.id}`);
    expect(selfResponse.statusCode).toBe(403);
    expect(selfResponse.json().error.message).toBe('You cannot delete your own account');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      (await asBoss('DELETE', '/api/admins/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const malformed = await asBoss('DELETE', '/api/admins/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('params.id: Not a valid id');
  });
});
