import { sql } from 'kysely';
import type { Db } from '../../platform/database';
import { containsText } from '../accounts/accounts.repository';

function selectAdminRows(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .leftJoin('team_members', (join) =>
      join
        .onRef('team_members.user_id', '=', 'users.id')
        .onRef('team_members.team_id', '=', 'users.team_id'),
    )
    .select([
      'users.id',
      'users.username',
      'users.is_super_admin',
      'users.team_id',
      'teams.name as team_name',
      'users.created_at',
    ])
    .select(sql<boolean>`coalesce(team_members.role = 'team_leader', false)`.as('is_team_leader'))
    .where('users.role', '=', 'admin');
}

export type AdminRowRecord = NonNullable<Awaited<ReturnType<typeof findAdminById>>>;

/** Super admins first (spec §5), then newest first. */
export function listAdmins(db: Db, search: string | undefined) {
  let query = selectAdminRows(db);
  if (search) query = query.where(containsText('users.username', search));
  return query
    .orderBy('users.is_super_admin', 'desc')
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .execute();
}

export async function countAdmins(db: Db) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findAdminById(db: Db, id: string) {
  return selectAdminRows(db).where('users.id', '=', id).executeTakeFirst();
}
