import { sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';
import { caselessKeyAfterRename } from '../../db/caseless-keys';
import type { Db } from '../../platform/database';
import { containsText } from '../accounts/accounts.repository';

/** Which teams a query may return: every team, or only one (a leader's own). */
export type TeamScope = { all: true } | { teamId: string | null };

function selectTeams(db: Db, scope: TeamScope) {
  let query = db
    .selectFrom('teams')
    .select(['teams.id', 'teams.name', 'teams.description', 'teams.created_by', 'teams.created_at'])
    .select((eb) =>
      eb
        .selectFrom('team_members')
        .whereRef('team_members.team_id', '=', 'teams.id')
        .select(eb.fn.countAll<number>().as('count'))
        .as('member_count'),
    );
  if (!('all' in scope)) {
    query = scope.teamId
      ? query.where('teams.id', '=', scope.teamId)
      : query.where(sql<boolean>`false`);
  }
  return query;
}

export type TeamRecord = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

/** Newest first; the search matches name or description, ignoring case. */
export function listTeams(db: Db, scope: TeamScope, search: string | undefined) {
  let query = selectTeams(db, scope);
  if (search) {
    query = query.where((eb) =>
      eb.or([containsText('teams.name', search), containsText('teams.description', search)]),
    );
  }
  return query.orderBy('teams.created_at', 'desc').orderBy('teams.id').execute();
}

export async function countTeams(db: Db, scope: TeamScope) {
  const rows = await selectTeams(db, scope).execute();
  return rows.length;
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

function selectMembers(db: Db) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.id',
      'team_members.team_id',
      'team_members.user_id',
      'users.username',
      'users.role as user_role',
      'team_members.role',
    ]);
}

export type MemberRecord = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Leaders first, then by username. */
export function listMembers(db: Db, teamId: string) {
  return selectMembers(db)
    .where('team_members.team_id', '=', teamId)
    .orderBy(sql`team_members.role = 'team_leader'`, 'desc')
    .orderBy(sql`lower(users.username)`)
    .execute();
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
 * Employees and admins, not super admins, not already in this team — with the team they are in.
 * `isTeamless`: only those in no team.
 */
export function listCandidates(db: Db, teamId: string, isTeamless: boolean) {
  let query = db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .select([
      'users.id',
      'users.username',
      'users.role',
      'users.team_id',
      'teams.name as team_name',
    ])
    .where('users.role', 'in', ['employee', 'admin'])
    .where('users.is_super_admin', '=', false)
    .where((eb) => eb.or([eb('users.team_id', 'is', null), eb('users.team_id', '!=', teamId)]));
  if (isTeamless) query = query.where('users.team_id', 'is', null);
  return query
    .orderBy(sql`users.team_id IS NOT NULL`)
    .orderBy(sql`lower(users.username)`)
    .execute();
}
