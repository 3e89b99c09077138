import { type Kysely, sql } from 'kysely';

/**
 * Every entity of spec §3 as DESIGN.md's Data section changes it. `status_timers` and
 * `status_history` are not tables: they are derived from `employee_status_log`.
 */
const statements = [
  `CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
    NEW.updated_at = now();
    RETURN NEW;
    END $$`,
  `CREATE TABLE teams (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CHECK (length(btrim(name)) > 0),
    description text,
    created_by text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  `CREATE UNIQUE INDEX teams_name_key ON teams (lower(name))`,
  `CREATE TRIGGER teams_updated_at BEFORE UPDATE ON teams
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
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
  `CREATE TRIGGER users_updated_at BEFORE UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
  // A user is in at most one team (DESIGN.md), hence unique user_id.
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
  `CREATE TRIGGER employee_info_updated_at BEFORE UPDATE ON employee_info
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
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
    notes text
    )`,
  `CREATE INDEX call_logs_user_time_idx ON call_logs (user_id, time_received)`,
  `CREATE INDEX call_logs_ringing_idx ON call_logs (user_id) WHERE call_status IS NULL`,
  `CREATE TABLE employee_status_log (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('available', 'on_call', 'break', 'lunch', 'personal',
    'tech_issues', 'gone_home', 'after_call', 'out_bound')),
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    duration_seconds integer CHECK (duration_seconds >= 0),
    CHECK (ended_at IS NULL OR ended_at >= started_at)
    )`,
  `CREATE UNIQUE INDEX employee_status_log_one_open_key
    ON employee_status_log (user_id) WHERE ended_at IS NULL`,
  `CREATE INDEX employee_status_log_user_started_idx ON employee_status_log (user_id, started_at)`,
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
  // Values the processes sharing this database must agree on (the generated session secret).
  `CREATE TABLE app_settings (
    key text PRIMARY KEY,
    value text NOT NULL
    )`,
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
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE app_settings, auth_attempts, audit_log, password_reset_tokens, auth_sessions, employee_sessions,
    employee_status_log, call_logs, employee_info, team_members, users, teams`.execute(db);
  await sql`DROP FUNCTION set_updated_at()`.execute(db);
}
