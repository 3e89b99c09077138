import { sql } from 'kysely';
import type { Db } from '../../platform/database';

/**
 * The data invariants every write path must keep, as queries that return the rows
 * breaking them. Run after every fault test, in the model-based test of random operation
 * sequences, and by `npm run faults`. Each rule is one query; none changes anything (the
 * rollup check rebuilds inside a transaction it rolls back).
 */
export interface InvariantViolation {
  rule: string;
  /** How many rows break it, and the first few. */
  count: number;
  examples: Record<string, unknown>[];
}

export interface InvariantOptions {
  /** The server's now (the fake clock in tests). */
  now: Date;
  /**
   * How long past its deadline a ring may still be unresolved: the engine resolves rings on
   * its next tick, so a check taken between two ticks allows one tick (or a restart's) worth.
   */
  ringGraceMs: number;
  /** Also compare the rollups with a rebuild from the raw rows (reads every row: skip on huge data). */
  rollups?: boolean;
}

const EXAMPLES = 5;

function rules({ now, ringGraceMs }: InvariantOptions) {
  const lateRing = new Date(now.getTime() - ringGraceMs);
  return {
    'one open status interval per agent': sql`
      SELECT user_id, count(*)::int AS open_intervals FROM employee_status_log
      WHERE ended_at IS NULL GROUP BY user_id HAVING count(*) > 1`,

    'status intervals of an agent do not overlap': sql`
      SELECT user_id, id, started_at, ended_at, next_started_at FROM (
        SELECT user_id, id, started_at, ended_at,
          lead(started_at) OVER (
            PARTITION BY user_id ORDER BY started_at, ended_at NULLS LAST, id
          ) AS next_started_at
        FROM employee_status_log
      ) AS ordered
      WHERE next_started_at IS NOT NULL AND (ended_at IS NULL OR next_started_at < ended_at)`,

    'a status duration is its timestamps’ difference, an open interval has none': sql`
      SELECT id, user_id, started_at, ended_at, duration_seconds FROM employee_status_log
      WHERE (ended_at IS NULL AND duration_seconds IS NOT NULL)
         OR (ended_at IS NOT NULL AND (duration_seconds IS NULL OR ended_at < started_at
           OR duration_seconds <> floor(extract(epoch from (ended_at - started_at)))::int))`,

    'every day an agent changed status has its session row, started by then': sql`
      SELECT l.user_id, l.id AS interval_id, l.started_at, s.session_start FROM employee_status_log l
      LEFT JOIN employee_sessions s ON s.user_id = l.user_id
        AND s.session_date = (l.started_at AT TIME ZONE rollup_time_zone())::date
      WHERE s.id IS NULL OR s.session_start > l.started_at`,

    'a session ends after it starts': sql`
      SELECT id, user_id, session_date, session_start, session_end FROM employee_sessions
      WHERE session_end IS NOT NULL AND session_end < session_start`,

    'every offered call is ringing until its deadline or resolved with a valid outcome': sql`
      SELECT id, user_id, call_type, call_status, time_received, answered_at, ended_at,
        ring_deadline FROM call_logs
      WHERE (call_status IS NULL AND (ended_at IS NOT NULL OR answered_at IS NOT NULL
               OR ring_deadline IS NULL OR ring_deadline < ${lateRing}))
         OR (call_status = 'answered' AND (answered_at IS NULL OR answered_at < time_received
               OR ended_at < answered_at))
         OR (call_status IN ('declined', 'missed') AND (answered_at IS NOT NULL
               OR ended_at IS NULL OR ended_at < time_received))
         OR (call_status NOT IN ('answered', 'declined', 'missed'))`,

    'a call duration is its talk time, and only an ended answered call has one': sql`
      SELECT id, user_id, call_status, answered_at, ended_at, duration_seconds FROM call_logs
      WHERE (call_status = 'answered' AND ended_at IS NOT NULL AND (duration_seconds IS NULL
               OR duration_seconds <> floor(extract(epoch from (ended_at - answered_at)))::int))
         OR ((call_status IS DISTINCT FROM 'answered' OR ended_at IS NULL)
               AND coalesce(duration_seconds, 0) <> 0)`,

    'an agent in a call is On Call, an agent with a ringing offer is Available': sql`
      SELECT c.user_id, c.id AS call_id, c.call_status, l.status FROM call_logs c
      LEFT JOIN employee_status_log l ON l.user_id = c.user_id AND l.ended_at IS NULL
      WHERE c.ended_at IS NULL AND l.status IS DISTINCT FROM
        CASE WHEN c.call_status = 'answered' THEN 'on_call' ELSE 'available' END`,

    'the calls of an agent do not overlap': sql`
      SELECT user_id, id, time_received, ended_at, next_received FROM (
        SELECT user_id, id, time_received, ended_at,
          lead(time_received) OVER (PARTITION BY user_id ORDER BY time_received, id)
            AS next_received
        FROM call_logs
      ) AS ordered
      WHERE next_received IS NOT NULL AND (ended_at IS NULL OR next_received < ended_at)`,

    'a queue caller ends once: answered by its one answered call, or abandoned': sql`
      SELECT q.id, q.outcome, q.ended_at,
        count(c.id) FILTER (WHERE c.call_status = 'answered')::int AS answered_calls,
        min(c.answered_at) FILTER (WHERE c.call_status = 'answered') AS answered_at
      FROM queue_callers q LEFT JOIN call_logs c ON c.caller_id = q.id
      GROUP BY q.id
      HAVING count(c.id) FILTER (WHERE c.call_status = 'answered') > 1
        OR (q.outcome IS DISTINCT FROM 'answered'
          AND count(c.id) FILTER (WHERE c.call_status = 'answered') > 0)
        OR (q.outcome = 'answered'
          AND min(c.answered_at) FILTER (WHERE c.call_status = 'answered') <> q.ended_at)`,

    'a queue caller rings at one agent at a time, while waiting': sql`
      SELECT q.id AS caller_id, c.id AS call_id, q.arrived_at, q.ended_at, c.time_received,
        c.ended_at AS call_ended_at, c.next_received FROM queue_callers q
      JOIN (
        SELECT id, caller_id, time_received, ended_at, call_status,
          lead(time_received) OVER (PARTITION BY caller_id ORDER BY time_received, id)
            AS next_received
        FROM call_logs WHERE caller_id IS NOT NULL
      ) c ON c.caller_id = q.id
      WHERE c.time_received < q.arrived_at OR c.time_received > q.ended_at
        OR (c.next_received IS NOT NULL AND c.next_received < c.ended_at)
        OR (c.next_received IS NOT NULL AND c.call_status = 'answered')`,

    'statuses, calls and sessions belong to employees': sql`
      SELECT 'employee_status_log' AS kind, r.user_id FROM employee_status_log r
        JOIN users u ON u.id = r.user_id WHERE u.role <> 'employee'
      UNION ALL SELECT 'call_logs', r.user_id FROM call_logs r
        JOIN users u ON u.id = r.user_id WHERE u.role <> 'employee'
      UNION ALL SELECT 'employee_sessions', r.user_id FROM employee_sessions r
        JOIN users u ON u.id = r.user_id WHERE u.role <> 'employee'`,

    'a live connection belongs to a session of its user': sql`
      SELECT c.id, c.user_id, c.session_id FROM live_connections c
      LEFT JOIN auth_sessions s ON s.id = c.session_id
      WHERE c.closed_at IS NULL AND (s.id IS NULL OR s.user_id <> c.user_id)`,
  };
}

