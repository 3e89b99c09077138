import { type Kysely, sql } from 'kysely';

/**
 * Per-agent daily rollups (issue 8): what the analytics views sum, one row per agent and
 * call-centre day, kept current by triggers in the same transaction as every write to the
 * call log and the status log — whatever path the write takes (softphone, call engine,
 * demo data, deletions).
 *
 * - `call_day_totals`: calls with an outcome, by the local day they came in.
 * - `status_day_totals`: closed status intervals with a duration, their seconds split at local
 *   midnights (the parts always add up to `duration_seconds`), and each interval counted once,
 *   on the day it started. The open interval is not here: it is counted live.
 *
 * Days are dates in the call centre's zone, kept in `app_settings` ('rollup_time_zone'); the
 * server rebuilds the rollups when its configured zone differs (`ensureRollupTimeZone`). A bulk
 * load may set `switchboard.bulk_load = 'on'` for its transaction and call
 * `rebuild_rollups()` at the end instead of paying a trigger per row.
 */

/** The daily rollups again from the raw rows (the start of a rebuild). */
export const rebuildDailyRollups = `
      DELETE FROM call_day_totals;
      DELETE FROM status_day_totals;
      INSERT INTO call_day_totals (user_id, day, total_calls, answered, declined, missed,
        inbound_offered, inbound_answered, handled_calls, talk_seconds)
      SELECT user_id, (time_received AT TIME ZONE zone)::date,
        count(*),
        count(*) FILTER (WHERE call_status = 'answered'),
        count(*) FILTER (WHERE call_status = 'declined'),
        count(*) FILTER (WHERE call_status = 'missed'),
        count(*) FILTER (WHERE call_type = 'inbound'),
        count(*) FILTER (WHERE call_type = 'inbound' AND call_status = 'answered'),
        count(duration_seconds) FILTER (WHERE call_status = 'answered'),
        coalesce(sum(duration_seconds), 0)
      FROM call_logs WHERE call_status IS NOT NULL
      GROUP BY 1, 2;
      INSERT INTO status_day_totals (user_id, day, status, seconds, intervals)
      SELECT l.user_id, part.day, l.status, sum(part.seconds), sum(part.first)
      FROM employee_status_log AS l
      CROSS JOIN LATERAL interval_day_parts(l.started_at, l.ended_at, l.duration_seconds, zone)
        AS part
      WHERE l.ended_at IS NOT NULL AND l.duration_seconds IS NOT NULL
      GROUP BY 1, 2, 3;`;

// Everything again from the raw rows, set-based (a zone change, a bulk load).
export const rebuildRollupsFunction = `CREATE FUNCTION rebuild_rollups() RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      zone text := rollup_time_zone();
    BEGIN
      ${rebuildDailyRollups}
    END $$`;

export const employeeStatusLogRollupFunction = `CREATE OR REPLACE FUNCTION employee_status_log_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_interval_to_rollup(OLD, -1); END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM add_interval_to_rollup(NEW, 1); END IF;
      RETURN NULL;
    END $$`;

export const rollupTriggers = [
  `CREATE TRIGGER call_logs_rollup AFTER INSERT OR DELETE OR UPDATE OF
    call_status, call_type, time_received, duration_seconds, user_id ON call_logs
    FOR EACH ROW EXECUTE FUNCTION call_logs_rollup()`,
  `CREATE TRIGGER employee_status_log_rollup AFTER INSERT OR DELETE OR UPDATE OF
    status, started_at, ended_at, duration_seconds, user_id ON employee_status_log
    FOR EACH ROW EXECUTE FUNCTION employee_status_log_rollup()`,
];

