-- The analytics' rollups: what the admin portal's cards, dashboard and employee detail sum,
-- kept by the database in the same transaction as every write to the call log and the status
-- log, whatever path the write takes (softphone, call engine, demo data, deletions).
--
-- - `call_day_totals`, `call_month_totals`: calls with an outcome, by agent and the local day
--   (month) they came in (call-rollups.sql keeps them).
-- - `status_day_totals`: closed status intervals with a duration, their seconds split at local
--   midnights (the parts always add up to `duration_seconds`), each interval counted once, on
--   the day it started; `status_metric_day_totals`, `status_metric_month_totals`: what the
--   employee cards read, a column each (`status_metrics`): the seconds of the statuses their
--   metrics and flags use, and After Call Work's intervals (status-rollups.sql keeps them).
--   The open interval is not in them: it is counted live.
--
-- Days are dates in the call centre's zone, kept in `app_settings` ('rollup_time_zone'); the
-- server rebuilds the rollups when its configured zone differs (analytics/rollups.ts). A bulk
-- load (demo data, benchmarks) sets `switchboard.bulk_load = 'on'` for its transaction, so the
-- triggers stand aside, and calls `rebuild_rollups()` once the rows are in.

-- The zone the rollups count days in. PL/pgSQL, not SQL: its plan is kept per connection.
CREATE FUNCTION rollup_time_zone() RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT value FROM app_settings WHERE key = 'rollup_time_zone'), 'America/New_York');
END $$;

-- A closed interval's parts per local day: whole seconds from its start to each day's end, the
-- last one its stored duration, so the parts add up to it exactly; `first` is 1 on the day it
-- started (where it counts as one interval).
CREATE FUNCTION interval_day_parts(
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
$$;

-- A status's seconds and intervals as the metric rollups' columns: no row for a status the
-- cards do not read, or for nothing to add (seconds and, for After Call Work, intervals zero).
CREATE FUNCTION status_metrics(status text, seconds bigint, intervals bigint)
  RETURNS TABLE (available_seconds bigint, on_call_seconds bigint, after_call_seconds bigint,
    break_seconds bigint, lunch_seconds bigint, personal_seconds bigint,
    after_call_intervals bigint)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    CASE WHEN status = 'available' THEN seconds ELSE 0 END,
    CASE WHEN status = 'on_call' THEN seconds ELSE 0 END,
    CASE WHEN status = 'after_call' THEN seconds ELSE 0 END,
    CASE WHEN status = 'break' THEN seconds ELSE 0 END,
    CASE WHEN status = 'lunch' THEN seconds ELSE 0 END,
    CASE WHEN status = 'personal' THEN seconds ELSE 0 END,
    CASE WHEN status = 'after_call' THEN intervals ELSE 0 END
  WHERE status IN ('available', 'on_call', 'after_call', 'break', 'lunch', 'personal')
    AND (seconds <> 0 OR (status = 'after_call' AND intervals <> 0))
$$;

-- Every rollup again from the raw rows, set-based: after a change of zone or a bulk load.
-- The daily tables first, then the month and metric tables from them.
CREATE FUNCTION rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := rollup_time_zone();
BEGIN
  DELETE FROM call_month_totals;
  DELETE FROM status_metric_month_totals;
  DELETE FROM status_metric_day_totals;
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

  -- Every interval whole on the day it started, one zone conversion a row; then the few that
  -- cross a local midnight are cut: their parts added, the whole taken back from that day.
  INSERT INTO status_day_totals (user_id, day, status, seconds, intervals)
  SELECT parts.user_id, parts.day, parts.status, sum(parts.seconds), sum(parts.first)
  FROM (
    SELECT l.user_id, (l.started_at AT TIME ZONE zone)::date AS day, l.status,
      l.duration_seconds AS seconds, 1 AS first
    FROM employee_status_log AS l
    WHERE l.ended_at IS NOT NULL AND l.duration_seconds IS NOT NULL
    UNION ALL
    SELECT l.user_id, part.day, l.status, part.seconds - part.first * l.duration_seconds, 0
    FROM employee_status_log AS l
    CROSS JOIN LATERAL interval_day_parts(l.started_at, l.ended_at, l.duration_seconds, zone)
      AS part
    WHERE l.ended_at IS NOT NULL AND l.duration_seconds IS NOT NULL
      AND (l.started_at AT TIME ZONE zone)::date <> (l.ended_at AT TIME ZONE zone)::date
  ) AS parts
  GROUP BY 1, 2, 3;

  INSERT INTO call_month_totals (user_id, month, total_calls, answered, declined, missed,
    inbound_offered, inbound_answered, handled_calls, talk_seconds)
  SELECT user_id, date_trunc('month', day)::date, sum(total_calls), sum(answered),
    sum(declined), sum(missed), sum(inbound_offered), sum(inbound_answered),
    sum(handled_calls), sum(talk_seconds)
  FROM call_day_totals GROUP BY 1, 2;

  INSERT INTO status_metric_day_totals (user_id, day, available_seconds, on_call_seconds,
    after_call_seconds, break_seconds, lunch_seconds, personal_seconds, after_call_intervals)
  SELECT d.user_id, d.day, sum(m.available_seconds), sum(m.on_call_seconds),
    sum(m.after_call_seconds), sum(m.break_seconds), sum(m.lunch_seconds),
    sum(m.personal_seconds), sum(m.after_call_intervals)
  FROM status_day_totals AS d
  CROSS JOIN LATERAL status_metrics(d.status, d.seconds, d.intervals) AS m
  GROUP BY 1, 2;

  INSERT INTO status_metric_month_totals (user_id, month, available_seconds, on_call_seconds,
    after_call_seconds, break_seconds, lunch_seconds, personal_seconds, after_call_intervals)
  SELECT user_id, date_trunc('month', day)::date, sum(available_seconds),
    sum(on_call_seconds), sum(after_call_seconds), sum(break_seconds), sum(lunch_seconds),
    sum(personal_seconds), sum(after_call_intervals)
  FROM status_metric_day_totals GROUP BY 1, 2;
END $$;
