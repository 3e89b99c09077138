import { type Kysely, sql } from 'kysely';

/**
 * The Audit Log sorted by user, action or target reads a page from an index, either way, from
 * either end (a page in the list's second half is read from its end: the indexes read
 * backwards give the reverse order). Its search reads `search_text` (the names and the action
 * code lowercased, a line each) through a trigram index, so a name searched for is found
 * without reading the whole log. pg_trgm lives in its own schema, out of the app's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(coalesce(actor_name, '') || E'\n' || coalesce(target_name, '') || E'\n' || action)
  ) STORED`.execute(db);
  await sql`CREATE SCHEMA IF NOT EXISTS extensions`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions`.execute(db);
  await sql`CREATE INDEX audit_log_search_idx
    ON audit_log USING gin (search_text extensions.gin_trgm_ops)`.execute(db);
  for (const [name, key] of [
    ['actor', sql`lower(actor_name)`],
    ['action', sql`action`],
    ['target', sql`lower(target_name)`],
  ] as const) {
    await sql`CREATE INDEX ${sql.id(`audit_log_${name}_idx`)}
      ON audit_log (${key}, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX ${sql.id(`audit_log_${name}_desc_idx`)}
      ON audit_log (${key} DESC NULLS LAST, created_at DESC, id DESC)`.execute(db);
  }
}
