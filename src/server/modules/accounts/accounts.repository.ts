import { sql } from 'kysely';
import type { NewUser } from '../../db/schema';
import type { Db } from '../../platform/database';

/** Case-insensitive 'contains', without LIKE's wildcards getting in the way of user text. */
export const containsText = (column: string, search: string) =>
  sql<boolean>`position(${search.toLowerCase()} in lower(${sql.ref(column)})) > 0`;

export function insertUser(db: Db, user: NewUser) {
  return db
    .insertInto('users')
    .values(user)
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: { username: string; password_hash?: string },
) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Everything of the user goes with it: every user-owned table cascades (DESIGN.md). */
export async function deleteUser(db: Db, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
