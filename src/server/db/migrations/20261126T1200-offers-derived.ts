import { type Kysely, sql } from 'kysely';

/**
 * An offer's time is derived, not stored (issue 8 §2): the delay after the agent became
 * eligible is a hash of the agent and that moment (call-engine.ts), so every process computes
 * the same time and no plan is written — an offer cost a row inserted and deleted (~23 rows an
 * agent-hour). The claim is the agent's lock, taken with SKIP LOCKED, and the open-call key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE call_offers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE call_offers (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    basis timestamptz NOT NULL,
    due_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX call_offers_due_at_idx ON call_offers (due_at)`.execute(db);
}
