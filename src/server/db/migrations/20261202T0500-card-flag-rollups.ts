import { type Kysely, sql } from 'kysely';

/**
 * The employee cards' flags read the metric rollups, as their figures do (whole months from the
 * monthly table): these gain Break, Lunch and Personal Time seconds and After Call Work's
 * intervals, filled from the daily status rollups (a day with only those statuses gains a row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['status_metric_day_totals', 'status_metric_month_totals']) {
    await sql`ALTER TABLE ${sql.id(table)}
      ADD COLUMN break_seconds bigint NOT NULL DEFAULT 0,
      ADD COLUMN lunch_seconds bigint NOT NULL DEFAULT 0,
      ADD COLUMN personal_seconds bigint NOT NULL DEFAULT 0,
      ADD COLUMN after_call_intervals integer NOT NULL DEFAULT 0`.execute(db);
  }
  const set = sql`break_seconds = excluded.break_seconds,
    lunch_seconds = excluded.lunch_seconds, personal_seconds = excluded.personal_seconds,
    after_call_intervals = excluded.after_call_intervals`;
  await sql`
    INSERT INTO status_metric_day_totals (user_id, day, break_seconds, lunch_seconds,
      personal_seconds, after_call_intervals)
    SELECT user_id, day,
      coalesce(sum(seconds) FILTER (WHERE status = 'break'), 0),
      coalesce(sum(seconds) FILTER (WHERE status = 'lunch'), 0),
      coalesce(sum(seconds) FILTER (WHERE status = 'personal'), 0),
      coalesce(sum(intervals) FILTER (WHERE status = 'after_call'), 0)
    FROM status_day_totals
    WHERE status IN ('break', 'lunch', 'personal') AND seconds <> 0
      OR status = 'after_call' AND intervals <> 0
    GROUP BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET ${set}`.execute(db);
  await sql`
    INSERT INTO status_metric_month_totals (user_id, month, break_seconds, lunch_seconds,
      personal_seconds, after_call_intervals)
    SELECT user_id, date_trunc('month', day)::date, sum(break_seconds), sum(lunch_seconds),
      sum(personal_seconds), sum(after_call_intervals)
    FROM status_metric_day_totals
    WHERE (break_seconds, lunch_seconds, personal_seconds, after_call_intervals) <> (0, 0, 0, 0)
    GROUP BY 1, 2
    ON CONFLICT (user_id, month) DO UPDATE SET ${set}`.execute(db);
}
