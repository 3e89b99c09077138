import { type Kysely, sql } from 'kysely';

/**
 * The Audit Log pages newest first with the id breaking ties (entries of one moment), and
 * filters by days: an index on (created_at, id) serves both, read backwards for newest first,
 * so neither a page deep into a long log nor a range of days is sorted. It replaces the index
 * on created_at alone, under the same name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS audit_log_created_at_idx`.execute(db);
  await sql`CREATE INDEX audit_log_created_at_idx ON audit_log (created_at, id)`.execute(db);
}
