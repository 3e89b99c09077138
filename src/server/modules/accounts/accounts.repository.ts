import { sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';
import { caselessKeyAfterRename } from '../../db/caseless-keys';
import type { NewUser } from '../../db/schema';
import type { Db } from '../../platform/database';

/** Case-insensitive 'contains', without LIKE's wildcards getting in the way of user text. */
export const containsText = (column: string, search: string) =>
  sql<boolean>`position(${search.toLowerCase()} in lower(${sql.ref(column)})) > 0`;

/** A new user, with its username's key: a name another's key matches is 'already exists'. */
export function insertUser(db: Db, user: Omit<NewUser, 'username_key'>) {
  return db
    .insertInto('users')
    .values({ ...user, username_key: caselessKey(user.username) })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
}

/**
 * The key changes only with the name: an account whose key is its exact spelling (see
 * 20261202T0100-username-keys) keeps it through a password change.
 */
export async function updateAccount(
  db: Db,
  id: string,
  changes: { username: string; password_hash?: string },
) {
  await db
    .updateTable('users')
    .set({
      ...changes,
      username_key: caselessKeyAfterRename(
        'users.username',
        'users.username_key',
        changes.username,
      ),
    })
    .where('id', '=', id)
    .execute();
}

/** Everything of the user goes with it: every user-owned table cascades (DESIGN.md). */
export async function deleteUser(db: Db, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
