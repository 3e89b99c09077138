import { type Kysely, sql } from 'kysely';
import * as rollups from './20261121T2300-rollups';
import * as rollupsByMonth from './20261122T0100-rollups-by-month';
import * as callRollupOneUpdate from './20261122T0500-call-rollup-one-update';
import * as rollupUpserts from './20261124T0600-rollup-upserts';

/**
 * The rollups kept in one step (issue 8 §2): a closed interval or a call's outcome writes its
 * daily row and, in the same statement, the rows derived from it — the status metrics by day
 * and month, the calls by month — where 20261122T0100-rollups-by-month derived them in
 * statement triggers on the daily tables (transition tables, a grouped upsert per target),
 * which cost more than the writes themselves: ~0.27 ms of a status change, an answer and an
 * end's ~1.3 ms on one backend. The same rows and figures:
 *
 * - a delta of zero writes nothing; a new daily row's derived rows are created even at zero;
 *   taking off (sign -1) only updates rows that exist (a cascade delete re-creates none);
 * - `rebuild_rollups()` derives the month and metric tables from the rebuilt daily ones;
 * - the raw rows' triggers fire only for rows that count (`WHEN`): an open interval's insert
 *   and a ringing call's insert call no function; what the agents' actions do (close an
 *   interval within a day, give a call its outcome, end it) is written in the trigger itself,
 *   each plpgsql call level costing ~15 µs (pg_stat_statements under the 1,000-agent load).
 */
const { callColumns, metricColumns, metricStatuses } = rollupsByMonth;

const list = (names: string[], each: (name: string, index: number) => string) =>
  names.map(each).join(', ');
const addTo = (columns: string[], source: (name: string, index: number) => string) =>
  list(columns, (name, index) => `${name} = t.${name} + ${source(name, index)}`);
const isMetric = (status: string) =>
  `${status} IN (${list(metricStatuses, (name) => `'${name}'`)})`;
/** `seconds` in the metric column of `status` (`metricColumns`' order), 0 in the others. */
const metricSeconds = (status: string, seconds: string) =>
  metricStatuses.map((name) => `CASE WHEN ${status} = '${name}' THEN ${seconds} ELSE 0 END`);

/**
 * Adds a closed interval's part (`seconds` on `day`, `first` 1 if the interval starts that day)
 * to its day row and, for a metric status, to the metric day and month rows: one statement.
 */
const addStatusPart = (
  agent: string,
  day: string,
  status: string,
  seconds: string,
  first: string,
) => {
  const metrics = metricSeconds(status, seconds).join(', ');
  const upsertMetrics = (table: string, key: 'day' | 'month', keyValue: string) => `
    INSERT INTO ${table} AS t (user_id, ${key}, ${metricColumns.join(', ')})
      SELECT ${agent}, ${keyValue}, ${metrics} WHERE ${isMetric(status)}
      ON CONFLICT (user_id, ${key}) DO UPDATE SET ${addTo(metricColumns, (name) => `excluded.${name}`)}
      WHERE ${seconds} <> 0`;
  return `WITH by_status AS (
      INSERT INTO status_day_totals AS t (user_id, day, status, seconds, intervals)
        VALUES (${agent}, ${day}, ${status}, ${seconds}, ${first})
        ON CONFLICT (user_id, day, status) DO UPDATE SET
          seconds = t.seconds + excluded.seconds, intervals = t.intervals + excluded.intervals),
    by_day AS (${upsertMetrics('status_metric_day_totals', 'day', day)})
    ${upsertMetrics('status_metric_month_totals', 'month', `date_trunc('month', ${day})::date`)}`;
};

/** A call's figures as an array (`callColumns`' order), times `sign`. */
const callCounts = (c: string, sign: string) => `ARRAY[
        ${sign},
        ${sign} * (${c}.call_status = 'answered')::int,
        ${sign} * (${c}.call_status = 'declined')::int,
        ${sign} * (${c}.call_status = 'missed')::int,
        ${sign} * (${c}.call_type = 'inbound')::int,
        ${sign} * (${c}.call_type = 'inbound' AND ${c}.call_status = 'answered')::int,
        ${sign} * (${c}.call_status = 'answered' AND ${c}.duration_seconds IS NOT NULL)::int,
        ${sign} * coalesce(${c}.duration_seconds, 0)]`;

/** Adds `counts` to the agent's day row and month row, creating them: one statement. */
const addCallCounts = (agent: string, day: string, counts: string) => `WITH by_day AS (
      INSERT INTO call_day_totals AS t (user_id, day, ${callColumns.join(', ')})
        VALUES (${agent}, ${day}, ${list(callColumns, (_, i) => `${counts}[${i + 1}]`)})
        ON CONFLICT (user_id, day) DO UPDATE SET ${addTo(callColumns, (name) => `excluded.${name}`)})
    INSERT INTO call_month_totals AS t (user_id, month, ${callColumns.join(', ')})
      VALUES (${agent}, date_trunc('month', ${day})::date,
        ${list(callColumns, (_, i) => `${counts}[${i + 1}]`)})
      ON CONFLICT (user_id, month) DO UPDATE SET ${addTo(callColumns, (name) => `excluded.${name}`)}`;

