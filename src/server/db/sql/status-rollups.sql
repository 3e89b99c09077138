-- Status intervals in the rollups (rollups.sql): an interval counts once it is closed with a
-- duration, its seconds on each local day it spans, and as one interval on the day it started.
-- The statuses the employee cards read go to the metric tables too (`status_metrics`).
--
-- Inserted and deleted intervals go a row at a time: an open interval's insert (every status
-- change) calls nothing, the trigger's WHEN skips it. Updates go a statement at a time: the agent
-- actions close many intervals in one UPDATE, added to the rollups in one upsert per table.

-- One part of an interval (`part_seconds` on `part_day`, `part_first` 1 on its first day) added
-- (`sign` 1) to its status day row and metric day and month rows, or taken off (-1, only
-- lowering rows that exist: a user's cascade delete re-creates none). A part that adds nothing
-- to the metrics leaves their rows as they are.
CREATE FUNCTION add_status_day_part(
    agent uuid, part_day date, part_status text, part_seconds integer, part_first integer,
    sign integer)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    WITH by_status AS (
      INSERT INTO status_day_totals AS t (user_id, day, status, seconds, intervals)
        VALUES (agent, part_day, part_status, part_seconds, part_first)
        ON CONFLICT (user_id, day, status) DO UPDATE SET
          seconds = t.seconds + excluded.seconds, intervals = t.intervals + excluded.intervals
    ), by_day AS (
      INSERT INTO status_metric_day_totals AS t (user_id, day, available_seconds,
          on_call_seconds, after_call_seconds, break_seconds, lunch_seconds, personal_seconds,
          after_call_intervals)
        SELECT agent, part_day, m.* FROM status_metrics(part_status, part_seconds, part_first) AS m
        ON CONFLICT (user_id, day) DO UPDATE SET
          available_seconds = t.available_seconds + excluded.available_seconds,
          on_call_seconds = t.on_call_seconds + excluded.on_call_seconds,
          after_call_seconds = t.after_call_seconds + excluded.after_call_seconds,
          break_seconds = t.break_seconds + excluded.break_seconds,
          lunch_seconds = t.lunch_seconds + excluded.lunch_seconds,
          personal_seconds = t.personal_seconds + excluded.personal_seconds,
          after_call_intervals = t.after_call_intervals + excluded.after_call_intervals
    )
    INSERT INTO status_metric_month_totals AS t (user_id, month, available_seconds,
        on_call_seconds, after_call_seconds, break_seconds, lunch_seconds, personal_seconds,
        after_call_intervals)
      SELECT agent, date_trunc('month', part_day)::date, m.*
      FROM status_metrics(part_status, part_seconds, part_first) AS m
      ON CONFLICT (user_id, month) DO UPDATE SET
        available_seconds = t.available_seconds + excluded.available_seconds,
        on_call_seconds = t.on_call_seconds + excluded.on_call_seconds,
        after_call_seconds = t.after_call_seconds + excluded.after_call_seconds,
        break_seconds = t.break_seconds + excluded.break_seconds,
        lunch_seconds = t.lunch_seconds + excluded.lunch_seconds,
        personal_seconds = t.personal_seconds + excluded.personal_seconds,
        after_call_intervals = t.after_call_intervals + excluded.after_call_intervals;
    RETURN;
  END IF;
  UPDATE status_day_totals AS t SET
    seconds = t.seconds - part_seconds, intervals = t.intervals - part_first
  WHERE t.user_id = agent AND t.day = part_day AND t.status = part_status;
  WITH by_day AS (
    UPDATE status_metric_day_totals AS t SET
      available_seconds = t.available_seconds - m.available_seconds,
      on_call_seconds = t.on_call_seconds - m.on_call_seconds,
      after_call_seconds = t.after_call_seconds - m.after_call_seconds,
      break_seconds = t.break_seconds - m.break_seconds,
      lunch_seconds = t.lunch_seconds - m.lunch_seconds,
      personal_seconds = t.personal_seconds - m.personal_seconds,
      after_call_intervals = t.after_call_intervals - m.after_call_intervals
    FROM status_metrics(part_status, part_seconds, part_first) AS m
    WHERE t.user_id = agent AND t.day = part_day)
  UPDATE status_metric_month_totals AS t SET
    available_seconds = t.available_seconds - m.available_seconds,
    on_call_seconds = t.on_call_seconds - m.on_call_seconds,
    after_call_seconds = t.after_call_seconds - m.after_call_seconds,
    break_seconds = t.break_seconds - m.break_seconds,
    lunch_seconds = t.lunch_seconds - m.lunch_seconds,
    personal_seconds = t.personal_seconds - m.personal_seconds,
    after_call_intervals = t.after_call_intervals - m.after_call_intervals
  FROM status_metrics(part_status, part_seconds, part_first) AS m
  WHERE t.user_id = agent AND t.month = date_trunc('month', part_day)::date;
END $$;

-- One closed interval added (`sign` 1) or taken off (-1): in one part when it lies within a
-- local day (nearly all do), else split at the local midnights it crosses.
CREATE FUNCTION add_interval_to_rollup(l employee_status_log, sign integer) RETURNS void
  LANGUAGE plpgsql AS $$
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
END $$;

-- An interval inserted closed (demo data) is added; a deleted one taken off.
CREATE FUNCTION employee_status_log_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM add_interval_to_rollup(NEW, 1);
  ELSE
    PERFORM add_interval_to_rollup(OLD, -1);
  END IF;
  RETURN NULL;
END $$;

-- An UPDATE's intervals (a status change closing the open one, the engine's presence hygiene):
-- what they counted before taken off, what they count now added, grouped by agent, day and
-- status, so only what changed is written. A cheap look first: an update of nothing counted
-- skips the rest.
CREATE FUNCTION employee_status_log_rollup_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  IF current_setting('switchboard.bulk_load', true) = 'on'
    OR NOT (EXISTS (SELECT 1 FROM new_intervals AS c
        WHERE c.ended_at IS NOT NULL AND c.duration_seconds IS NOT NULL)
      OR EXISTS (SELECT 1 FROM old_intervals AS c
        WHERE c.ended_at IS NOT NULL AND c.duration_seconds IS NOT NULL)) THEN
    RETURN NULL;
  END IF;
  zone := rollup_time_zone();
  WITH changes AS (
    SELECT c.user_id, c.status, c.started_at, c.ended_at, c.duration_seconds, 1 AS sign
      FROM new_intervals AS c WHERE c.ended_at IS NOT NULL AND c.duration_seconds IS NOT NULL
    UNION ALL
    SELECT c.user_id, c.status, c.started_at, c.ended_at, c.duration_seconds, -1
      FROM old_intervals AS c WHERE c.ended_at IS NOT NULL AND c.duration_seconds IS NOT NULL
  ), parts AS (
    SELECT c.user_id, p.day, c.status, sum(c.sign * p.seconds) AS seconds,
      sum(c.sign * p.first) AS intervals
    FROM changes AS c
    CROSS JOIN LATERAL interval_day_parts(c.started_at, c.ended_at, c.duration_seconds, zone)
      AS p
    GROUP BY 1, 2, 3
    HAVING sum(c.sign * p.seconds) <> 0 OR sum(c.sign * p.first) <> 0
  ), by_status AS (
    INSERT INTO status_day_totals AS t (user_id, day, status, seconds, intervals)
      SELECT * FROM parts ORDER BY 1, 2, 3
      ON CONFLICT (user_id, day, status) DO UPDATE SET
        seconds = t.seconds + excluded.seconds, intervals = t.intervals + excluded.intervals
  ), metrics AS (
    SELECT p.user_id, p.day, sum(m.available_seconds) AS available_seconds,
      sum(m.on_call_seconds) AS on_call_seconds, sum(m.after_call_seconds) AS after_call_seconds,
      sum(m.break_seconds) AS break_seconds, sum(m.lunch_seconds) AS lunch_seconds,
      sum(m.personal_seconds) AS personal_seconds,
      sum(m.after_call_intervals) AS after_call_intervals
    FROM parts AS p CROSS JOIN LATERAL status_metrics(p.status, p.seconds, p.intervals) AS m
    GROUP BY 1, 2
  ), by_day AS (
    INSERT INTO status_metric_day_totals AS t (user_id, day, available_seconds, on_call_seconds,
        after_call_seconds, break_seconds, lunch_seconds, personal_seconds, after_call_intervals)
      SELECT * FROM metrics ORDER BY 1, 2
      ON CONFLICT (user_id, day) DO UPDATE SET
        available_seconds = t.available_seconds + excluded.available_seconds,
        on_call_seconds = t.on_call_seconds + excluded.on_call_seconds,
        after_call_seconds = t.after_call_seconds + excluded.after_call_seconds,
        break_seconds = t.break_seconds + excluded.break_seconds,
        lunch_seconds = t.lunch_seconds + excluded.lunch_seconds,
        personal_seconds = t.personal_seconds + excluded.personal_seconds,
        after_call_intervals = t.after_call_intervals + excluded.after_call_intervals
  )
  INSERT INTO status_metric_month_totals AS t (user_id, month, available_seconds,
      on_call_seconds, after_call_seconds, break_seconds, lunch_seconds, personal_seconds,
      after_call_intervals)
    SELECT m.user_id, date_trunc('month', m.day)::date, sum(m.available_seconds),
      sum(m.on_call_seconds), sum(m.after_call_seconds), sum(m.break_seconds),
      sum(m.lunch_seconds), sum(m.personal_seconds), sum(m.after_call_intervals)
    FROM metrics AS m GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, month) DO UPDATE SET
      available_seconds = t.available_seconds + excluded.available_seconds,
      on_call_seconds = t.on_call_seconds + excluded.on_call_seconds,
      after_call_seconds = t.after_call_seconds + excluded.after_call_seconds,
      break_seconds = t.break_seconds + excluded.break_seconds,
      lunch_seconds = t.lunch_seconds + excluded.lunch_seconds,
      personal_seconds = t.personal_seconds + excluded.personal_seconds,
      after_call_intervals = t.after_call_intervals + excluded.after_call_intervals
    -- A change that moved time between days of one month leaves that month as it was.
    WHERE (excluded.available_seconds, excluded.on_call_seconds, excluded.after_call_seconds,
        excluded.break_seconds, excluded.lunch_seconds, excluded.personal_seconds,
        excluded.after_call_intervals) <> (0, 0, 0, 0, 0, 0, 0);
  RETURN NULL;
END $$;

CREATE TRIGGER employee_status_log_rollup_insert AFTER INSERT ON employee_status_log
  FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL AND NEW.duration_seconds IS NOT NULL)
  EXECUTE FUNCTION employee_status_log_rollup();

CREATE TRIGGER employee_status_log_rollup_delete AFTER DELETE ON employee_status_log
  FOR EACH ROW WHEN (OLD.ended_at IS NOT NULL AND OLD.duration_seconds IS NOT NULL)
  EXECUTE FUNCTION employee_status_log_rollup();

CREATE TRIGGER employee_status_log_rollup_update AFTER UPDATE ON employee_status_log
  REFERENCING OLD TABLE AS old_intervals NEW TABLE AS new_intervals
  FOR EACH STATEMENT EXECUTE FUNCTION employee_status_log_rollup_changes();
