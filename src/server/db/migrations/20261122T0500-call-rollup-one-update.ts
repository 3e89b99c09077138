import { type Kysely, sql } from 'kysely';

/**
 * A call whose row changes but stays on the same agent and local day with an outcome before
 * and after — above all an answered call's end, which sets its duration — changes its daily
 * rollup row by the difference in one UPDATE, where 20261121T2300-rollups took the old
 * contribution off in one and added the new one in another. Half the rollup writes of every
 * answered call's end: one row update of `call_day_totals` instead of two, and so one
 * statement for `call_month_totals`' trigger instead of two (issue 8 §2, rows per agent-hour).
 * A change with no effect on the figures writes nothing. Every other change (an outcome set or
 * cleared, a move to another agent or day, an insert, a delete) goes the old way.
 */
const counted = (c: string) => `
  1,
  (${c}.call_status = 'answered')::int,
  (${c}.call_status = 'declined')::int,
  (${c}.call_status = 'missed')::int,
  (${c}.call_type = 'inbound')::int,
  (${c}.call_type = 'inbound' AND ${c}.call_status = 'answered')::int,
  (${c}.call_status = 'answered' AND ${c}.duration_seconds IS NOT NULL)::int,
  coalesce(${c}.duration_seconds, 0)`;

const oldRollupTrigger = `CREATE OR REPLACE FUNCTION call_logs_rollup() RETURNS trigger
  LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_call_to_rollup(OLD, -1); END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM add_call_to_rollup(NEW, 1); END IF;
      RETURN NULL;
    END $$`;

const statements = [
  `CREATE FUNCTION change_call_in_rollup(old_call call_logs, new_call call_logs, local_day date)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      old_counts integer[] := ARRAY[${counted('old_call')}];
      new_counts integer[] := ARRAY[${counted('new_call')}];
    BEGIN
      IF old_counts = new_counts THEN RETURN; END IF;
      UPDATE call_day_totals AS t SET
        answered = t.answered + new_counts[2] - old_counts[2],
        declined = t.declined + new_counts[3] - old_counts[3],
        missed = t.missed + new_counts[4] - old_counts[4],
        inbound_offered = t.inbound_offered + new_counts[5] - old_counts[5],
        inbound_answered = t.inbound_answered + new_counts[6] - old_counts[6],
        handled_calls = t.handled_calls + new_counts[7] - old_counts[7],
        talk_seconds = t.talk_seconds + new_counts[8] - old_counts[8]
      WHERE t.user_id = new_call.user_id AND t.day = local_day;
    END $$`,
  `CREATE OR REPLACE FUNCTION call_logs_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      zone text;
      local_day date;
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP = 'UPDATE' AND OLD.call_status IS NOT NULL AND NEW.call_status IS NOT NULL
          AND OLD.user_id = NEW.user_id THEN
        zone := rollup_time_zone();
        local_day := (NEW.time_received AT TIME ZONE zone)::date;
        IF (OLD.time_received AT TIME ZONE zone)::date = local_day THEN
          PERFORM change_call_in_rollup(OLD, NEW, local_day);
          RETURN NULL;
        END IF;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_call_to_rollup(OLD, -1); END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM add_call_to_rollup(NEW, 1); END IF;
      RETURN NULL;
    END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(oldRollupTrigger).execute(db);
  await sql`DROP FUNCTION change_call_in_rollup(call_logs, call_logs, date)`.execute(db);
}
