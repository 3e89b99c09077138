import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the analytics views (src/server/modules/analytics): each view reads one range
 * of an agent's rows per index, and with the columns it sums included the scan needs no heap
 * visit (index-only, once vacuumed).
 * - Calls by agent and start: replaces `call_logs_user_time_idx` (same keys), adding the
 *   columns the counts and talk time come from.
 * - Closed status intervals by agent and end: an interval overlaps [start, end) when it ends
 *   after `start` and starts before `end`; seeking on the end skips the agent's older history
 *   (the existing `(user_id, started_at)` index would read it all). Open intervals come from
 *   the one-open-per-user index.
 */
const statements = [
  `CREATE INDEX call_logs_analytics_idx ON call_logs (user_id, time_received)
    INCLUDE (call_status, call_type, duration_seconds)`,
  `DROP INDEX call_logs_user_time_idx`,
  `CREATE INDEX employee_status_log_analytics_idx ON employee_status_log (user_id, ended_at)
    INCLUDE (started_at, status, duration_seconds) WHERE ended_at IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX employee_status_log_analytics_idx`.execute(db);
  await sql`CREATE INDEX call_logs_user_time_idx ON call_logs (user_id, time_received)`.execute(db);
  await sql`DROP INDEX call_logs_analytics_idx`.execute(db);
}
