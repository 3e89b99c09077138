import { type Kysely, sql } from 'kysely';

/**
 * Queues: each team's inbound settings (per-agent, the spec's default, or a queue with its
 * arrival rate, callers' mean patience and service-level goal) and when its next caller
 * arrives; a row per queue caller (arrival, when they give up, how and when they left), and
 * the caller a call offered or answered is for. A caller is offered to one agent at a time and
 * answered at most once. A deleted team's callers stay, without the team, for the figures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE teams
    ADD COLUMN inbound_mode text NOT NULL DEFAULT 'per-agent'
      CONSTRAINT teams_inbound_mode_check CHECK (inbound_mode IN ('per-agent', 'queue')),
    ADD COLUMN calls_per_hour double precision NOT NULL DEFAULT 60
      CONSTRAINT teams_calls_per_hour_check CHECK (calls_per_hour > 0),
    ADD COLUMN patience_seconds integer NOT NULL DEFAULT 60
      CONSTRAINT teams_patience_seconds_check CHECK (patience_seconds >= 0),
    ADD COLUMN service_level_seconds integer NOT NULL DEFAULT 20
      CONSTRAINT teams_service_level_seconds_check CHECK (service_level_seconds > 0),
    ADD COLUMN service_level_target_percent integer NOT NULL DEFAULT 80
      CONSTRAINT teams_service_level_target_check
        CHECK (service_level_target_percent BETWEEN 1 AND 100),
    ADD COLUMN next_caller_at timestamptz`.execute(db);
  await sql`CREATE TABLE queue_callers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
    phone_number text NOT NULL,
    arrived_at timestamptz NOT NULL,
    gives_up_at timestamptz CHECK (gives_up_at >= arrived_at),
    outcome text CHECK (outcome IN ('answered', 'abandoned')),
    ended_at timestamptz CHECK (ended_at >= arrived_at),
    CONSTRAINT queue_callers_ended_with_outcome CHECK ((outcome IS NULL) = (ended_at IS NULL))
  )`.execute(db);
  await sql`CREATE INDEX queue_callers_waiting_idx ON queue_callers (team_id, arrived_at)
    WHERE ended_at IS NULL`.execute(db);
  await sql`CREATE INDEX queue_callers_arrival_idx ON queue_callers (team_id, arrived_at)
    INCLUDE (outcome, ended_at)`.execute(db);
  await sql`ALTER TABLE call_logs
    ADD COLUMN caller_id uuid REFERENCES queue_callers(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX call_logs_one_offer_per_caller_key ON call_logs (caller_id)
    WHERE call_status IS NULL OR call_status = 'answered'`.execute(db);
}
