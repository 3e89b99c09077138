import { sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';
import type { ListQuery } from '../../../shared/schemas/list';
import type {
  TeamCandidateSortColumn,
  TeamMemberSortColumn,
  TeamSortColumn,
} from '../../../shared/schemas/teams';
import { caselessKeyAfterRename } from '../../db/caseless-keys';
import type { Db } from '../../platform/database';
import {
  type PageWindow,
  countAllAndMatching,
  direction,
  toCounts,
} from '../../platform/list-page';
import { containsText } from '../accounts/accounts.repository';

/** Which teams a query may return: every team, or only one (a leader's own). */
export type TeamScope = { all: true } | { teamId: string | null };

function selectTeams(db: Db, scope: TeamScope) {
  return db
    .selectFrom('teams')
    .select(['teams.id', 'teams.name', 'teams.description', 'teams.created_by', 'teams.created_at'])
    .select((eb) =>
      eb
        .selectFrom('team_members')
        .whereRef('team_members.team_id', '=', 'teams.id')
        .select(eb.fn.countAll<number>().as('count'))
        .as('member_count'),
    )
    .where(inScope(scope));
}

/** The scope's teams: every team, the one team, or none. */
function inScope(scope: TeamScope) {
  if ('all' in scope) return sql<boolean>`true`;
  return scope.teamId ? sql<boolean>`teams.id = ${scope.teamId}` : sql<boolean>`false`;
}

export type TeamRecord = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

/** The search matches the name or the description, ignoring case. */
function matchesSearch(search: string | undefined) {
  if (!search) return undefined;
  const inName = containsText('teams.name', search);
  const inDescription = containsText('teams.description', search);
  return sql<boolean>`(${inName} or ${inDescription})`;
}

const sortExpressions = {
  name: sql`teams.name_key`,
  description: sql`lower(teams.description)`,
  createdBy: sql`lower(teams.created_by)`,
  created: sql`teams.created_at`,
  // The select's own column: PostgreSQL sorts by an output column named alone.
  members: sql.ref('member_count'),
} satisfies Record<TeamSortColumn, unknown>;

/** A page, newest first unless sorted; ties newest first, then by id. */
export function listTeams(
  db: Db,
  scope: TeamScope,
  query: ListQuery<TeamSortColumn>,
  window: PageWindow,
) {
  const matches = matchesSearch(query.search);
  const sort = query.sort ?? { column: 'created', descending: true };
  return selectTeams(db, scope)
    .$if(matches !== undefined, (rows) => rows.where(matches!))
    .orderBy(sortExpressions[sort.column], direction(sort.descending))
    .orderBy('teams.created_at', 'desc')
    .orderBy('teams.id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/** Teams in the scope, and how many of them the search matches. */
export async function countTeams(db: Db, scope: TeamScope, search: string | undefined) {
  const row = await db
    .selectFrom('teams')
    .select(countAllAndMatching(matchesSearch(search)))
    .where(inScope(scope))
    .executeTakeFirstOrThrow();
  return toCounts(row);
}

export function findTeam(db: Db, id: string) {
  return selectTeams(db, { all: true }).where('teams.id', '=', id).executeTakeFirst();
}

export function insertTeam(
  db: Db,
  team: { name: string; description: string | null; createdBy: string; at: Date },
) {
  return db
    .insertInto('teams')
    .values({
      name: team.name,
      name_key: caselessKey(team.name),
      description: team.description,
      created_by: team.createdBy,
      created_at: team.at,
      updated_at: team.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateTeam(
  db: Db,
  id: string,
  changes: { name: string; description: string | null },
) {
  await db
    .updateTable('teams')
    .set({
      ...changes,
      name_key: caselessKeyAfterRename('teams.name', 'teams.name_key', changes.name),
    })
    .where('id', '=', id)
    .execute();
}

/** Memberships cascade and members' users.team_id is set null by the foreign keys. */
export async function deleteTeam(db: Db, id: string) {
  await db.deleteFrom('teams').where('id', '=', id).execute();
}

/** Memberships with their users (and an employee's full name): what a member row shows. */
function membersWithUsers(db: Db) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .leftJoin('employee_info', 'employee_info.user_id', 'users.id');
}

function selectMembers(db: Db) {
  return membersWithUsers(db).select([
    'team_members.id',
    'team_members.team_id',
    'team_members.user_id',
    'users.username',
    'employee_info.full_name',
    'users.role as user_role',
    'team_members.role',
  ]);
}

export type MemberRecord = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Every member of the team, leaders first, then by username. */
export function listMembers(db: Db, teamId: string) {
  return selectMembers(db)
    .where('team_members.team_id', '=', teamId)
    .orderBy(sql`team_members.role = 'team_leader'`, 'desc')
    .orderBy('users.username_key')
    .execute();
}

/** The members search matches the username or an employee's full name, ignoring case. */
function memberMatchesSearch(search: string | undefined) {
  if (!search) return undefined;
  const inUsername = containsText('users.username', search);
  const inFullName = containsText('employee_info.full_name', search);
  return sql<boolean>`(${inUsername} or coalesce(${inFullName}, false))`;
}

const memberSortExpressions = {
  username: sql`users.username_key`,
  // 'member' before 'team_leader': Member before Team Leader, as the column reads.
  role: sql`team_members.role`,
} satisfies Record<TeamMemberSortColumn, unknown>;

/**
 * A page of the team's members: leaders first, then by username, unless sorted; ties in that
 * order, then by membership id.
 */
export function listMemberPage(
  db: Db,
  teamId: string,
  query: ListQuery<TeamMemberSortColumn>,
  window: PageWindow,
) {
  const matches = memberMatchesSearch(query.search);
  const { sort } = query;
  return selectMembers(db)
    .where('team_members.team_id', '=', teamId)
    .$if(matches !== undefined, (rows) => rows.where(matches!))
    .$if(sort !== undefined, (rows) =>
      rows.orderBy(memberSortExpressions[sort!.column], direction(sort!.descending)),
    )
    .orderBy(sql`team_members.role = 'team_leader'`, 'desc')
    .orderBy('users.username_key')
    .orderBy('team_members.id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/** The team's members, and how many of them the search matches. */
export async function countMembers(db: Db, teamId: string, search: string | undefined) {
  const row = await membersWithUsers(db)
    .select(countAllAndMatching(memberMatchesSearch(search)))
    .where('team_members.team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return toCounts(row);
}

export function findMember(db: Db, teamId: string, memberId: string) {
  return selectMembers(db)
    .where('team_members.team_id', '=', teamId)
    .where('team_members.id', '=', memberId)
    .executeTakeFirst();
}

export function findMemberByUser(db: Db, userId: string) {
  return selectMembers(db).where('team_members.user_id', '=', userId).executeTakeFirst();
}

export function findUserForMembership(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'is_super_admin', 'team_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function insertMember(
  db: Db,
  member: { teamId: string; userId: string; role: 'member' | 'team_leader'; at: Date },
) {
  const row = await db
    .insertInto('team_members')
    .values({
      team_id: member.teamId,
      user_id: member.userId,
      role: member.role,
      created_at: member.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMemberRole(db: Db, memberId: string, role: 'member' | 'team_leader') {
  await db.updateTable('team_members').set({ role }).where('id', '=', memberId).execute();
}

export async function deleteMembershipOfUser(db: Db, userId: string) {
  await db.deleteFrom('team_members').where('user_id', '=', userId).execute();
}

export async function setUserTeam(db: Db, userId: string, teamId: string | null) {
  await db.updateTable('users').set({ team_id: teamId }).where('id', '=', userId).execute();
}

/**
 * Employees and admins, not super admins, not already in this team. `isTeamless`: only those
 * in no team.
 */
function candidatesOf(db: Db, teamId: string, isTeamless: boolean) {
  return db
    .selectFrom('users')
    .where('users.role', 'in', ['employee', 'admin'])
    .where('users.is_super_admin', '=', false)
    .where((eb) =>
      isTeamless
        ? eb('users.team_id', 'is', null)
        : eb.or([eb('users.team_id', 'is', null), eb('users.team_id', '!=', teamId)]),
    );
}

/** The candidates search matches the username, ignoring case. */
const candidateMatchesSearch = (search: string | undefined) =>
  search ? containsText('users.username', search) : undefined;

/**
 * A page of the candidates, with the team each is in: those in no team first, then by username,
 * unless sorted; ties by id.
 */
export function listCandidatePage(
  db: Db,
  candidates: { teamId: string; isTeamless: boolean },
  query: ListQuery<TeamCandidateSortColumn>,
  window: PageWindow,
) {
  const matches = candidateMatchesSearch(query.search);
  const { sort } = query;
  return candidatesOf(db, candidates.teamId, candidates.isTeamless)
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .select([
      'users.id',
      'users.username',
      'users.role',
      'users.team_id',
      'teams.name as team_name',
    ])
    .$if(matches !== undefined, (rows) => rows.where(matches!))
    .$if(sort === undefined, (rows) => rows.orderBy(sql`users.team_id is not null`))
    .orderBy('users.username_key', direction(sort?.descending ?? false))
    .orderBy('users.id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/** The candidates, and how many of them the search matches. */
export async function countCandidates(
  db: Db,
  candidates: { teamId: string; isTeamless: boolean },
  search: string | undefined,
) {
  const row = await candidatesOf(db, candidates.teamId, candidates.isTeamless)
    .select(countAllAndMatching(candidateMatchesSearch(search)))
    .executeTakeFirstOrThrow();
  return toCounts(row);
}
