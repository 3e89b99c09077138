import { type Kysely, sql } from 'kysely';
import { caselessKey } from '../../../shared/caseless-key';
import { DEFAULT_WRAP_UP_CODES } from '../../../shared/wrap-up';

/**
 * Wrap-up: a call's transcript; each team's codes (a name unique in the team by its caseless key, active or not, in
 * the order added), whether the team requires one before After Call Work ends and how long After
 * Call Work may last, and the code chosen for a call. A deleted team's codes stay (without the
 * team) for the calls that were given them. Every team present gets the default codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE wrap_up_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    name_key text NOT NULL,
    active boolean NOT NULL DEFAULT true,
    position integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT wrap_up_codes_name_key UNIQUE (team_id, name_key)
  )`.execute(db);
  await sql`CREATE INDEX wrap_up_codes_team_idx ON wrap_up_codes (team_id, position)`.execute(db);
  await sql`ALTER TABLE teams
    ADD COLUMN wrap_up_required boolean NOT NULL DEFAULT false,
    ADD COLUMN after_call_limit_seconds integer
      CONSTRAINT teams_after_call_limit_check CHECK (after_call_limit_seconds > 0)`.execute(db);
  await sql`ALTER TABLE call_logs
    ADD COLUMN wrap_up_code_id uuid REFERENCES wrap_up_codes(id)`.execute(db);
  // A call's transcript, a row per line in the order the voice assistant numbered them.
  await sql`CREATE TABLE call_transcript_lines (
    call_id uuid NOT NULL REFERENCES call_logs(id) ON DELETE CASCADE,
    line integer NOT NULL CHECK (line >= 0),
    speaker text NOT NULL CHECK (speaker IN ('caller', 'agent')),
    text text NOT NULL CHECK (length(text) <= 2000),
    at timestamptz NOT NULL,
    PRIMARY KEY (call_id, line)
  )`.execute(db);
  const codes = DEFAULT_WRAP_UP_CODES.map((name, position) => ({
    name,
    key: caselessKey(name),
    position,
  }));
  await sql`INSERT INTO wrap_up_codes (team_id, name, name_key, position)
    SELECT t.id, c.name, c.key, c.position FROM teams t
    CROSS JOIN jsonb_to_recordset(${JSON.stringify(codes)}::jsonb)
      AS c(name text, key text, position int)`.execute(db);
}
