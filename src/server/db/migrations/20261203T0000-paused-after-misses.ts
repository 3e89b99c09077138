import { type Kysely, sql } from 'kysely';

/**
 * Tech Issues set by the system after an agent missed offers in a row records how many:
 * the softphone says why calls were paused. Null on every other interval (Tech Issues set by
 * the system without it: every connection was gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE employee_status_log ADD COLUMN missed_in_a_row smallint
    CONSTRAINT employee_status_log_missed_in_a_row_check CHECK (missed_in_a_row IS NULL
      OR (missed_in_a_row > 0 AND status = 'tech_issues' AND set_by = 'system'))`.execute(db);
}
