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

describe('GET /api/teams: search, sort, pages and scope', () => {
  type TeamPage = {
    teams: { name: string; description: string | null; created_by: string; member_count: number }[];
    total: number;
    matching: number;
    page: number;
    pageSize: number;
  };
  const pad = (i: number) => String(i).padStart(2, '0');
  const names = (body: TeamPage) => body.teams.map((team) => team.name);
  const teamsPage = async (query: string, as = asChief) => {
    const response = await as('GET', `/api/teams?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamPage>();
  };
  const creators = ['ada', 'Bob', 'cal', null];
  let asLeader: Awaited<ReturnType<typeof signInAs>>['as'];

  beforeAll(async () => {
    // tp_00 … tp_29, a day apart; descriptions 'inbound …', 'outbound …' or none; four creators
    // in turn (one unrecorded); tp_03 has 3 members, tp_07 2 and tp_11 1.
    const teams = [];
    for (let i = 0; i < 30; i += 1) {
      const team = await newTeam(t.db, {
        name: `tp_${pad(i)}`,
        ...(i % 3 === 2
          ? {}
          : { description: `${['inbound', 'outbound'][i % 3]} queue ${pad(i)}` }),
        created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
      await t.db
        .updateTable('teams')
        .set({ created_by: creators[i % 4] })
        .where('id', '=', team.id)
        .execute();
      teams.push(team);
    }
    const leader = await newAdmin(t.db);
    await joinTeam(t.db, teams[3]!, leader, 'team_leader');
    for (const [index, count] of [
      [3, 2],
      [7, 2],
      [11, 1],
    ] as const) {
      for (let n = 0; n < count; n += 1)
        await joinTeam(t.db, teams[index]!, await newEmployee(t.db));
    }
    asLeader = (await signInAs(t, leader)).as;
  });

  it('pages newest first and answers the last page for one past it', async () => {
    const first = await teamsPage('search=TP_&pageSize=25');
    expect(first).toMatchObject({ matching: 30, page: 1, pageSize: 25 });
    expect(first.total).toBeGreaterThan(30);
    expect(names(first).slice(0, 2)).toEqual(['tp_29', 'tp_28']);
    const second = await teamsPage('search=tp_&pageSize=25&page=2');
    expect(names(second)).toEqual(['tp_04', 'tp_03', 'tp_02', 'tp_01', 'tp_00']);
    const past = await teamsPage('search=tp_&pageSize=25&page=9');
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(names(past)).toEqual(names(second));
  });

  it('sorts by each column either way; empty values last, ties newest first', async () => {
    const inOrder = Array.from({ length: 30 }, (_, i) => `tp_${pad(i)}`);
    expect(names(await teamsPage('search=tp_&sort=name'))).toEqual(inOrder);
    expect(names(await teamsPage('search=tp_&sort=-name'))).toEqual(inOrder.toReversed());
    expect(names(await teamsPage('search=tp_&sort=created'))).toEqual(inOrder);
    expect(names(await teamsPage('search=tp_&sort=-created'))).toEqual(inOrder.toReversed());

    const described = (body: TeamPage) => body.teams.map((team) => team.description);
    const byDescription = described(await teamsPage('search=tp_&sort=description'));
    expect(byDescription.slice(0, 2)).toEqual(['inbound queue 00', 'inbound queue 03']);
    expect(byDescription[10]).toBe('outbound queue 01');
    expect(byDescription.slice(20)).toEqual(Array(10).fill(null));
    const byDescriptionDown = described(await teamsPage('search=tp_&sort=-description'));
    expect(byDescriptionDown.slice(0, 2)).toEqual(['outbound queue 28', 'outbound queue 25']);
    expect(byDescriptionDown[10]).toBe('inbound queue 27');
    expect(byDescriptionDown.slice(20)).toEqual(Array(10).fill(null));

    // Ignoring case ('Bob' between 'ada' and 'cal'); a team without one ('Unknown') last.
    const createdBy = (body: TeamPage) => body.teams.map((team) => team.created_by);
    const byCreator = await teamsPage('search=tp_&sort=createdBy');
    expect(createdBy(byCreator)).toEqual([
      ...Array(8).fill('ada'),
      ...Array(8).fill('Bob'),
      ...Array(7).fill('cal'),
      ...Array(7).fill('Unknown'),
    ]);
    expect(names(byCreator).slice(0, 2)).toEqual(['tp_28', 'tp_24']);
    expect(createdBy(await teamsPage('search=tp_&sort=-createdBy'))).toEqual([
      ...Array(7).fill('cal'),
      ...Array(8).fill('Bob'),
      ...Array(8).fill('ada'),
      ...Array(7).fill('Unknown'),
    ]);

    const byMembers = await teamsPage('search=tp_&sort=-members');
    expect(names(byMembers).slice(0, 4)).toEqual(['tp_03', 'tp_07', 'tp_11', 'tp_29']);
    expect(byMembers.teams.slice(0, 3).map((team) => team.member_count)).toEqual([3, 2, 1]);
    const byMembersUp = await teamsPage('search=tp_&sort=members');
    expect(names(byMembersUp).slice(0, 1)).toEqual(['tp_29']);
    expect(names(byMembersUp).slice(-3)).toEqual(['tp_11', 'tp_07', 'tp_03']);
  });

  it('counts what the search matches (name or description) apart from every team in scope', async () => {
    const everyTeam = await teamsPage('');
    expect(everyTeam.matching).toBe(everyTeam.total);
    const outbound = await teamsPage('search=OUTBOUND%20queue');
    expect(outbound).toMatchObject({ total: everyTeam.total, matching: 10 });
    expect(outbound.teams.every((team) => team.description?.startsWith('outbound'))).toBe(true);
    expect(await teamsPage('search=tp_1')).toMatchObject({ matching: 10 });
  });

  it('shows a leader only the team they lead, counted in that scope', async () => {
    expect(names(await teamsPage('', asLeader))).toEqual(['tp_03']);
    expect(await teamsPage('search=tp_&sort=-members', asLeader)).toMatchObject({
      total: 1,
      matching: 1,
    });
    const elsewhere = await teamsPage('search=tp_29', asLeader);
    expect(elsewhere).toMatchObject({ teams: [], total: 1, matching: 0, page: 1 });

    const { as: asTeamless } = await signInAs(t, await newAdmin(t.db));
    expect(await teamsPage('', asTeamless)).toMatchObject({ teams: [], total: 0, matching: 0 });
  });

  it.each([
    ['sort=password', 'sort'],
    ['sort=actions', 'sort'],
    ['sort=-', 'sort'],
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await asChief('GET', `/api/teams?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(`querystring.${field}`);
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

describe('GET /api/teams/:id/members: search, sort and pages', () => {
  type MemberPage = {
    members: { username: string; full_name: string | null; role: string }[];
    total: number;
    matching: number;
    page: number;
    pageSize: number;
  };
  const names = (body: MemberPage) => body.members.map((m) => m.username);
  let team: { id: string };
  let asLeader: Awaited<ReturnType<typeof signInAs>>['as'];
  let asMemberAdmin: Awaited<ReturnType<typeof signInAs>>['as'];
  let asOtherLeader: Awaited<ReturnType<typeof signInAs>>['as'];
  const membersPage = async (query: string, as = asChief) => {
    const response = await as('GET', `/api/teams/${team.id}/members?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MemberPage>();
  };

  beforeAll(async () => {
    // pm_00 … pm_29, two of them leaders, and an admin leading the team: 31 members.
    team = await newTeam(t.db);
    const leader = await newAdmin(t.db, { username: 'pm_lead' });
    await joinTeam(t.db, team, leader, 'team_leader');
    for (let i = 0; i < 30; i += 1) {
      const agent = await newEmployee(t.db, { username: `pm_${String(i).padStart(2, '0')}` });
      await joinTeam(t.db, team, agent, i === 5 || i === 17 ? 'team_leader' : 'member');
      if (i === 8) {
        await t.db
          .insertInto('employee_info')
          .values({ user_id: agent.id, full_name: 'Quincy Zephyr' })
          .execute();
      }
    }
    const memberAdmin = await newAdmin(t.db, { username: 'pm_admin_elsewhere' });
    const other = await newTeam(t.db);
    await joinTeam(t.db, other, memberAdmin);
    await joinTeam(t.db, other, await newEmployee(t.db, { username: 'pm_other_team' }));
    const otherLeader = await newAdmin(t.db);
    await joinTeam(t.db, other, otherLeader, 'team_leader');
    ({ as: asLeader } = await signInAs(t, leader));
    ({ as: asMemberAdmin } = await signInAs(t, memberAdmin));
    ({ as: asOtherLeader } = await signInAs(t, otherLeader));
  });

  it('pages leaders first, then by username, and answers the last page for one past it', async () => {
    const first = await membersPage('pageSize=25');
    expect(first).toMatchObject({ total: 31, matching: 31, page: 1, pageSize: 25 });
    expect(names(first).slice(0, 5)).toEqual(['pm_05', 'pm_17', 'pm_lead', 'pm_00', 'pm_01']);
    expect(first.members.slice(0, 3).every((m) => m.role === 'team_leader')).toBe(true);
    const second = await membersPage('pageSize=25&page=2');
    expect(names(second)).toEqual(['pm_24', 'pm_25', 'pm_26', 'pm_27', 'pm_28', 'pm_29']);
    const past = await membersPage('pageSize=25&page=9');
    expect(past).toMatchObject({ page: 2, matching: 31 });
    expect(names(past)).toEqual(names(second));
    // Without a pageSize, the contract's 50: the whole team on one page.
    expect(await membersPage('')).toMatchObject({ pageSize: 50, page: 1 });
  });

  it('sorts by username or role, either way', async () => {
    const byName = await membersPage('sort=username');
    expect(names(byName)).toHaveLength(31);
    expect(names(byName).slice(0, 2)).toEqual(['pm_00', 'pm_01']);
    expect(names(byName).at(-1)).toBe('pm_lead');
    const byNameDown = await membersPage('sort=-username');
    expect(names(byNameDown)).toEqual(names(byName).toReversed());

    // Member before Team Leader, as the column reads; by username within a role.
    const byRole = await membersPage('sort=role');
    expect(names(byRole).slice(0, 2)).toEqual(['pm_00', 'pm_01']);
    expect(names(byRole).slice(-3)).toEqual(['pm_05', 'pm_17', 'pm_lead']);
    const byRoleDown = await membersPage('sort=-role');
    expect(names(byRoleDown).slice(0, 4)).toEqual(['pm_05', 'pm_17', 'pm_lead', 'pm_00']);
  });

  it('searches usernames and full names ignoring case; total counts the whole team', async () => {
    const tens = await membersPage('search=PM_1');
    expect(tens).toMatchObject({ total: 31, matching: 10 });
    expect(names(tens)).toEqual([
      'pm_17',
      'pm_10',
      'pm_11',
      'pm_12',
      'pm_13',
      'pm_14',
      'pm_15',
      'pm_16',
      'pm_18',
      'pm_19',
    ]);
    const byFullName = await membersPage('search=zephyr');
    expect(byFullName).toMatchObject({ total: 31, matching: 1 });
    expect(byFullName.members).toMatchObject([{ username: 'pm_08', full_name: 'Quincy Zephyr' }]);
    // Another team's pm_ users are not this team's.
    expect(await membersPage('search=pm_')).toMatchObject({ total: 31, matching: 31 });
    const nobody = await membersPage('search=nobody-here');
    expect(nobody).toMatchObject({ total: 31, matching: 0, page: 1, members: [] });
  });

  it("shows the team's leader the same page; others who do not lead it are refused", async () => {
    expect(await membersPage('pageSize=25&sort=username', asLeader)).toEqual(
      await membersPage('pageSize=25&sort=username'),
    );
    const url = `/api/teams/${team.id}/members`;
    expect((await asMemberAdmin('GET', url)).statusCode).toBe(403);
    expect((await asOtherLeader('GET', url)).statusCode).toBe(403);
  });

  it.each([
    ['sort=full_name', 'sort'],
    ['sort=-', 'sort'],
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await asChief('GET', `/api/teams/${team.id}/members?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(`querystring.${field}`);
  });
});

describe('GET /api/teams/:id/candidates: one page, searched on the server', () => {
  type CandidatePage = {
    candidates: { id: string; username: string; current_team: { id: string } | null }[];
    total: number;
    matching: number;
    page: number;
    pageSize: number;
  };
  const names = (body: CandidatePage) => body.candidates.map((c) => c.username);
  let team: { id: string };
  let asLeader: Awaited<ReturnType<typeof signInAs>>['as'];
  const candidatesPage = async (query: string, as = asChief) => {
    const response = await as('GET', `/api/teams/${team.id}/candidates?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidatePage>();
  };
  /** cu_00 … cu_19 in no team, cu_20 … cu_29 in another team; one of them spelt in capitals. */
  const teamless = Array.from({ length: 20 }, (_, i) => `cu_${String(i).padStart(2, '0')}`);
  const elsewhere = Array.from({ length: 10 }, (_, i) => `cu_${String(20 + i)}`);
  teamless[7] = 'CU_07';

  beforeAll(async () => {
    team = await newTeam(t.db);
    const other = await newTeam(t.db);
    const leader = await newAdmin(t.db);
    await joinTeam(t.db, team, leader, 'team_leader');
    for (const username of teamless) await newEmployee(t.db, { username });
    for (const username of elsewhere) {
      await joinTeam(t.db, other, await newEmployee(t.db, { username }));
    }
    // In this team already, or a super admin: never a candidate, whatever the search.
    await joinTeam(t.db, team, await newEmployee(t.db, { username: 'cu_member' }));
    await newSuperAdmin(t.db, { username: 'cu_super' });
    ({ as: asLeader } = await signInAs(t, leader));
  });

  it('answers one page, those in no team first, with how many more match', async () => {
    const first = await candidatesPage('search=cu_&pageSize=25');
    expect(first).toMatchObject({ matching: 30, page: 1, pageSize: 25 });
    expect(names(first)).toEqual([...teamless, ...elsewhere.slice(0, 5)]);
    const second = await candidatesPage('search=CU_&pageSize=25&page=2');
    expect(names(second)).toEqual(elsewhere.slice(5));
    expect(second.candidates.every((c) => c.current_team !== null)).toBe(true);
    const past = await candidatesPage('search=cu_&pageSize=25&page=4');
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(names(past)).toEqual(names(second));

    // `total` is everyone this user could add, whatever the search.
    const all = await candidatesPage('');
    expect(first.total).toBe(all.total);
    expect(all.total).toBeGreaterThan(30);
    expect(all).toMatchObject({ pageSize: 50 });
    expect(all.candidates.length).toBe(Math.min(50, all.total));
  });

  it('sorts by username either way, whatever the team', async () => {
    const byName = await candidatesPage('search=cu_&sort=username');
    expect(names(byName)).toEqual([...teamless, ...elsewhere]);
    const byNameDown = await candidatesPage('search=cu_&sort=-username');
    expect(names(byNameDown)).toEqual([...teamless, ...elsewhere].toReversed());
  });

  it("counts within the asker's scope: a leader's candidates are those in no team", async () => {
    const mine = await candidatesPage('search=cu_', asLeader);
    expect(mine).toMatchObject({ matching: 20 });
    expect(names(mine)).toEqual(teamless);
    const everyone = await candidatesPage('', asLeader);
    const superAdmins = await candidatesPage('');
    expect(everyone.total).toBeLessThan(superAdmins.total);
    expect(mine.total).toBe(everyone.total);
  });

  it.each([
    ['sort=team', 'sort'],
    ['sort=-', 'sort'],
    ['pageSize=10', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await asChief('GET', `/api/teams/${team.id}/candidates?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(`querystring.${field}`);
  });
});
