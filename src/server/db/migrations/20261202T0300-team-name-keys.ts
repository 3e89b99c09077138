import type { Kysely } from 'kysely';
import { moveUniqueNameToCaselessKey } from '../caseless-keys';

/**
 * Team names are unique by a key computed in TypeScript (shared/caseless-key.ts), as usernames
 * are, not by the database's lower(), which lowers by the collation (under C, ASCII only): on
 * one database 'ΣΙΣΥΦΟΣ' and 'σισυφος' could be two teams, on another not. The unique index
 * moves to the key and keeps its name, so a clash is still 'Team name already exists'. Names the
 * old index let share a key keep their own spelling as their key until renamed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await moveUniqueNameToCaselessKey(db, {
    table: 'teams',
    name: 'name',
    key: 'name_key',
    index: 'teams_name_key',
  });
}
