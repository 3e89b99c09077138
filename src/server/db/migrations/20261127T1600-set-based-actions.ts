import { type Kysely, sql } from 'kysely';
import * as fewerWritesPerSwitch from './20261127T1100-fewer-writes-per-switch';
import { callColumns, list, metricColumns, metricStatuses } from './20261122T0100-rollups-by-month';

/**
 * A batch of agent actions applied set-based (issue 8 §2): `agent_act_batch` takes the batch
 * (the actions waiting for a connection, decision 104) and runs each kind of write once for
 * all of its actions, where `agent_act` ran ~15 statements for each action: one in-database
 * loop of 100 agents' cycles (Available, a ringing call, answer, end, Break) took 4.5–4.8 s
 * with `agent_act` and 2.3–2.8 s with this (RESULTS §2).
 *
 * - Every agent of the batch is locked first, in one order, as each action locked its own.
 * - The batch runs in rounds, each agent's first action in the first, its second in the
 *   second…, so an agent's actions keep their order and each sees what the one before wrote;
 *   each round reads, decides, writes, then reads the states, as `agent_act` did for one.
 * - The rules are `agent_act`'s, unchanged; a refusal is decided before its action writes
 *   anything and answered (`refusal`), never raised, so it undoes none of the others.
 *
 * Rollups of an update are kept for the statement, not for each row: a round closes many
 * intervals and changes many calls in one UPDATE each, and a statement trigger (transition
 * tables) adds what they changed in one upsert per rollup table, where a row trigger ran
 * three upserts for each row. Inserts and deletes keep their row triggers: inserts are
 * mostly of rows the rollups leave out (open intervals, ringing calls), which the triggers'
 * `WHEN` skips without running anything. The row functions' update branches stay for `down`.
 */
/** `column = t.column + excluded.column`, for each: an upsert that adds. */
const addExcluded = (columns: string[]) =>
  list(columns, (name) => `${name} = t.${name} + excluded.${name}`);
/** Whether any of `row`'s columns is not zero. */
const anyChanged = (columns: string[], row: string) =>
  `(${list(columns, (name) => `${row}.${name}`)}) <> (${list(columns, () => '0')})`;
const anyExcluded = (columns: string[]) => anyChanged(columns, 'excluded');

/**
 * A statement trigger's function: `statement`, with the rollups' zone (`zone`), when a row the
 * rollups count (`counted`) is among the rows before (`old`) or after (`new`) — a cheap look
 * first, as the statement's start costs more than the look (an update of nothing to count, a
 * ringing call's, skips it).
 */
