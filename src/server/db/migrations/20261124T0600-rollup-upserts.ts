import { type Kysely, sql } from 'kysely';

/**
 * Cheaper rollup triggers on the agent's write path (issue 8 §2), the same figures:
 *
 * - `rollup_time_zone()` in PL/pgSQL, whose statement plan is kept per connection: as a SQL
 *   function it was planned again at every call, twice for each status change or call outcome.
 * - A closed interval within one local day (nearly all) is added as one part, its whole
 *   duration, without `interval_day_parts` (a set-returning SQL function, planned per call).
 *   Intervals crossing a local midnight are split by it as before.
 * - Adding to a daily row is one upsert instead of an insert of zeros and then an update: a
 *   new row is written once, not twice. Taking off (sign -1) only ever updates.
 */
const statements = [
  `CREATE OR REPLACE FUNCTION rollup_time_zone() RETURNS text LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN coalesce(
        (SELECT value FROM app_settings WHERE key = 'rollup_time_zone'), 'America/New_York');
    END $$`,
  `CREATE FUNCTION add_status_day_part(
      agent uuid, part_day date, part_status text, part_seconds integer, part_first integer,
      sign integer)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF sign > 0 THEN
        INSERT INTO status_day_totals AS t (user_id, day, status, seconds, intervals)
          VALUES (agent, part_day, part_status, part_seconds, part_first)
          ON CONFLICT (user_id, day, status) DO UPDATE SET
            seconds = t.seconds + excluded.seconds, intervals = t.intervals + excluded.intervals;
      ELSE
        UPDATE status_day_totals AS t SET
          seconds = t.seconds - part_seconds, intervals = t.intervals - part_first
        WHERE t.user_id = agent AND t.day = part_day AND t.status = part_status;
      END IF;
    END $$`,
  `CREATE OR REPLACE FUNCTION add_interval_to_rollup(l employee_status_log, sign integer)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      zone text;
      local_day date;
      part record;
    BEGIN
      IF l.ended_at IS NULL OR l.duration_seconds IS NULL THEN RETURN; END IF;
      zone := rollup_time_zone();
      local_day := (l.started_at AT TIME ZONE zone)::date;
      IF (l.ended_at AT TIME ZONE zone)::date = local_day THEN
        PERFORM add_status_day_part(l.user_id, local_day, l.status, l.duration_seconds, 1, sign);
        RETURN;
      END IF;
      FOR part IN
        SELECT * FROM interval_day_parts(l.started_at, l.ended_at, l.duration_seconds, zone)
      LOOP
        PERFORM add_status_day_part(l.user_id, part.day, l.status, part.seconds, part.first, sign);
      END LOOP;
    END $$`,
  `CREATE OR REPLACE FUNCTION add_call_to_rollup(c call_logs, sign integer) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      local_day date;
      counts integer[];
    BEGIN
      IF c.call_status IS NULL THEN RETURN; END IF;
      local_day := (c.time_received AT TIME ZONE rollup_time_zone())::date;
      counts := ARRAY[
        sign,
        sign * (c.call_status = 'answered')::int,
        sign * (c.call_status = 'declined')::int,
        sign * (c.call_status = 'missed')::int,
        sign * (c.call_type = 'inbound')::int,
        sign * (c.call_type = 'inbound' AND c.call_status = 'answered')::int,
        sign * (c.call_status = 'answered' AND c.duration_seconds IS NOT NULL)::int,
        sign * coalesce(c.duration_seconds, 0)];
      IF sign > 0 THEN
        INSERT INTO call_day_totals AS t (user_id, day, total_calls, answered, declined, missed,
            inbound_offered, inbound_answered, handled_calls, talk_seconds)
          VALUES (c.user_id, local_day, counts[1], counts[2], counts[3], counts[4], counts[5],
            counts[6], counts[7], counts[8])
          ON CONFLICT (user_id, day) DO UPDATE SET
            total_calls = t.total_calls + excluded.total_calls,
            answered = t.answered + excluded.answered,
            declined = t.declined + excluded.declined,
            missed = t.missed + excluded.missed,
            inbound_offered = t.inbound_offered + excluded.inbound_offered,
            inbound_answered = t.inbound_answered + excluded.inbound_answered,
            handled_calls = t.handled_calls + excluded.handled_calls,
            talk_seconds = t.talk_seconds + excluded.talk_seconds;
      ELSE
        -- A delete only ever lowers an existing row: a user's cascade delete re-creates none.
        UPDATE call_day_totals AS t SET
          total_calls = t.total_calls + counts[1],
          answered = t.answered + counts[2],
          declined = t.declined + counts[3],
          missed = t.missed + counts[4],
          inbound_offered = t.inbound_offered + counts[5],
          inbound_answered = t.inbound_answered + counts[6],
          handled_calls = t.handled_calls + counts[7],
          talk_seconds = t.talk_seconds + counts[8]
        WHERE t.user_id = c.user_id AND t.day = local_day;
      END IF;
    END $$`,
];

/** The functions as 20261121T2300-rollups made them. */
const previous = [
  `CREATE OR REPLACE FUNCTION rollup_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce(
      (SELECT value FROM app_settings WHERE key = 'rollup_time_zone'), 'America/New_York')
  $$`,
  `CREATE OR REPLACE FUNCTION add_call_to_rollup(c call_logs, sign integer) RETURNS void
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
  `CREATE OR REPLACE FUNCTION add_interval_to_rollup(l employee_status_log, sign integer)
    RETURNS void LANGUAGE plpgsql AS $$
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
  `DROP FUNCTION add_status_day_part(uuid, date, text, integer, integer, integer)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of previous) await sql.raw(statement).execute(db);
}
