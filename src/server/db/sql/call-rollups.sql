-- Calls in the rollups (rollups.sql): a call counts, on the local day it came in, once it has an
-- outcome (answered, declined, missed); an answered call's talk time once it has ended.
--
-- Inserted and deleted calls go a row at a time: a ringing call's insert (no outcome yet) calls
-- nothing, the trigger's WHEN skips it. Updates go a statement at a time: the agent actions and
-- the call engine change many calls in one UPDATE, and the statement's rows are added to the
-- rollups in one upsert per table.

-- One call's counts (`sign` 1 adds, -1 takes off) on its day and month. Taking off only ever
-- lowers rows that exist: a user's cascade delete re-creates none.
CREATE FUNCTION add_call_to_rollup(c call_logs, sign integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  local_day date;
  counts bigint[] := ARRAY[
    sign,
    sign * (c.call_status = 'answered')::int,
    sign * (c.call_status = 'declined')::int,
    sign * (c.call_status = 'missed')::int,
    sign * (c.call_type = 'inbound')::int,
    sign * (c.call_type = 'inbound' AND c.call_status = 'answered')::int,
    sign * (c.call_status = 'answered' AND c.duration_seconds IS NOT NULL)::int,
    sign * coalesce(c.duration_seconds, 0)];
BEGIN
  IF c.call_status IS NULL THEN RETURN; END IF;
  local_day := (c.time_received AT TIME ZONE rollup_time_zone())::date;
  IF sign > 0 THEN
    WITH by_day AS (
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
          talk_seconds = t.talk_seconds + excluded.talk_seconds)
    INSERT INTO call_month_totals AS t (user_id, month, total_calls, answered, declined, missed,
        inbound_offered, inbound_answered, handled_calls, talk_seconds)
      VALUES (c.user_id, date_trunc('month', local_day)::date, counts[1], counts[2], counts[3],
        counts[4], counts[5], counts[6], counts[7], counts[8])
      ON CONFLICT (user_id, month) DO UPDATE SET
        total_calls = t.total_calls + excluded.total_calls,
        answered = t.answered + excluded.answered,
        declined = t.declined + excluded.declined,
        missed = t.missed + excluded.missed,
        inbound_offered = t.inbound_offered + excluded.inbound_offered,
        inbound_answered = t.inbound_answered + excluded.inbound_answered,
        handled_calls = t.handled_calls + excluded.handled_calls,
        talk_seconds = t.talk_seconds + excluded.talk_seconds;
  ELSE
    WITH by_day AS (
      UPDATE call_day_totals AS t SET
        total_calls = t.total_calls + counts[1],
        answered = t.answered + counts[2],
        declined = t.declined + counts[3],
        missed = t.missed + counts[4],
        inbound_offered = t.inbound_offered + counts[5],
        inbound_answered = t.inbound_answered + counts[6],
        handled_calls = t.handled_calls + counts[7],
        talk_seconds = t.talk_seconds + counts[8]
      WHERE t.user_id = c.user_id AND t.day = local_day)
    UPDATE call_month_totals AS t SET
      total_calls = t.total_calls + counts[1],
      answered = t.answered + counts[2],
      declined = t.declined + counts[3],
      missed = t.missed + counts[4],
      inbound_offered = t.inbound_offered + counts[5],
      inbound_answered = t.inbound_answered + counts[6],
      handled_calls = t.handled_calls + counts[7],
      talk_seconds = t.talk_seconds + counts[8]
    WHERE t.user_id = c.user_id AND t.month = date_trunc('month', local_day)::date;
  END IF;
END $$;

-- A call inserted with an outcome (a dial, demo data) is added; a deleted one taken off.
CREATE FUNCTION call_logs_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM add_call_to_rollup(NEW, 1);
  ELSE
    PERFORM add_call_to_rollup(OLD, -1);
  END IF;
  RETURN NULL;
END $$;

-- An UPDATE's calls: what they counted before taken off, what they count now added, grouped by
-- agent and day, so only the days it changed are written (an answer, a decline, a miss, an end).
-- A cheap look first: an update of nothing counted (a ringing call's) skips the rest.
CREATE FUNCTION call_logs_rollup_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  IF current_setting('switchboard.bulk_load', true) = 'on'
    OR NOT (EXISTS (SELECT 1 FROM new_calls AS c WHERE c.call_status IS NOT NULL)
      OR EXISTS (SELECT 1 FROM old_calls AS c WHERE c.call_status IS NOT NULL)) THEN
    RETURN NULL;
  END IF;
  zone := rollup_time_zone();
  WITH changes AS (
    SELECT c.user_id, c.time_received, c.call_status, c.call_type, c.duration_seconds,
      1 AS sign
      FROM new_calls AS c WHERE c.call_status IS NOT NULL
    UNION ALL
    SELECT c.user_id, c.time_received, c.call_status, c.call_type, c.duration_seconds, -1
      FROM old_calls AS c WHERE c.call_status IS NOT NULL
  ), days AS (
    SELECT c.user_id, (c.time_received AT TIME ZONE zone)::date AS day,
      sum(c.sign) AS total_calls,
      sum(c.sign * (c.call_status = 'answered')::int) AS answered,
      sum(c.sign * (c.call_status = 'declined')::int) AS declined,
      sum(c.sign * (c.call_status = 'missed')::int) AS missed,
      sum(c.sign * (c.call_type = 'inbound')::int) AS inbound_offered,
      sum(c.sign * (c.call_type = 'inbound' AND c.call_status = 'answered')::int)
        AS inbound_answered,
      sum(c.sign * (c.call_status = 'answered' AND c.duration_seconds IS NOT NULL)::int)
        AS handled_calls,
      sum(c.sign * coalesce(c.duration_seconds, 0)) AS talk_seconds
    FROM changes AS c GROUP BY 1, 2
  ), changed_days AS (
    SELECT * FROM days AS d
    WHERE (d.total_calls, d.answered, d.declined, d.missed, d.inbound_offered,
        d.inbound_answered, d.handled_calls, d.talk_seconds) <> (0, 0, 0, 0, 0, 0, 0, 0)
  ), by_day AS (
    INSERT INTO call_day_totals AS t (user_id, day, total_calls, answered, declined, missed,
        inbound_offered, inbound_answered, handled_calls, talk_seconds)
      SELECT * FROM changed_days ORDER BY 1, 2
      ON CONFLICT (user_id, day) DO UPDATE SET
        total_calls = t.total_calls + excluded.total_calls,
        answered = t.answered + excluded.answered,
        declined = t.declined + excluded.declined,
        missed = t.missed + excluded.missed,
        inbound_offered = t.inbound_offered + excluded.inbound_offered,
        inbound_answered = t.inbound_answered + excluded.inbound_answered,
        handled_calls = t.handled_calls + excluded.handled_calls,
        talk_seconds = t.talk_seconds + excluded.talk_seconds
  )
  INSERT INTO call_month_totals AS t (user_id, month, total_calls, answered, declined, missed,
      inbound_offered, inbound_answered, handled_calls, talk_seconds)
    SELECT d.user_id, date_trunc('month', d.day)::date, sum(d.total_calls), sum(d.answered),
      sum(d.declined), sum(d.missed), sum(d.inbound_offered), sum(d.inbound_answered),
      sum(d.handled_calls), sum(d.talk_seconds)
    FROM changed_days AS d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, month) DO UPDATE SET
      total_calls = t.total_calls + excluded.total_calls,
      answered = t.answered + excluded.answered,
      declined = t.declined + excluded.declined,
      missed = t.missed + excluded.missed,
      inbound_offered = t.inbound_offered + excluded.inbound_offered,
      inbound_answered = t.inbound_answered + excluded.inbound_answered,
      handled_calls = t.handled_calls + excluded.handled_calls,
      talk_seconds = t.talk_seconds + excluded.talk_seconds;
  RETURN NULL;
END $$;

CREATE TRIGGER call_logs_rollup_insert AFTER INSERT ON call_logs
  FOR EACH ROW WHEN (NEW.call_status IS NOT NULL) EXECUTE FUNCTION call_logs_rollup();

CREATE TRIGGER call_logs_rollup_delete AFTER DELETE ON call_logs
  FOR EACH ROW WHEN (OLD.call_status IS NOT NULL) EXECUTE FUNCTION call_logs_rollup();

CREATE TRIGGER call_logs_rollup_update AFTER UPDATE ON call_logs
  REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_rollup_changes();
