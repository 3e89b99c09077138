import type { Db } from '../../platform/database';
import { containsText } from '../accounts/accounts.repository';

/** Every employee, or one team's. */
export type EmployeeScope = { all: true } | { teamId: string };

function selectEmployees(db: Db, scope: EmployeeScope) {
  let query = db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .leftJoin('employee_info', 'employee_info.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'employee_info.full_name',
      'users.team_id',
      'teams.name as team_name',
      'users.created_at',
    ])
    .where('users.role', '=', 'employee');
  if (!('all' in scope)) query = query.where('users.team_id', '=', scope.teamId);
  return query;
}

export type EmployeeRecord = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;

/** Newest first; the search matches the username, ignoring case. */
export function listEmployees(db: Db, scope: EmployeeScope, search: string | undefined) {
  let query = selectEmployees(db, scope);
  if (search) query = query.where(containsText('users.username', search));
  return query.orderBy('users.created_at', 'desc').orderBy('users.id').execute();
}

export async function countEmployees(db: Db, scope: EmployeeScope) {
  let query = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'employee');
  if (!('all' in scope)) query = query.where('team_id', '=', scope.teamId);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The employee, if it is in the scope: outside it, an employee does not exist for the caller. */
export function findEmployee(db: Db, id: string, scope: EmployeeScope) {
  return selectEmployees(db, scope).where('users.id', '=', id).executeTakeFirst();
}

export async function insertEmployeeInfo(db: Db, userId: string) {
  await db.insertInto('employee_info').values({ user_id: userId, full_name: null }).execute();
}

export function listTeamRefs(db: Db, scope: EmployeeScope) {
  let query = db.selectFrom('teams').select(['id', 'name']);
  if (!('all' in scope)) query = query.where('id', '=', scope.teamId);
  return query.orderBy('name').execute();
}
