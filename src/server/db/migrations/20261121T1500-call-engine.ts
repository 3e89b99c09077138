import { type Kysely, sql } from 'kysely';

/**
 * The server's call engine (DESIGN.md principle 4): ring deadlines and offer times live in
 * the database, so any process can honour them, and live connections are rows, so every
 * process knows whether an agent is still there.
 */
const statements = [
  // A ringing call (call_status NULL) becomes missed at its deadline.
  `ALTER TABLE call_logs ADD COLUMN ring_deadline timestamptz`,
  `ALTER TABLE call_logs ADD CONSTRAINT call_logs_ringing_has_deadline
    CHECK (call_status IS NOT NULL OR ring_deadline IS NOT NULL)`,
  `CREATE INDEX call_logs_ring_deadline_idx ON call_logs (ring_deadline) WHERE call_status IS NULL`,
  // At most one open call (ringing, or answered and not ended) per agent.
  `CREATE UNIQUE INDEX call_logs_one_open_call_key ON call_logs (user_id) WHERE ended_at IS NULL`,
  // The next offer for an eligible agent: due at basis + a random delay, where the basis is
  // the moment the agent last became eligible (available, connected, no open call).
  `CREATE TABLE call_offers (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    basis timestamptz NOT NULL,
    due_at timestamptz NOT NULL
    )`,
  `CREATE INDEX call_offers_due_at_idx ON call_offers (due_at)`,
  // One row per live socket. A process refreshes seen_at of its own sockets every heartbeat;
  // a closed socket keeps seen_at = the moment it closed, a dead process's stop moving.
  `CREATE TABLE live_connections (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id uuid NOT NULL,
    instance_id text NOT NULL,
    opened_at timestamptz NOT NULL,
    seen_at timestamptz NOT NULL,
    closed_at timestamptz
    )`,
  `CREATE INDEX live_connections_user_idx ON live_connections (user_id, seen_at)`,
  `CREATE INDEX live_connections_instance_idx ON live_connections (instance_id) WHERE closed_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE live_connections, call_offers`.execute(db);
  await sql`DROP INDEX call_logs_one_open_call_key, call_logs_ring_deadline_idx`.execute(db);
  await sql`ALTER TABLE call_logs DROP CONSTRAINT call_logs_ringing_has_deadline,
    DROP COLUMN ring_deadline`.execute(db);
}
