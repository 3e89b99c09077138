import { sql } from 'kysely';
import type { AdminSortColumn } from '../../../shared/schemas/admins';
import type { ListQuery } from '../../../shared/schemas/list';
import type { Db } from '../../platform/database';
import {
  type PageWindow,
  countAllAndMatching,
  direction,
  toCounts,
} from '../../platform/list-page';
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

/** The search matches the username, ignoring case. */
const matchesSearch = (search: string | undefined) =>
  search ? containsText('users.username', search) : undefined;

const sortExpressions = {
  username: sql`users.username_key`,
  team: sql`lower(teams.name)`,
} satisfies Record<AdminSortColumn, unknown>;

/** A page: super admins first (spec §5), then newest first, unless sorted; ties by id. */
export function listAdmins(db: Db, query: ListQuery<AdminSortColumn>, window: PageWindow) {
  const matches = matchesSearch(query.search);
  return selectAdminRows(db)
    .$if(matches !== undefined, (rows) => rows.where(matches!))
    .$if(query.sort !== undefined, (rows) =>
      rows.orderBy(sortExpressions[query.sort!.column], direction(query.sort!.descending)),
    )
    .orderBy('users.is_super_admin', 'desc')
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/** Every admin, and how many of them the search matches. */
export async function countAdmins(db: Db, search: string | undefined) {
  const row = await db
    .selectFrom('users')
    .select(countAllAndMatching(matchesSearch(search)))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return toCounts(row);
}

export function findAdminById(db: Db, id: string) {
  return selectAdminRows(db).where('users.id', '=', id).executeTakeFirst();
}
