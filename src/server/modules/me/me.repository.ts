import type { Db } from '../../platform/database';

export function findProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .leftJoin('employee_info', 'employee_info.user_id', 'users.id')
    .select([
      'users.username',
      'users.role',
      'users.team_id',
      'teams.name as team_name',
      'employee_info.full_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function saveFullName(db: Db, userId: string, fullName: string | null) {
  await db
    .insertInto('employee_info')
    .values({ user_id: userId, full_name: fullName })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ full_name: fullName }))
    .execute();
}