const statementTrigger = (
  name: string,
  tables: { old: string; new: string },
  counted: string,
  statement: string,
) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      zone text;
    BEGIN
      IF current_setting('switchboard.bulk_load', true) = 'on'
        OR NOT (EXISTS (SELECT 1 FROM ${tables.new} AS c WHERE ${counted})
          OR EXISTS (SELECT 1 FROM ${tables.old} AS c WHERE ${counted})) THEN
        RETURN NULL;
      END IF;
      zone := rollup_time_zone();
      ${statement};
      RETURN NULL;
    END $$`;

/**
 * The actions of a round whose status switch happens: one that changes the status, not
 * refused, and (a call action) whose call changed (`done`).
 */
const switches = `x.next_status IS NOT NULL AND x.refusal IS NULL
            AND (x.action NOT IN ('answer', 'decline', 'end') OR x.i = ANY (done))`;

/** `agent_act_batch` as this migration creates it (a later one replaces its announcement). */
export const agentActBatch = `CREATE FUNCTION agent_act_batch(actions jsonb)
    RETURNS TABLE (i int, at timestamptz, refusal text, state agent_state_row)
    -- Generic plans: a custom plan, the cache's choice for a batch of one, planned each
    -- statement again each time (~0.8 ms of a lone action's ~1.9).
    LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      rounds int;
      items agent_act_item[];
      done int[];
    BEGIN
      -- Every agent of the batch locked, in one order, as each action locks its agent.
      PERFORM 1 FROM jsonb_array_elements(actions) AS a
        JOIN users AS u ON u.id = (a->>'agent')::uuid
        ORDER BY u.id FOR NO KEY UPDATE OF u;
      SELECT max(n) INTO rounds FROM (SELECT count(*) AS n FROM jsonb_array_elements(actions)
        AS a GROUP BY a->>'agent') AS per_agent;
      FOR round IN 1..coalesce(rounds, 0) LOOP
        -- The round's actions, an agent's next each, as the previous round (or the lock's
        -- previous holder) left the agent: its open interval and call, and never before what
        -- they hold. Refusals that need no write are decided here.
        SELECT array_agg(ROW(x.i, x.agent, x.action, x.call, x.arg,
            greatest(x.at, open.started_at, latest.time_received, latest.answered_at,
              latest.ended_at),
            x.zone, x.channel, open.id, cur.id,
            -- The same status set by the same changes nothing (an agent choosing Tech Issues
            -- the system set makes it theirs).
            CASE WHEN open.status = next.status AND open.set_by = next.by THEN NULL
              ELSE next.status END,
            next.by,
            CASE
              WHEN x.action = 'status' AND cur.call_status = 'answered' THEN 'CALL_IN_PROGRESS'
              WHEN x.action = 'dial' AND cur.id IS NOT NULL THEN 'CALL_IN_PROGRESS'
              WHEN x.action = 'dial' AND open.status IS DISTINCT FROM 'out_bound'
                THEN 'OUTBOUND_NEEDS_OUT_BOUND'
            END, NULL)::agent_act_item)
          INTO items
          FROM (SELECT y.*, row_number() OVER (PARTITION BY y.agent ORDER BY y.i) AS turn
            FROM jsonb_to_recordset(actions) AS y(i int, agent uuid, action text, call uuid,
              arg text, by text, at timestamptz, zone text, channel text)) AS x
          -- LIMIT 1 (the keys allow one): looked up for each action, never a scan of them all.
          LEFT JOIN LATERAL (SELECT l.id, l.status, l.set_by, l.started_at
            FROM employee_status_log AS l WHERE l.user_id = x.agent AND l.ended_at IS NULL
            LIMIT 1) AS open ON true
          LEFT JOIN LATERAL (SELECT c.id, c.call_status FROM call_logs AS c
            WHERE c.user_id = x.agent AND c.ended_at IS NULL LIMIT 1) AS cur ON true
          LEFT JOIN LATERAL (SELECT c.time_received, c.answered_at, c.ended_at
            FROM call_logs AS c WHERE c.user_id = x.agent
            ORDER BY c.time_received DESC LIMIT 1) AS latest ON true
          -- The status the action switches to if it succeeds; On Call and After Call Work are
          -- the system's whoever asks.
          CROSS JOIN LATERAL (SELECT CASE x.action WHEN 'status' THEN x.arg
              WHEN 'answer' THEN 'on_call' WHEN 'end' THEN 'after_call' WHEN 'dial' THEN 'on_call'
              END AS status,
            CASE WHEN x.action <> 'status' OR x.arg IN ('on_call', 'after_call') THEN 'system'
              ELSE x.by END AS by) AS next
          WHERE x.turn = round;

        -- The calls: answered or declined only before the deadline (against a ring timeout one
        -- of the two wins), ended only while answered; leaving the status misses a ringing
        -- offer (never before it was made). A call action that matched nothing is refused.
        WITH changed AS (
          UPDATE call_logs AS c SET
            call_status = CASE x.action WHEN 'answer' THEN 'answered'
              WHEN 'decline' THEN 'declined' WHEN 'status' THEN 'missed' ELSE c.call_status END,
            answered_at = CASE WHEN x.action = 'answer' THEN x.at ELSE c.answered_at END,
            ended_at = CASE x.action WHEN 'answer' THEN c.ended_at WHEN 'end' THEN x.at
              ELSE greatest(x.at, c.time_received) END,
            duration_seconds = CASE WHEN x.action = 'end'
              THEN greatest(0, floor(extract(epoch from (x.at - c.answered_at))))::int
              ELSE c.duration_seconds END
          FROM unnest(items) AS x
          WHERE c.id = CASE x.action WHEN 'status' THEN x.current_id ELSE x.call END
            AND x.refusal IS NULL AND c.user_id = x.agent AND CASE x.action
            WHEN 'answer' THEN c.call_status IS NULL AND c.ring_deadline > x.at
            WHEN 'decline' THEN c.call_status IS NULL AND c.ring_deadline > x.at
            WHEN 'end' THEN c.call_status = 'answered' AND c.ended_at IS NULL
            WHEN 'status' THEN c.call_status IS NULL AND x.next_status IS NOT NULL
            ELSE false END
          RETURNING x.i)
        SELECT coalesce(array_agg(changed.i), '{}') INTO done FROM changed;

        INSERT INTO call_logs (user_id, phone_number, call_type, call_status, time_received,
            answered_at)
          SELECT x.agent, x.arg, 'outbound', 'answered', x.at, x.at FROM unnest(items) AS x
          WHERE x.action = 'dial' AND x.refusal IS NULL;

        -- The status switch of every action let through: the open interval closed, the next
        -- opened, and the call centre's day has the agent's session row (left alone if open).
        UPDATE employee_status_log AS l SET ended_at = x.at,
            duration_seconds = greatest(0, floor(extract(epoch from (x.at - l.started_at))))::int
          FROM unnest(items) AS x
          WHERE l.id = x.open_id AND ${switches};
        INSERT INTO employee_status_log (user_id, status, started_at, set_by)
          SELECT x.agent, x.next_status, x.at, x.next_by FROM unnest(items) AS x
          WHERE ${switches};
        INSERT INTO employee_sessions AS s (user_id, session_date, session_start)
          SELECT x.agent, (x.at AT TIME ZONE x.zone)::date, x.at FROM unnest(items) AS x
          WHERE ${switches}
            AND NOT EXISTS (SELECT 1 FROM employee_sessions AS o
              WHERE o.user_id = x.agent AND o.session_date = (x.at AT TIME ZONE x.zone)::date
                AND o.session_end IS NULL)
          ON CONFLICT (user_id, session_date) DO UPDATE SET session_end = NULL
          WHERE s.session_end IS NOT NULL;

        -- Each action's refusal (a call action that matched nothing: the call is the agent's
        -- but past that point, or not the agent's, or no call at all) or the agent's state,
        -- announced when the action changed it.
        SELECT array_agg(ROW(x.i, x.agent, x.action, x.call, x.arg, x.at, x.zone, x.channel,
            x.open_id, x.current_id, x.next_status, x.next_by, outcome.refusal,
            CASE WHEN outcome.refusal IS NULL THEN
              (SELECT s FROM agent_state(x.agent, x.at, x.zone) AS s) END)::agent_act_item)
          INTO items
          FROM unnest(items) AS x
          CROSS JOIN LATERAL (SELECT CASE
            WHEN x.refusal IS NOT NULL THEN x.refusal
            WHEN x.action IN ('answer', 'decline', 'end') AND x.i <> ALL (done)
              THEN agent_call_refusal(x.agent, x.call,
                CASE x.action WHEN 'end' THEN 'CALL_NOT_ACTIVE' ELSE 'CALL_NOT_RINGING' END)
            END AS refusal) AS outcome;
        PERFORM announce_agent_state(x.channel, x.agent, x.at, x.state) FROM unnest(items) AS x
          WHERE x.refusal IS NULL AND (x.action <> 'status' OR x.next_status IS NOT NULL);
        RETURN QUERY SELECT x.i, x.at, x.refusal, x.state FROM unnest(items) AS x;
      END LOOP;
    END $$`;

const statements = [
  `CREATE TYPE agent_act_item AS (i int, agent uuid, action text, call uuid, arg text,
    at timestamptz, zone text, channel text, open_id uuid, current_id uuid, next_status text,
    next_by text, refusal text, state agent_state_row)`,
  agentActBatch,
  // An update's rollups: what its rows counted before subtracted, what they count now added,
  // grouped, so only the days and statuses it changed are written.
  statementTrigger(
    'employee_status_log_rollup_changes',
    { old: 'old_intervals', new: 'new_intervals' },
    'c.ended_at IS NOT NULL AND c.duration_seconds IS NOT NULL',
    `WITH changes AS (
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
          ${addExcluded(['seconds', 'intervals'])}
    ), metrics AS (
      SELECT p.user_id, p.day, ${list(
        metricStatuses,
        (status) =>
          `sum(CASE WHEN p.status = '${status}' THEN p.seconds ELSE 0 END) AS ${status}_seconds`,
      )}
      FROM parts AS p WHERE p.status IN (${list(metricStatuses, (status) => `'${status}'`)})
      GROUP BY 1, 2
    ), by_day AS (
      INSERT INTO status_metric_day_totals AS t (user_id, day, ${metricColumns.join(', ')})
        SELECT * FROM metrics ORDER BY 1, 2
        ON CONFLICT (user_id, day) DO UPDATE SET ${addExcluded(metricColumns)}
        WHERE ${anyExcluded(metricColumns)}
    )
    INSERT INTO status_metric_month_totals AS t (user_id, month, ${metricColumns.join(', ')})
      SELECT m.user_id, date_trunc('month', m.day)::date, ${list(metricColumns, (name) => `sum(m.${name})`)}
      FROM metrics AS m GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (user_id, month) DO UPDATE SET ${addExcluded(metricColumns)}
      WHERE ${anyExcluded(metricColumns)}`,
  ),
  statementTrigger(
    'call_logs_rollup_changes',
    { old: 'old_calls', new: 'new_calls' },
    'c.call_status IS NOT NULL',
    `WITH changes AS (
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
      SELECT * FROM days AS d WHERE ${anyChanged(callColumns, 'd')}
    ), by_day AS (
      INSERT INTO call_day_totals AS t (user_id, day, ${callColumns.join(', ')})
        SELECT * FROM changed_days ORDER BY 1, 2
        ON CONFLICT (user_id, day) DO UPDATE SET ${addExcluded(callColumns)}
    )
    INSERT INTO call_month_totals AS t (user_id, month, ${callColumns.join(', ')})
      SELECT d.user_id, date_trunc('month', d.day)::date, ${list(callColumns, (name) => `sum(d.${name})`)}
      FROM changed_days AS d GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (user_id, month) DO UPDATE SET ${addExcluded(callColumns)}`,
  ),
  `DROP TRIGGER employee_status_log_rollup_update ON employee_status_log`,
  `CREATE TRIGGER employee_status_log_rollup_update AFTER UPDATE ON employee_status_log
    REFERENCING OLD TABLE AS old_intervals NEW TABLE AS new_intervals
    FOR EACH STATEMENT EXECUTE FUNCTION employee_status_log_rollup_changes()`,
  `DROP TRIGGER call_logs_rollup_update ON call_logs`,
  `CREATE TRIGGER call_logs_rollup_update AFTER UPDATE ON call_logs
    REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
    FOR EACH STATEMENT EXECUTE FUNCTION call_logs_rollup_changes()`,
  `DROP FUNCTION agent_act(uuid, text, uuid, text, text, timestamptz, text, text)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const previous = [
    fewerWritesPerSwitch.agentAct,
    `DROP TRIGGER call_logs_rollup_update ON call_logs`,
    `CREATE TRIGGER call_logs_rollup_update AFTER UPDATE OF
      call_status, call_type, time_received, duration_seconds, user_id ON call_logs
      FOR EACH ROW WHEN (OLD.call_status IS NOT NULL OR NEW.call_status IS NOT NULL)
      EXECUTE FUNCTION call_logs_rollup()`,
    `DROP TRIGGER employee_status_log_rollup_update ON employee_status_log`,
    `CREATE TRIGGER employee_status_log_rollup_update AFTER UPDATE OF
      status, started_at, ended_at, duration_seconds, user_id ON employee_status_log
      FOR EACH ROW WHEN ((OLD.ended_at IS NOT NULL AND OLD.duration_seconds IS NOT NULL)
        OR (NEW.ended_at IS NOT NULL AND NEW.duration_seconds IS NOT NULL))
      EXECUTE FUNCTION employee_status_log_rollup()`,
    `DROP FUNCTION call_logs_rollup_changes()`,
    `DROP FUNCTION employee_status_log_rollup_changes()`,
    `DROP FUNCTION agent_act_batch(jsonb)`,
    `DROP TYPE agent_act_item`,
  ];
  for (const statement of previous) await sql.raw(statement).execute(db);
}
