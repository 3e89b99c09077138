import type { Kysely } from 'kysely';
import { moveUniqueNameToCaselessKey } from '../caseless-keys';

/**
 * Usernames are compared by a key computed in TypeScript (shared/caseless-key.ts), never by the
 * database's lower(): PostgreSQL lowers by its collation (under C, ASCII only) where JavaScript
 * lowers by Unicode, so 'ΣΙΣΥΦΟΣ' could be registered yet never match its own sign-in. The
 * unique index moves to the key and keeps its name, so a clash is still 'Username already
 * exists'. Names the old index let share a key keep their own spelling as their key, and such an
 * account signs in by that exact spelling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await moveUniqueNameToCaselessKey(db, {
    table: 'users',
    name: 'username',
    key: 'username_key',
    index: 'users_username_key',
  });
}