/** Adds `delta(i)` to the agent's existing day and month rows: one statement. */
const changeCallCounts = (agent: string, day: string, delta: (index: number) => string) =>
  `WITH by_day AS (
      UPDATE call_day_totals AS t SET ${addTo(callColumns, (_, i) => delta(i + 1))}
      WHERE t.user_id = ${agent} AND t.day = ${day})
    UPDATE call_month_totals AS t SET ${addTo(callColumns, (_, i) => delta(i + 1))}
    WHERE t.user_id = ${agent} AND t.month = date_trunc('month', ${day})::date`;

/** Takes a part's seconds off its metric column (in `add_status_day_part`). */
const takeOffMetrics = addTo(
  metricColumns,
  (_, i) => `-(${metricSeconds('part_status', 'part_seconds')[i]})`,
);

const statements = [
  ...['insert', 'update', 'delete'].flatMap((event) => [
    `DROP TRIGGER status_day_totals_derive_${event} ON status_day_totals`,
    `DROP TRIGGER call_day_totals_derive_${event} ON call_day_totals`,
  ]),
  `DROP FUNCTION status_day_totals_derive(), call_day_totals_derive()`,

  // One part of an interval (its day's share): added (sign 1) or taken off (sign -1).
  `CREATE OR REPLACE FUNCTION add_status_day_part(
      agent uuid, part_day date, part_status text, part_seconds integer, part_first integer,
      sign integer)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF sign > 0 THEN
        ${addStatusPart('agent', 'part_day', 'part_status', 'part_seconds', 'part_first')};
        RETURN;
      END IF;
      UPDATE status_day_totals AS t SET
        seconds = t.seconds - part_seconds, intervals = t.intervals - part_first
      WHERE t.user_id = agent AND t.day = part_day AND t.status = part_status;
      IF ${isMetric('part_status')} AND part_seconds <> 0 THEN
        WITH by_day AS (
          UPDATE status_metric_day_totals AS t SET ${takeOffMetrics}
          WHERE t.user_id = agent AND t.day = part_day)
        UPDATE status_metric_month_totals AS t SET ${takeOffMetrics}
        WHERE t.user_id = agent AND t.month = date_trunc('month', part_day)::date;
      END IF;
    END $$`,

  // One call's contribution (sign +1 or -1) to its day and month.
  `CREATE OR REPLACE FUNCTION add_call_to_rollup(c call_logs, sign integer) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      local_day date;
      counts bigint[] := ${callCounts('c', 'sign')};
    BEGIN
      IF c.call_status IS NULL THEN RETURN; END IF;
      local_day := (c.time_received AT TIME ZONE rollup_time_zone())::date;
      IF sign > 0 THEN
        ${addCallCounts('c.user_id', 'local_day', 'counts')};
      ELSE
        ${changeCallCounts('c.user_id', 'local_day', (i) => `counts[${i}]`)};
      END IF;
    END $$`,

  // The triggers below write a call's change within its day themselves.
  `DROP FUNCTION change_call_in_rollup(call_logs, call_logs, date)`,

  // The raw rows' triggers. What the agents' actions do — close an interval within a day (nearly
  // all), give a call its outcome, end an answered call — is written inline, without a nested
  // call per level; edits, deletes and intervals across midnight take the functions above.
  `CREATE OR REPLACE FUNCTION employee_status_log_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      zone text;
      local_day date;
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.ended_at IS NOT NULL
          AND OLD.duration_seconds IS NOT NULL THEN
        PERFORM add_interval_to_rollup(OLD, -1);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.ended_at IS NOT NULL
          AND NEW.duration_seconds IS NOT NULL THEN
        zone := rollup_time_zone();
        local_day := (NEW.started_at AT TIME ZONE zone)::date;
        IF (NEW.ended_at AT TIME ZONE zone)::date = local_day THEN
          ${addStatusPart('NEW.user_id', 'local_day', 'NEW.status', 'NEW.duration_seconds', '1')};
        ELSE
          PERFORM add_interval_to_rollup(NEW, 1);
        END IF;
      END IF;
      RETURN NULL;
    END $$`,
  `CREATE OR REPLACE FUNCTION call_logs_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      zone text;
      local_day date;
      old_counts bigint[];
      new_counts bigint[];
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP <> 'DELETE' AND NEW.call_status IS NOT NULL THEN
        zone := rollup_time_zone();
        local_day := (NEW.time_received AT TIME ZONE zone)::date;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.call_status IS NOT NULL AND NEW.call_status IS NOT NULL
          AND OLD.user_id = NEW.user_id
          AND (OLD.time_received AT TIME ZONE zone)::date = local_day THEN
        -- An answered call's end, or an edit within the day: the difference.
        old_counts := ${callCounts('OLD', '1')};
        new_counts := ${callCounts('NEW', '1')};
        IF old_counts <> new_counts THEN
          ${changeCallCounts('NEW.user_id', 'local_day', (i) => `new_counts[${i}] - old_counts[${i}]`)};
        END IF;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.call_status IS NOT NULL THEN
        PERFORM add_call_to_rollup(OLD, -1);
      END IF;
      IF local_day IS NOT NULL THEN
        -- An outcome given (answered, declined, missed), or a call inserted with one.
        new_counts := ${callCounts('NEW', '1')};
        ${addCallCounts('NEW.user_id', 'local_day', 'new_counts')};
      END IF;
      RETURN NULL;
    END $$`,
  `DROP TRIGGER employee_status_log_rollup ON employee_status_log`,
  `CREATE TRIGGER employee_status_log_rollup_insert AFTER INSERT ON employee_status_log
    FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL AND NEW.duration_seconds IS NOT NULL)
    EXECUTE FUNCTION employee_status_log_rollup()`,
  `CREATE TRIGGER employee_status_log_rollup_update AFTER UPDATE OF
    status, started_at, ended_at, duration_seconds, user_id ON employee_status_log
    FOR EACH ROW WHEN ((OLD.ended_at IS NOT NULL AND OLD.duration_seconds IS NOT NULL)
      OR (NEW.ended_at IS NOT NULL AND NEW.duration_seconds IS NOT NULL))
    EXECUTE FUNCTION employee_status_log_rollup()`,
  `CREATE TRIGGER employee_status_log_rollup_delete AFTER DELETE ON employee_status_log
    FOR EACH ROW WHEN (OLD.ended_at IS NOT NULL AND OLD.duration_seconds IS NOT NULL)
    EXECUTE FUNCTION employee_status_log_rollup()`,
  `DROP TRIGGER call_logs_rollup ON call_logs`,
  `CREATE TRIGGER call_logs_rollup_insert AFTER INSERT ON call_logs
    FOR EACH ROW WHEN (NEW.call_status IS NOT NULL) EXECUTE FUNCTION call_logs_rollup()`,
  `CREATE TRIGGER call_logs_rollup_update AFTER UPDATE OF
    call_status, call_type, time_received, duration_seconds, user_id ON call_logs
    FOR EACH ROW WHEN (OLD.call_status IS NOT NULL OR NEW.call_status IS NOT NULL)
    EXECUTE FUNCTION call_logs_rollup()`,
  `CREATE TRIGGER call_logs_rollup_delete AFTER DELETE ON call_logs
    FOR EACH ROW WHEN (OLD.call_status IS NOT NULL) EXECUTE FUNCTION call_logs_rollup()`,
  // Everything again from the raw rows, set-based (a zone change, a bulk load, the invariant
  // check): the daily rows, then what derives from them.
  `CREATE OR REPLACE FUNCTION rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      zone text := rollup_time_zone();
    BEGIN
      DELETE FROM call_month_totals;
      DELETE FROM status_metric_month_totals;
      DELETE FROM status_metric_day_totals;
      ${rollups.rebuildDailyRollups}
      INSERT INTO call_month_totals (user_id, month, ${callColumns.join(', ')})
      SELECT user_id, date_trunc('month', day)::date, ${list(callColumns, (name) => `sum(${name})`)}
      FROM call_day_totals GROUP BY 1, 2;
      INSERT INTO status_metric_day_totals (user_id, day, ${metricColumns.join(', ')})
      SELECT user_id, day, ${list(
        metricStatuses,
        (status) => `sum(CASE WHEN status = '${status}' THEN seconds ELSE 0 END)`,
      )}
      FROM status_day_totals
      WHERE status IN (${list(metricStatuses, (status) => `'${status}'`)})
      GROUP BY 1, 2;
      INSERT INTO status_metric_month_totals (user_id, month, ${metricColumns.join(', ')})
      SELECT user_id, date_trunc('month', day)::date, ${list(metricColumns, (name) => `sum(${name})`)}
      FROM status_metric_day_totals GROUP BY 1, 2;
    END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER call_logs_rollup_${event} ON call_logs`).execute(db);
    await sql
      .raw(`DROP TRIGGER employee_status_log_rollup_${event} ON employee_status_log`)
      .execute(db);
  }
  await sql`DROP FUNCTION add_status_day_part(uuid, date, text, integer, integer, integer)`.execute(
    db,
  );
  for (const statement of [
    rollups.employeeStatusLogRollupFunction,
    ...rollups.rollupTriggers,
    rollups.rebuildRollupsFunction.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'),
    ...rollupsByMonth.deriveTriggers,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await rollupUpserts.up(db);
  await callRollupOneUpdate.up(db);
}
