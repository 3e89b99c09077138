import { type Kysely, sql } from 'kysely';

/**
 * The tables of spec §3 as DESIGN.md's Data section changes them, with their indexes and
 * constraints. `status_timers` and `status_history` are not tables: they are derived from
 * `employee_status_log`. Functions, triggers and types are not here: they live in ../sql/, one
 * file per family, applied after the migrations (../sql-files.ts).
 */
const statements = [
  `CREATE TABLE teams (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CHECK (length(btrim(name)) > 0),
    description text,
    created_by text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX teams_name_key ON teams (lower(name))`,

  `CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text,
    username text NOT NULL CHECK (length(btrim(username)) > 0),
    password_hash text NOT NULL,
    role text NOT NULL CHECK (role IN ('employee', 'admin')),
    is_super_admin boolean NOT NULL DEFAULT false,
    team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
    security_question text,
    security_answer_hash text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (NOT is_super_admin OR role = 'admin')
  )`,
  `CREATE UNIQUE INDEX users_username_key ON users (lower(username))`,
  `CREATE INDEX users_team_id_idx ON users (team_id)`,
  `CREATE INDEX users_role_created_at_idx ON users (role, created_at DESC)`,

  // A user is in at most one team (DESIGN.md), hence the unique user_id.
  `CREATE TABLE team_members (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'team_leader')),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT team_members_user_key UNIQUE (user_id)
  )`,
  `CREATE INDEX team_members_team_id_idx ON team_members (team_id, role)`,

  `CREATE TABLE employee_info (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    full_name text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  // A ringing call has no outcome (call_status NULL) and a deadline, when the call engine
  // marks it missed; the voice identity is the voice-AI assistant that took it.
  `CREATE TABLE call_logs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    phone_number text NOT NULL,
    call_type text NOT NULL CHECK (call_type IN ('inbound', 'outbound')),
    call_status text CHECK (call_status IN ('answered', 'declined', 'missed')),
    time_received timestamptz NOT NULL DEFAULT now(),
    answered_at timestamptz,
    ended_at timestamptz,
    duration_seconds integer CHECK (duration_seconds >= 0),
    notes text,
    ring_deadline timestamptz,
    voice_identity text,
    CONSTRAINT call_logs_ringing_has_deadline
      CHECK (call_status IS NOT NULL OR ring_deadline IS NOT NULL)
  )`,
  // At most one open call (ringing, or answered and not ended) per agent.
  `CREATE UNIQUE INDEX call_logs_one_open_call_key ON call_logs (user_id) WHERE ended_at IS NULL`,
  `CREATE INDEX call_logs_ringing_idx ON call_logs (user_id) WHERE call_status IS NULL`,
  `CREATE INDEX call_logs_ring_deadline_idx ON call_logs (ring_deadline) WHERE call_status IS NULL`,
  // The analytics read one range of an agent's calls, index-only once vacuumed.
  `CREATE INDEX call_logs_analytics_idx ON call_logs (user_id, time_received)
    INCLUDE (call_status, call_type, duration_seconds)`,

  // Who set each status: the agent, or the system (On Call and After Call Work follow a call,
  // Tech Issues an available agent's lost connection).
  `CREATE TABLE employee_status_log (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('available', 'on_call', 'break', 'lunch', 'personal',
      'tech_issues', 'gone_home', 'after_call', 'out_bound')),
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    duration_seconds integer CHECK (duration_seconds >= 0),
    set_by text NOT NULL DEFAULT 'agent' CHECK (set_by IN ('agent', 'system')),
    CHECK (ended_at IS NULL OR ended_at >= started_at)
  )`,
  `CREATE UNIQUE INDEX employee_status_log_one_open_key
    ON employee_status_log (user_id) WHERE ended_at IS NULL`,
  `CREATE INDEX employee_status_log_user_started_idx ON employee_status_log (user_id, started_at)`,
  // Closed intervals by agent and end: an interval overlaps [start, end) when it ends after
  // start and starts before end; seeking on the end skips the agent's older history.
  `CREATE INDEX employee_status_log_analytics_idx ON employee_status_log (user_id, ended_at)
    INCLUDE (started_at, status, duration_seconds) WHERE ended_at IS NOT NULL`,
  // The closed intervals the rollups leave out (no duration; rare): with the one-open key, an
  // employee's record count without reading all their history.
  `CREATE INDEX employee_status_log_no_duration_idx ON employee_status_log (user_id)
    WHERE ended_at IS NOT NULL AND duration_seconds IS NULL`,

  `CREATE TABLE employee_sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_date date NOT NULL,
    session_start timestamptz NOT NULL,
    session_end timestamptz,
    CONSTRAINT employee_sessions_user_date_key UNIQUE (user_id, session_date)
  )`,

  `CREATE TABLE auth_sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    ip text,
    user_agent text
  )`,
  `CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id)`,

  `CREATE TABLE password_reset_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,

  // No foreign keys: history outlives the users and teams it names.
  `CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    actor_id uuid,
    actor_name text,
    action text NOT NULL,
    target_type text,
    target_id text,
    target_name text,
    ip text,
    details jsonb
  )`,
  `CREATE INDEX audit_log_created_at_idx ON audit_log (created_at)`,

  // Values the processes sharing this database must agree on (the generated session secret,
  // the rollups' zone).
  `CREATE TABLE app_settings (
    key text PRIMARY KEY,
    value text NOT NULL
  )`,
  `INSERT INTO app_settings (key, value) VALUES ('rollup_time_zone', 'America/New_York')`,

  // Sign-in and reset-answer attempts within the limit window: counted per username and per
  // address. A row is written before the attempt is tried, so concurrent tries cannot race.
  `CREATE TABLE auth_attempts (
    id bigserial PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('sign_in', 'reset_answer')),
    username_key text NOT NULL,
    ip text,
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX auth_attempts_username_idx ON auth_attempts (kind, username_key, created_at)`,
  `CREATE INDEX auth_attempts_ip_idx ON auth_attempts (kind, ip, created_at)`,
  `CREATE INDEX auth_attempts_created_at_idx ON auth_attempts (created_at)`,

  // One row per live socket, so every process knows whether an agent is still there. A process
  // refreshes seen_at of its own sockets every heartbeat; a closed socket keeps seen_at = the
  // moment it closed, a dead process's stop moving.
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
  `CREATE INDEX live_connections_instance_idx ON live_connections (instance_id)
    WHERE closed_at IS NULL`,

  // The voice-AI identities' turn: one counter every server process draws from, so the
  // rotation is round-robin across them.
  `CREATE SEQUENCE voice_identity_turn MINVALUE 0 START 0`,

  // The analytics' rollups (../sql/rollups.sql says what they hold and what keeps them).
  `CREATE TABLE call_day_totals (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    total_calls integer NOT NULL DEFAULT 0,
    answered integer NOT NULL DEFAULT 0,
    declined integer NOT NULL DEFAULT 0,
    missed integer NOT NULL DEFAULT 0,
    inbound_offered integer NOT NULL DEFAULT 0,
    inbound_answered integer NOT NULL DEFAULT 0,
    handled_calls integer NOT NULL DEFAULT 0,
    talk_seconds bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
  )`,
  // A short window (today, the last 7 days) seeks its days instead of every agent's history.
  `CREATE INDEX call_day_totals_day_idx ON call_day_totals (day)`,
  `CREATE TABLE call_month_totals (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month date NOT NULL,
    total_calls integer NOT NULL DEFAULT 0,
    answered integer NOT NULL DEFAULT 0,
    declined integer NOT NULL DEFAULT 0,
    missed integer NOT NULL DEFAULT 0,
    inbound_offered integer NOT NULL DEFAULT 0,
    inbound_answered integer NOT NULL DEFAULT 0,
    handled_calls integer NOT NULL DEFAULT 0,
    talk_seconds bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, month)
  )`,
  `CREATE TABLE status_day_totals (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    status text NOT NULL,
    seconds bigint NOT NULL DEFAULT 0,
    intervals integer NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day, status)
  )`,
  `CREATE TABLE status_metric_day_totals (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    available_seconds bigint NOT NULL DEFAULT 0,
    on_call_seconds bigint NOT NULL DEFAULT 0,
    after_call_seconds bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
  )`,
  `CREATE INDEX status_metric_day_totals_day_idx ON status_metric_day_totals (day)`,
  `CREATE TABLE status_metric_month_totals (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month date NOT NULL,
    available_seconds bigint NOT NULL DEFAULT 0,
    on_call_seconds bigint NOT NULL DEFAULT 0,
    after_call_seconds bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, month)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
