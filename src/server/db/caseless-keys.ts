import { type Kysely, sql } from 'kysely';
import { caselessKey } from '../../shared/caseless-key';

/**
 * The caseless keys of names that were unique only by the database's lower() (oldest first):
 * names the old index let share a key ('Straße' and 'strasse') cannot all have it. The one spelt
 * as the key itself, else the oldest, gets the key; each other keeps its own spelling as its key.
 * No key can equal such a spelling (a key is its own key, the spelling is not), so the keys stay
 * unique, and each such name is found by its exact spelling until someone renames it.
 */
export function caselessKeysKeepingClashes(rows: readonly { id: string; name: string }[]) {
  const byKey = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const key = caselessKey(row.name);
    const sharing = byKey.get(key);
    if (sharing) sharing.push(row);
    else byKey.set(key, [row]);
  }
  const ids: string[] = [];
  const keys: string[] = [];
  for (const [key, sharing] of byKey) {
    const holder = sharing.find((row) => row.name === key) ?? sharing[0]!;
    for (const row of sharing) {
      ids.push(row.id);
      keys.push(row === holder ? key : row.name);
    }
  }
  return { ids, keys };
}

/**
 * For a migration: moves `table`'s unique index `index` (on lower(`name`)) to a new NOT NULL
 * column `key` holding each row's caseless key (`caselessKeysKeepingClashes`). The index keeps
 * its name, so a clash still maps to the same error; a key is not an edit of the row, so its
 * triggers (updated_at) are off while the keys are written.
 */
export async function moveUniqueNameToCaselessKey(
  db: Kysely<unknown>,
  { table, name, key, index }: { table: string; name: string; key: string; index: string },
) {
  await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(key)} text`.execute(db);
  const rows = await sql<{ id: string; name: string }>`
    SELECT id, ${sql.ref(name)} AS name FROM ${sql.table(table)} ORDER BY created_at, id`.execute(
    db,
  );
  const { ids, keys } = caselessKeysKeepingClashes(rows.rows);

  await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(db);
  await sql`UPDATE ${sql.table(table)} SET ${sql.ref(key)} = k.key
    FROM unnest(${ids}::uuid[], ${keys}::text[]) AS k(id, key)
    WHERE ${sql.table(table)}.id = k.id`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(db);

  await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(key)} SET NOT NULL`.execute(db);
  await sql`DROP INDEX ${sql.ref(index)}`.execute(db);
  await sql`CREATE UNIQUE INDEX ${sql.ref(index)} ON ${sql.table(table)} (${sql.ref(key)})`.execute(
    db,
  );
}

/**
 * The key a rename stores: the row's own when the spelling does not change (it may be one the
 * migration kept as spelt), else the new name's.
 */
export function caselessKeyAfterRename(nameColumn: string, keyColumn: string, name: string) {
  return sql<string>`CASE WHEN ${sql.ref(nameColumn)} = ${name}
    THEN ${sql.ref(keyColumn)} ELSE ${caselessKey(name)} END`;
}
