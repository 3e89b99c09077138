import { type Kysely, sql } from 'kysely';

/**
 * Who set each status (issue 10, presence hygiene): the agent, or the system — On Call and
 * After Call Work follow a call, and Tech Issues follows an available agent's lost
 * connection (DESIGN.md, departures from the spec). A constant default: no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE employee_status_log
    ADD COLUMN set_by text NOT NULL DEFAULT 'agent' CHECK (set_by IN ('agent', 'system'))`.execute(
    db,
  );
  await sql`UPDATE employee_status_log SET set_by = 'system'
    WHERE status IN ('on_call', 'after_call')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE employee_status_log DROP COLUMN set_by`.execute(db);
}
