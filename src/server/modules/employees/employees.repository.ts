import { sql } from 'kysely';
import type { EmployeeSortColumn } from '../../../shared/schemas/employees';
import type { ListQuery } from '../../../shared/schemas/list';
import type { Db } from '../../platform/database';
import {
  type PageWindow,
  countAllAndMatching,
  direction,
  toCounts,
} from '../../platform/list-page';
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

/** The search matches the username, ignoring case. */
const matchesSearch = (search: string | undefined) =>
  search ? containsText('users.username', search) : undefined;

const sortExpressions = {
  username: sql`users.username_key`,
  team: sql`lower(teams.name)`,
  registered: sql`users.created_at`,
} satisfies Record<EmployeeSortColumn, unknown>;

/** A page, newest first unless sorted; ties in registration order, then by id. */
export function listEmployees(
  db: Db,
  scope: EmployeeScope,
  query: ListQuery<EmployeeSortColumn>,
  window: PageWindow,
) {
  const matches = matchesSearch(query.search);
  const sort = query.sort ?? { column: 'registered', descending: true };
  return selectEmployees(db, scope)
    .$if(matches !== undefined, (rows) => rows.where(matches!))
    .orderBy(sortExpressions[sort.column], direction(sort.descending))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/** Employees in the scope, and how many of them the search matches. */
export async function countEmployees(db: Db, scope: EmployeeScope, search: string | undefined) {
  let query = db
    .selectFrom('users')
    .select(countAllAndMatching(matchesSearch(search)))
    .where('role', '=', 'employee');
  if (!('all' in scope)) query = query.where('team_id', '=', scope.teamId);
  return toCounts(await query.executeTakeFirstOrThrow());
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
