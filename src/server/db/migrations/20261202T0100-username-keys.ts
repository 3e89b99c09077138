import { type Kysely, sql } from 'kysely';
import { caselessKeysKeepingClashes } from '../caseless-keys';

/**
 * Usernames are compared by a key computed in TypeScript (shared/caseless-key.ts), never by the
 * database's lower(): PostgreSQL lowers by its collation (under C, ASCII only) where JavaScript
 * lowers by Unicode, so 'ΣΙΣΥΦΟΣ' could be registered yet never match its own sign-in. The
 * unique index moves to the key and keeps its name, so a clash is still 'Username already
 * exists'.
 *
 * Names the old index let share a key keep their own spelling as their key
 * (`caselessKeysKeepingClashes`), and such an account signs in by that exact spelling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN username_key text`.execute(db);
  const users = await sql<{ id: string; username: string }>`
    SELECT id, username FROM users ORDER BY created_at, id`.execute(db);

  const { ids, keys } = caselessKeysKeepingClashes(
    users.rows.map((user) => ({ id: user.id, name: user.username })),
  );

  // A key is not an edit of the account: updated_at keeps when it last changed.
  await sql`ALTER TABLE users DISABLE TRIGGER USER`.execute(db);
  await sql`UPDATE users SET username_key = k.key
    FROM unnest(${ids}::uuid[], ${keys}::text[]) AS k(id, key)
    WHERE users.id = k.id`.execute(db);
  await sql`ALTER TABLE users ENABLE TRIGGER USER`.execute(db);

  await sql`ALTER TABLE users ALTER COLUMN username_key SET NOT NULL`.execute(db);
  await sql`DROP INDEX users_username_key`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_key ON users (username_key)`.execute(db);
}