const metricColumns = sql.raw(`available_seconds, on_call_seconds, after_call_seconds,
  break_seconds, lunch_seconds, personal_seconds, after_call_intervals`);

/** The rollups' non-zero rows (by day, by month, the metrics), as text: compared exactly. */
const rollupRows = (db: Db) =>
  sql<{ row: string }>`
    SELECT concat_ws(' ', 'call', user_id, day, total_calls, answered, declined, missed,
      inbound_offered, inbound_answered, handled_calls, talk_seconds) AS row
    FROM call_day_totals WHERE total_calls <> 0 OR talk_seconds <> 0
    UNION ALL
    SELECT concat_ws(' ', 'call month', user_id, month, total_calls, answered, declined, missed,
      inbound_offered, inbound_answered, handled_calls, talk_seconds)
    FROM call_month_totals WHERE total_calls <> 0 OR talk_seconds <> 0
    UNION ALL
    SELECT concat_ws(' ', 'status', user_id, day, status, seconds, intervals)
    FROM status_day_totals WHERE seconds <> 0 OR intervals <> 0
    UNION ALL
    SELECT concat_ws(' ', 'metrics', user_id, day, ${metricColumns})
    FROM status_metric_day_totals WHERE (${metricColumns}) <> (0, 0, 0, 0, 0, 0, 0)
    UNION ALL
    SELECT concat_ws(' ', 'metrics month', user_id, month, ${metricColumns})
    FROM status_metric_month_totals WHERE (${metricColumns}) <> (0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1`
    .execute(db)
    .then((result) => result.rows.map(({ row }) => row));

class RolledBack extends Error {}

/** Rows the triggers kept that a rebuild from the raw rows would not give, and the reverse. */
async function rollupDifferences(db: Db) {
  let difference: Record<string, unknown>[] = [];
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const kept = await rollupRows(trx);
      await sql`SELECT rebuild_rollups()`.execute(trx);
      const rebuilt = await rollupRows(trx);
      const keptSet = new Set(kept);
      const rebuiltSet = new Set(rebuilt);
      difference = [
        ...kept.filter((row) => !rebuiltSet.has(row)).map((row) => ({ kept: row })),
        ...rebuilt.filter((row) => !keptSet.has(row)).map((row) => ({ rebuilt: row })),
      ];
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return difference;
}

/** Every rule that some rows break, with how many and the first few. Empty when all hold. */
export async function findInvariantViolations(
  db: Db,
  options: InvariantOptions,
): Promise<InvariantViolation[]> {
  const violations: InvariantViolation[] = [];
  for (const [rule, query] of Object.entries(rules(options))) {
    const { rows } = await query.execute(db);
    if (rows.length > 0) {
      violations.push({
        rule,
        count: rows.length,
        examples: rows.slice(0, EXAMPLES) as Record<string, unknown>[],
      });
    }
  }
  if (options.rollups ?? true) {
    const rows = await rollupDifferences(db);
    if (rows.length > 0) {
      violations.push({
        rule: 'the rollups equal a rebuild from the raw rows',
        count: rows.length,
        examples: rows.slice(0, EXAMPLES),
      });
    }
  }
  return violations;
}

/** A readable account of violations, for an error message or a fault test's report. */
export function describeViolations(violations: InvariantViolation[]) {
  return violations
    .map(
      ({ rule, count, examples }) =>
        `✗ ${rule}: ${count} row(s), e.g. ${JSON.stringify(examples.slice(0, 2))}`,
    )
    .join('\n');
}
