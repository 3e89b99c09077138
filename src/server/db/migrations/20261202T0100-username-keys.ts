import { type Kysely, sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';

/**
 * Usernames are compared by a key computed in TypeScript (shared/caseless-key.ts), never by the
 * database's lower(): PostgreSQL lowers by its collation (under C, ASCII only) where JavaScript
 * lowers by Unicode, so 'ΣΙΣΥΦΟΣ' could be registered yet never match its own sign-in. The
 * unique index moves to the key and keeps its name, so a clash is still 'Username already
 * exists'.
 *
 * The old index let names now sharing a key coexist ('Straße' and 'strasse'). Of those, the one
 * spelt as the key itself, else the oldest, gets the key; each other keeps its own spelling as
 * its key. No key can equal such a spelling (a key is its own key, the spelling is not), so it
 * stays unique, and the account signs in by that exact spelling until someone renames it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN username_key text`.execute(db);
  const users = await sql<{ id: string; username: string }>`
    SELECT id, username FROM users ORDER BY created_at, id`.execute(db);

  const byKey = new Map<string, { id: string; username: string }[]>();
  for (const user of users.rows) {
    const key = caselessKey(user.username);
    const sharing = byKey.get(key);
    if (sharing) sharing.push(user);
    else byKey.set(key, [user]);
  }
  const ids: string[] = [];
  const keys: string[] = [];
  for (const [key, sharing] of byKey) {
    const holder = sharing.find((user) => user.username === key) ?? sharing[0]!;
    for (const user of sharing) {
      ids.push(user.id);
      keys.push(user === holder ? key : user.username);
    }
  }

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
