import { type Kysely, sql } from 'kysely';
import { caselessKeysKeepingClashes } from '../caseless-keys';

/**
 * Team names are unique by a key computed in TypeScript (shared/caseless-key.ts), as usernames
 * are, not by the database's lower(), which lowers by the collation (under C, ASCII only): on
 * one database 'Équipe' and 'ÉQUIPE' could be two teams, on another not. The unique index moves
 * to the key and keeps its name, so a clash is still 'Team name already exists'.
 *
 * Names the old index let share a key keep their own spelling as their key
 * (`caselessKeysKeepingClashes`); a rename gives them the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE teams ADD COLUMN name_key text`.execute(db);
  const teams = await sql<{ id: string; name: string }>`
    SELECT id, name FROM teams ORDER BY created_at, id`.execute(db);
  const { ids, keys } = caselessKeysKeepingClashes(teams.rows);

  // A key is not an edit of the team: updated_at keeps when it last changed.
  await sql`ALTER TABLE teams DISABLE TRIGGER USER`.execute(db);
  await sql`UPDATE teams SET name_key = k.key
    FROM unnest(${ids}::uuid[], ${keys}::text[]) AS k(id, key)
    WHERE teams.id = k.id`.execute(db);
  await sql`ALTER TABLE teams ENABLE TRIGGER USER`.execute(db);

  await sql`ALTER TABLE teams ALTER COLUMN name_key SET NOT NULL`.execute(db);
  await sql`DROP INDEX teams_name_key`.execute(db);
  await sql`CREATE UNIQUE INDEX teams_name_key ON teams (name_key)`.execute(db);
}
