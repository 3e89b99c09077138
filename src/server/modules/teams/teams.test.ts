import { beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
import { type RoleName, roleNames, signInEveryRole } from '../../test/roles';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();
const { as: asChief } = await signInAs(t, await newSuperAdmin(t.db, { username: 'chief' }));

async function membersOf(teamId: string) {
  return (await asChief('GET', `/api/teams/${teamId}/members`)).json<{
    members: { id: string; username: string; role: string; user_id: string }[];
  }>().members;
}

describe('creating and editing teams', () => {
  it("requires a name ('Team name is required'), keeps an empty description as none, records the creator", async () => {
    const blank = await asChief('POST', '/api/teams', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Team name is required');

    const created = await asChief('POST', '/api/teams', { name: ' Support ', description: '' });
    expect(created.statusCode).toBe(201);
    expect(created.json().team).toMatchObject({
      name: 'Support',
      description: null,
      created_by: 'chief',
      member_count: 0,
    });
  });

  it("answers 'Team name already exists' on create and rename, whatever the case", async () => {
    await newTeam(t.db, { name: 'Billing' });
    const other = await newTeam(t.db, { name: 'Sales' });
    const create = await asChief('POST', '/api/teams', { name: 'BILLING' });
    expect(create.statusCode).toBe(409);
    expect(create.json().error.message).toBe('Team name already exists');
    const rename = await asChief('PATCH', `/api/teams/${other.id}`, { name: 'billing' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.message).toBe('Team name already exists');
  });

  it('compares names beyond ASCII by one caseless key, whatever the database lowers', async () => {
    for (const [name, clash] of [
      ['Équipe Nord', 'ÉQUIPE NORD'],
      ['ΣΙΣΥΦΟΣ', 'σισυφος'],
      ['Straße', 'STRASSE'],
      ['Cafe\u0301', 'CAF\u00c9'],
    ]) {
      const created = await asChief('POST', '/api/teams', { name });
      expect(created.statusCode, name).toBe(201);
      const again = await asChief('POST', '/api/teams', { name: clash });
      expect(again.statusCode, clash).toBe(409);
      expect(again.json().error.code).toBe('TEAM_NAME_TAKEN');
      // Its own name in another case is a rename, not a clash.
      const renamed = await asChief('PATCH', `/api/teams/${created.json().team.id}`, {
        name: clash,
      });
      expect(renamed.statusCode, clash).toBe(200);
    }
    // Turkish dotted capital I is not the dotless ASCII I.
    expect((await asChief('POST', '/api/teams', { name: 'İstanbul' })).statusCode).toBe(201);
    expect((await asChief('POST', '/api/teams', { name: 'Istanbul' })).statusCode).toBe(201);
  });

  it('edits name and description; the name stays required', async () => {
    const team = await newTeam(t.db, { name: 'Old Name' });
    const blank = await asChief('PATCH', `/api/teams/${team.id}`, { name: '' });
    expect(blank.json().error.message).toBe('Team name is required');
    const edited = await asChief('PATCH', `/api/teams/${team.id}`, {
      name: 'New Name',
      description: 'Weekend cover',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().team).toMatchObject({ name: 'New Name', description: 'Weekend cover' });

    // Saved as it was: answered as saved, and no second entry in the audit log.
    const again = await asChief('PATCH', `/api/teams/${team.id}`, {
      name: 'New Name',
      description: 'Weekend cover',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().team).toEqual(edited.json().team);
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', team.id)
      .execute();
    // What changed, and what it was.
    expect(entries).toEqual([
      {
        action: 'team.updated',
        details: {
          renamedFrom: 'Old Name',
          descriptionChanged: true,
          before: { name: 'Old Name', description: null },
        },
      },
    ]);
  });

  it("shows 'Unknown' as the creator of a team with none recorded", async () => {
    const team = await newTeam(t.db, { name: 'Legacy Team' });
    const listed = (await asChief('GET', '/api/teams?search=legacy')).json().teams;
    expect(listed).toEqual([expect.objectContaining({ id: team.id, created_by: 'Unknown' })]);
  });
});

describe('listing teams', () => {
  it('searches name or description ignoring case, newest first, with member counts', async () => {
    const first = await newTeam(t.db, {
      name: 'Alpha Desk',
      description: 'first line',
      created_at: '2026-01-01T00:00:00Z',
    });
    const second = await newTeam(t.db, {
      name: 'Beta Desk',
      description: 'Escalations ALPHA',
      created_at: '2026-02-01T00:00:00Z',
    });
    await joinTeam(t.db, second, await newEmployee(t.db));
    await joinTeam(t.db, second, await newEmployee(t.db));

    const response = await asChief('GET', '/api/teams?search=alpha');
    const { teams, total } = response.json<{
      teams: { id: string; member_count: number }[];
      total: number;
    }>();
    expect(teams.map((team) => team.id)).toEqual([second.id, first.id]);
    expect(teams[0]?.member_count).toBe(2);
    expect(total).toBeGreaterThan(teams.length);
  });
});

describe('members', () => {
  it('lists leaders first; promote and demote answer with the spec messages', async () => {
    const team = await newTeam(t.db);
    const zed = await newEmployee(t.db, { username: 'zed_member' });
    const amy = await newEmployee(t.db, { username: 'amy_member' });
    const zedMember = await joinTeam(t.db, team, zed);
    await joinTeam(t.db, team, amy);

    const promoted = await asChief('PATCH', `/api/teams/${team.id}/members/${zedMember.id}`, {
      role: 'team_leader',
    });
    expect(promoted.json()).toMatchObject({
      message: 'Member role updated to Leader',
      member: { username: 'zed_member', role: 'team_leader', user_role: 'employee' },
    });
    expect((await membersOf(team.id)).map((m) => m.username)).toEqual(['zed_member', 'amy_member']);

    const demoted = await asChief('PATCH', `/api/teams/${team.id}/members/${zedMember.id}`, {
      role: 'member',
    });
    expect(demoted.json().message).toBe('Member role updated to Member');
    expect((await membersOf(team.id)).map((m) => m.username)).toEqual(['amy_member', 'zed_member']);
  });

  it("adding sets the user's team; removing clears it", async () => {
    const team = await newTeam(t.db);
    const employee = await newEmployee(t.db);
    const added = await asChief('POST', `/api/teams/${team.id}/members`, {
      userId: employee.id,
      role: 'member',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe('Member added successfully');
    const teamOf = async () =>
      (
        await t.db
          .selectFrom('users')
          .select('team_id')
          .where('id', '=', employee.id)
          .executeTakeFirstOrThrow()
      ).team_id;
    expect(await teamOf()).toBe(team.id);

    const removed = await asChief(
      'DELETE',
      `/api/teams/${team.id}/members/${added.json().member.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(await teamOf()).toBeNull();
    expect(await membersOf(team.id)).toEqual([]);
  });

  it('a super admin moves a user from another team: one team at a time', async () => {
    const from = await newTeam(t.db);
    const to = await newTeam(t.db);
    const employee = await newEmployee(t.db);
    await joinTeam(t.db, from, employee);
    const moved = await asChief('POST', `/api/teams/${to.id}/members`, {
      userId: employee.id,
      role: 'team_leader',
    });
    expect(moved.statusCode).toBe(201);
    expect(await membersOf(from.id)).toEqual([]);
    expect((await membersOf(to.id)).map((m) => [m.user_id, m.role])).toEqual([
      [employee.id, 'team_leader'],
    ]);
  });

  it('refuses super admins, existing members and unknown users', async () => {
    const team = await newTeam(t.db);
    const member = await newEmployee(t.db);
    await joinTeam(t.db, team, member);
    const superAdmin = await newSuperAdmin(t.db);
    const add = (userId: string) =>
      asChief('POST', `/api/teams/${team.id}/members`, { userId, role: 'member' });

    expect((await add(superAdmin.id)).json().error.code).toBe('NOT_A_CANDIDATE');
    const again = await add(member.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This user is already a member of this team');
    expect((await add('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const noUser = await asChief('POST', `/api/teams/${team.id}/members`, { role: 'member' });
    expect(noUser.json().error.message).toBe('Select a user');
  });

  it('candidates: employees and admins not in this team and not super admins, marked when in another team', async () => {
    const team = await newTeam(t.db);
    const elsewhere = await newTeam(t.db, { name: 'Elsewhere' });
    const inTeam = await newEmployee(t.db);
    const free = await newAdmin(t.db);
    const busy = await newEmployee(t.db);
    const superAdmin = await newSuperAdmin(t.db);
    await joinTeam(t.db, team, inTeam);
    await joinTeam(t.db, elsewhere, busy);

    const { candidates } = (await asChief('GET', `/api/teams/${team.id}/candidates`)).json<{
      candidates: {
        id: string;
        current_team: { name: string } | null;
        can_add: boolean;
        role: string;
      }[];
    }>();
    const ids = candidates.map((c) => c.id);
    expect(ids).not.toContain(inTeam.id);
    expect(ids).not.toContain(superAdmin.id);
    expect(candidates.find((c) => c.id === free.id)).toMatchObject({
      role: 'admin',
      current_team: null,
      can_add: true,
    });
    expect(candidates.find((c) => c.id === busy.id)).toMatchObject({
      current_team: { name: 'Elsewhere' },
      can_add: true,
    });
  });

  it("a leader manages their team's members but cannot take another team's, and is not shown them", async () => {
    const team = await newTeam(t.db);
    const elsewhere = await newTeam(t.db);
    const leader = await newAdmin(t.db);
    await joinTeam(t.db, team, leader, 'team_leader');
    const busy = await newEmployee(t.db);
    await joinTeam(t.db, elsewhere, busy);
    const { as: asLeader } = await signInAs(t, leader);
    const free = await newEmployee(t.db);

    const { candidates } = (await asLeader('GET', `/api/teams/${team.id}/candidates`)).json<{
      candidates: { id: string; can_add: boolean }[];
    }>();
    expect(candidates.map((c) => c.id)).not.toContain(busy.id);
    expect(candidates.find((c) => c.id === free.id)?.can_add).toBe(true);
    const taken = await asLeader('POST', `/api/teams/${team.id}/members`, {
      userId: busy.id,
      role: 'member',
    });
    expect(taken.statusCode).toBe(403);
    const added = await asLeader('POST', `/api/teams/${team.id}/members`, {
      userId: free.id,
      role: 'member',
    });
    expect(added.statusCode).toBe(201);
  });

  it('the session says when a user leads their team', async () => {
    const team = await newTeam(t.db, { name: 'Led Team' });
    const admin = await newAdmin(t.db);
    const member = await joinTeam(t.db, team, admin);
    const { cookie } = await signInAs(t, admin);
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
    expect(await me()).toMatchObject({
      team: { id: team.id, name: 'Led Team' },
      is_team_leader: false,
    });
    await asChief('PATCH', `/api/teams/${team.id}/members/${member.id}`, { role: 'team_leader' });
    expect(await me()).toMatchObject({ is_team_leader: true });
  });
});

describe("a team's candidates, by role", () => {
  type Candidate = { id: string; current_team: { id: string } | null; can_add: boolean };
  let world: Awaited<ReturnType<typeof signInEveryRole>>;
  /** Users in no team, in another team, and never listed (in this team, or super admins). */
  let groups: { teamless: string[]; inOtherTeam: string[]; never: string[] };

  beforeAll(async () => {
    world = await signInEveryRole(t);
    const { users } = world;
    groups = {
      teamless: [(await newEmployee(t.db)).id, users['admin without a team'].id],
      inOtherTeam: [users.employee.id, users['admin with a team'].id],
      never: [users['team leader'].id, users['super admin'].id, (await newSuperAdmin(t.db)).id],
    };
  });

  const refusals: Partial<Record<RoleName, number>> = {
    anonymous: 401,
    employee: 403,
    'admin with a team': 403,
    'admin without a team': 403,
  };

  it.each(roleNames)('%s', async (role) => {
    const cookie = world.cookies[role];
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.ledTeam.id}/candidates`,
      headers: cookie ? { cookie } : {},
    });
    const refusal = refusals[role];
    if (refusal) {
      expect(response.statusCode).toBe(refusal);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const { candidates } = response.json<{ candidates: Candidate[] }>();
    const ids = candidates.map((c) => c.id);
    // Everyone listed can be added by the one asking.
    expect(candidates.every((c) => c.can_add)).toBe(true);
    for (const id of groups.teamless) expect(ids).toContain(id);
    for (const id of groups.never) expect(ids).not.toContain(id);
    if (role === 'team leader') {
      // A leader may add only users in no team: other teams' people are not theirs to see.
      for (const id of groups.inOtherTeam) expect(ids).not.toContain(id);
      expect(candidates.every((c) => c.current_team === null)).toBe(true);
    } else {
      for (const id of groups.inOtherTeam) {
        expect(candidates.find((c) => c.id === id)?.current_team?.id).toBe(world.otherTeam.id);
      }
    }
  });
});

describe('deleting a team', () => {
  it('removes its members from it and clears their team, keeping the users', async () => {
    const team = await newTeam(t.db);
    const employee = await newEmployee(t.db);
    const admin = await newAdmin(t.db);
    await joinTeam(t.db, team, employee);
    await joinTeam(t.db, team, admin, 'team_leader');

    const response = await asChief('DELETE', `/api/teams/${team.id}`);
    expect(response.statusCode).toBe(200);
    const users = await t.db
      .selectFrom('users')
      .select(['id', 'team_id'])
      .where('id', 'in', [employee.id, admin.id])
      .execute();
    expect(users).toHaveLength(2);
    expect(users.every((user) => user.team_id === null)).toBe(true);
    const memberships = await t.db
      .selectFrom('team_members')
      .select('id')
      .where('team_id', '=', team.id)
      .execute();
    expect(memberships).toEqual([]);
    expect((await asChief('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'team.deleted')
      .where('target_id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ memberCount: 2 });
  });
});