const statements = [
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
  `CREATE TABLE status_day_totals (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    status text NOT NULL,
    seconds bigint NOT NULL DEFAULT 0,
    intervals integer NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day, status)
  )`,
  `INSERT INTO app_settings (key, value) VALUES ('rollup_time_zone', 'America/New_York')
    ON CONFLICT (key) DO NOTHING`,
  `CREATE FUNCTION rollup_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce(
      (SELECT value FROM app_settings WHERE key = 'rollup_time_zone'), 'America/New_York')
  $$`,
  // One call's contribution (sign +1 or -1); a delete only ever lowers an existing row, so a
  // user's cascade delete never re-creates one.
  `CREATE FUNCTION add_call_to_rollup(c call_logs, sign integer) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      local_day date;
    BEGIN
      IF c.call_status IS NULL THEN RETURN; END IF;
      local_day := (c.time_received AT TIME ZONE rollup_time_zone())::date;
      IF sign > 0 THEN
        INSERT INTO call_day_totals AS t (user_id, day) VALUES (c.user_id, local_day)
          ON CONFLICT (user_id, day) DO NOTHING;
      END IF;
      UPDATE call_day_totals AS t SET
        total_calls = t.total_calls + sign,
        answered = t.answered + sign * (c.call_status = 'answered')::int,
        declined = t.declined + sign * (c.call_status = 'declined')::int,
        missed = t.missed + sign * (c.call_status = 'missed')::int,
        inbound_offered = t.inbound_offered + sign * (c.call_type = 'inbound')::int,
        inbound_answered = t.inbound_answered
          + sign * (c.call_type = 'inbound' AND c.call_status = 'answered')::int,
        handled_calls = t.handled_calls
          + sign * (c.call_status = 'answered' AND c.duration_seconds IS NOT NULL)::int,
        talk_seconds = t.talk_seconds + sign * coalesce(c.duration_seconds, 0)
      WHERE t.user_id = c.user_id AND t.day = local_day;
    END $$`,
  // A closed interval's parts per local day: whole seconds from its start to each day's end,
  // the last one its stored duration, so the parts add up to it exactly; counted as a
  // session on its first day.
  `CREATE FUNCTION interval_day_parts(
      started_at timestamptz, ended_at timestamptz, duration integer, zone text)
    RETURNS TABLE (day date, seconds integer, first integer) LANGUAGE sql STABLE AS $$
    SELECT cut.day, cut.upto - coalesce(lag(cut.upto) OVER (ORDER BY cut.day), 0),
      (row_number() OVER (ORDER BY cut.day) = 1)::int
    FROM (
      SELECT d::date AS day,
        CASE WHEN ended_at <= ((d + interval '1 day') AT TIME ZONE zone) THEN duration
             ELSE least(duration, greatest(0, floor(extract(epoch FROM
               ((d + interval '1 day') AT TIME ZONE zone) - started_at)))::int) END AS upto
      FROM generate_series(date_trunc('day', started_at AT TIME ZONE zone),
        date_trunc('day', ended_at AT TIME ZONE zone), interval '1 day') AS d
    ) AS cut
  $$`,
  `CREATE FUNCTION add_interval_to_rollup(l employee_status_log, sign integer) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      part record;
    BEGIN
      IF l.ended_at IS NULL OR l.duration_seconds IS NULL THEN RETURN; END IF;
      FOR part IN
        SELECT * FROM interval_day_parts(l.started_at, l.ended_at, l.duration_seconds,
          rollup_time_zone())
      LOOP
        IF sign > 0 THEN
          INSERT INTO status_day_totals AS t (user_id, day, status)
            VALUES (l.user_id, part.day, l.status)
            ON CONFLICT (user_id, day, status) DO NOTHING;
        END IF;
        UPDATE status_day_totals AS t SET
          seconds = t.seconds + sign * part.seconds,
          intervals = t.intervals + sign * part.first
        WHERE t.user_id = l.user_id AND t.day = part.day AND t.status = l.status;
      END LOOP;
    END $$`,
  `CREATE FUNCTION call_logs_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_call_to_rollup(OLD, -1); END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM add_call_to_rollup(NEW, 1); END IF;
      RETURN NULL;
    END $$`,
  employeeStatusLogRollupFunction,
  ...rollupTriggers,
  rebuildRollupsFunction,
  `SELECT rebuild_rollups()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER employee_status_log_rollup ON employee_status_log`.execute(db);
  await sql`DROP TRIGGER call_logs_rollup ON call_logs`.execute(db);
  await sql`DROP FUNCTION rebuild_rollups(), employee_status_log_rollup(), call_logs_rollup(),
    add_interval_to_rollup(employee_status_log, integer), add_call_to_rollup(call_logs, integer),
    interval_day_parts(timestamptz, timestamptz, integer, text), rollup_time_zone()`.execute(db);
  await sql`DELETE FROM app_settings WHERE key = 'rollup_time_zone'`.execute(db);
  await sql`DROP TABLE status_day_totals, call_day_totals`.execute(db);
}
