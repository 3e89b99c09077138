import type { Db } from '../../platform/database';
import type { NewUser } from '../../db/schema';

export function insertUser(db: Db, user: NewUser) {
  return db
    .insertInto('users')
    .values(user)
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
}
