import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newEmployee } from '../../test/factories';
import { openTestDatabase } from '../../test/test-app';
import { ensureRollupTimeZone } from './rollups';
import { afterAll } from 'vitest';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

const callRollup = () =>
  sql<Record<string, unknown>>`SELECT * FROM call_day_totals
    WHERE total_calls <> 0 OR talk_seconds <> 0 ORDER BY user_id, day`
    .execute(db)
    .then((r) => r.rows);
const statusRollup = () =>
  sql<Record<string, unknown>>`SELECT * FROM status_day_totals
    WHERE seconds <> 0 OR intervals <> 0 ORDER BY user_id, day, status`
    .execute(db)
    .then((r) => r.rows);

const callColumns = sql.raw(`sum(total_calls)::int AS total_calls, sum(answered)::int AS answered,
  sum(declined)::int AS declined, sum(missed)::int AS missed,
  sum(inbound_offered)::int AS inbound_offered, sum(inbound_answered)::int AS inbound_answered,
  sum(handled_calls)::int AS handled_calls, sum(talk_seconds)::text AS talk_seconds`);
const metricColumns = sql.raw(`sum(available_seconds)::text AS available_seconds,
  sum(on_call_seconds)::text AS on_call_seconds, sum(after_call_seconds)::text AS after_call_seconds,
  sum(break_seconds)::text AS break_seconds, sum(lunch_seconds)::text AS lunch_seconds,
  sum(personal_seconds)::text AS personal_seconds,
  sum(after_call_intervals)::text AS after_call_intervals`);
const rowsOf = (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
  query.execute(db).then((r) => r.rows);

/**
 * The month and metric rollups (db/sql/rollups.sql), their non-zero rows, next to
 * the same figures summed from the daily rollups.
 */
async function derivedRollups() {
  const metricDays = sql`SELECT user_id, day,
    coalesce(sum(seconds) FILTER (WHERE status = 'available'), 0) AS available_seconds,
    coalesce(sum(seconds) FILTER (WHERE status = 'on_call'), 0) AS on_call_seconds,
    coalesce(sum(seconds) FILTER (WHERE status = 'after_call'), 0) AS after_call_seconds,
    coalesce(sum(seconds) FILTER (WHERE status = 'break'), 0) AS break_seconds,
    coalesce(sum(seconds) FILTER (WHERE status = 'lunch'), 0) AS lunch_seconds,
    coalesce(sum(seconds) FILTER (WHERE status = 'personal'), 0) AS personal_seconds,
    coalesce(sum(intervals) FILTER (WHERE status = 'after_call'), 0) AS after_call_intervals
    FROM status_day_totals GROUP BY 1, 2`;
  const month = sql.raw(`to_char(date_trunc('month', day), 'YYYY-MM')`);
  const day = sql.raw(`to_char(day, 'YYYY-MM-DD')`);
  const nonZero = sql.raw(`HAVING sum(total_calls) <> 0 OR sum(talk_seconds) <> 0`);
  const nonZeroMetrics = sql.raw(`HAVING (sum(available_seconds), sum(on_call_seconds),
    sum(after_call_seconds), sum(break_seconds), sum(lunch_seconds), sum(personal_seconds),
    sum(after_call_intervals)) <> (0, 0, 0, 0, 0, 0, 0)`);
  const byMonth = sql.raw(`to_char(month, 'YYYY-MM')`);
  return {
    kept: {
      callMonths: await rowsOf(sql`SELECT user_id, ${byMonth} AS month, ${callColumns}
        FROM call_month_totals GROUP BY 1, 2 ${nonZero} ORDER BY 1, 2`),
      metricDays: await rowsOf(sql`SELECT user_id, ${day} AS day, ${metricColumns}
        FROM status_metric_day_totals GROUP BY 1, 2 ${nonZeroMetrics} ORDER BY 1, 2`),
      metricMonths: await rowsOf(sql`SELECT user_id, ${byMonth} AS month, ${metricColumns}
        FROM status_metric_month_totals GROUP BY 1, 2 ${nonZeroMetrics} ORDER BY 1, 2`),
    },
    fromDays: {
      callMonths: await rowsOf(sql`SELECT user_id, ${month} AS month, ${callColumns}
        FROM call_day_totals GROUP BY 1, 2 ${nonZero} ORDER BY 1, 2`),
      metricDays: await rowsOf(sql`SELECT user_id, ${day} AS day, ${metricColumns}
        FROM (${metricDays}) AS d GROUP BY 1, 2 ${nonZeroMetrics} ORDER BY 1, 2`),
      metricMonths: await rowsOf(sql`SELECT user_id, ${month} AS month, ${metricColumns}
        FROM (${metricDays}) AS d GROUP BY 1, 2 ${nonZeroMetrics} ORDER BY 1, 2`),
    },
  };
}

/** The monthly and metric rollups hold what the daily rollups add up to. */
async function expectDerivedRollupsAgree() {
  const { kept, fromDays } = await derivedRollups();
  expect(kept).toEqual(fromDays);
}

/** What the triggers kept equals what a rebuild from the raw rows gives, at every level. */
async function expectTriggersAgreeWithRebuild() {
  await expectDerivedRollupsAgree();
  const kept = { calls: await callRollup(), statuses: await statusRollup() };
  await sql`SELECT rebuild_rollups()`.execute(db);
  expect(kept).toEqual({ calls: await callRollup(), statuses: await statusRollup() });
  await expectDerivedRollupsAgree();
}

function interval(
  userId: string,
  status: string,
  startedAt: string,
  endedAt: string | null,
  trx = db,
) {
  return trx
    .insertInto('employee_status_log')
    .values({
      user_id: userId,
      status,
      started_at: startedAt,
      ended_at: endedAt,
      duration_seconds: endedAt
        ? Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 1000)
        : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An inbound call of `userId` answered at `answeredAt`, with `values` on top. */
function answeredCall(userId: string, receivedAt: string, answeredAt: string, values: object = {}) {
  return db
    .insertInto('call_logs')
    .values({
      user_id: userId,
      phone_number: '12125550100',
      call_type: 'inbound',
      call_status: 'answered',
      time_received: receivedAt,
      answered_at: answeredAt,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Rows a change updates, or writes in all, per table, from the database's own counters of the
 * transaction (on PGlite they hold the backend's unreported counts: hence the difference).
 */
function rowWrites(
  tables: string[],
  kind: 'updated' | 'written',
  change: (trx: typeof db) => Promise<unknown>,
) {
  const counter = sql.raw(kind === 'updated' ? 'n_tup_upd' : 'n_tup_ins + n_tup_upd + n_tup_del');
  return db.transaction().execute(async (trx) => {
    const counts = () =>
      sql<{ relname: string; n: number }>`
        SELECT relname, ${counter}::int AS n FROM pg_stat_xact_user_tables
        WHERE relname = ANY(${tables})`
        .execute(trx)
        .then((r) => new Map(r.rows.map((row) => [row.relname, row.n])));
    const before = await counts();
    await change(trx);
    const after = await counts();
    return Object.fromEntries(
      tables.map((table) => [table, after.get(table)! - before.get(table)!]),
    );
  });
}

describe('daily rollups', () => {
  it('split an interval at local midnight, counting it once on the day it started', async () => {
    const agent = await newEmployee(db);
    // 21:00 on the 14th to 09:00 on the 15th in New York (UTC-4 in March 2026).
    await interval(agent.id, 'gone_home', '2026-03-15T01:00:00.250Z', '2026-03-15T13:00:00.750Z');
    const rows = await sql<{ day: string; seconds: string; intervals: number }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, seconds::text, intervals FROM status_day_totals
      WHERE user_id = ${agent.id} ORDER BY day`.execute(db);
    expect(rows.rows).toEqual([
      { day: '2026-03-14', seconds: '10799', intervals: 1 },
      { day: '2026-03-15', seconds: '32401', intervals: 0 },
    ]);
  });

  it('follow calls through outcome, end, edit and delete, as a rebuild would', async () => {
    const agent = await newEmployee(db);
    const other = await newEmployee(db);
    const call = (userId: string, at: string, values: object = {}) =>
      db
        .insertInto('call_logs')
        .values({
          user_id: userId,
          phone_number: '12125550100',
          call_type: 'inbound',
          call_status: null,
          time_received: at,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Rings (no outcome), then answered, ended; declined; missed; outbound; at 23:59:59.9 local.
    const ringing = await call(agent.id, '2026-03-15T03:59:59.900Z', {
      ring_deadline: '2026-03-15T04:00:19.900Z',
    });
    await db
      .updateTable('call_logs')
      .set({ call_status: 'answered', answered_at: '2026-03-15T04:00:05Z', ring_deadline: null })
      .where('id', '=', ringing.id)
      .execute();
    await db
      .updateTable('call_logs')
      .set({ ended_at: '2026-03-15T04:02:05Z', duration_seconds: 120 })
      .where('id', '=', ringing.id)
      .execute();
    const ended = (at: string) => ({ ended_at: at });
    await call(agent.id, '2026-03-15T14:00:00Z', {
      call_status: 'declined',
      ...ended('2026-03-15T14:00:03Z'),
    });
    const missed = await call(other.id, '2026-03-15T14:00:00Z', {
      call_status: 'missed',
      ...ended('2026-03-15T14:00:20Z'),
    });
    await call(agent.id, '2026-03-16T14:00:00Z', {
      call_type: 'outbound',
      call_status: 'answered',
      answered_at: '2026-03-16T14:00:00Z',
      duration_seconds: 30,
      ...ended('2026-03-16T14:00:30Z'),
    });
    const day = await sql<{ day: string; total_calls: number; handled_calls: number }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, total_calls, handled_calls FROM call_day_totals
      WHERE user_id = ${agent.id} ORDER BY day`.execute(db);
    expect(day.rows).toEqual([
      { day: '2026-03-14', total_calls: 1, handled_calls: 1 },
      { day: '2026-03-15', total_calls: 1, handled_calls: 0 },
      { day: '2026-03-16', total_calls: 1, handled_calls: 1 },
    ]);
    await db.deleteFrom('call_logs').where('id', '=', missed.id).execute();
    await expectTriggersAgreeWithRebuild();
  });

  it("write an answered call's end to its day and its month once each, and a change of nothing not at all", async () => {
    const agent = await newEmployee(db);
    const { id } = await answeredCall(agent.id, '2026-05-04T14:00:00Z', '2026-05-04T14:00:04Z');
    const rollupWrites = (change: (trx: typeof db) => Promise<unknown>) =>
      rowWrites(['call_day_totals', 'call_month_totals'], 'updated', change);
    const end = (trx: typeof db) =>
      trx
        .updateTable('call_logs')
        .set({ ended_at: '2026-05-04T14:01:39Z', duration_seconds: 95 })
        .where('id', '=', id)
        .execute();
    expect(await rollupWrites(end)).toEqual({ call_day_totals: 1, call_month_totals: 1 });
    const sameOutcome = (trx: typeof db) =>
      trx.updateTable('call_logs').set({ call_status: 'answered' }).where('id', '=', id).execute();
    expect(await rollupWrites(sameOutcome)).toEqual({ call_day_totals: 0, call_month_totals: 0 });
    const figures = await sql<{ handled_calls: number; talk_seconds: string }>`
      SELECT handled_calls, talk_seconds::text FROM call_month_totals
      WHERE user_id = ${agent.id}`.execute(db);
    expect(figures.rows).toEqual([{ handled_calls: 1, talk_seconds: '95' }]);
    await expectTriggersAgreeWithRebuild();
  });

  it("write a day's first status interval or call into each of its rollup rows once, not inserted then updated", async () => {
    const agent = await newEmployee(db);
    // Rows written per table: a status interval's day, metric day and metric month rows, a
    // call's day and month rows.
    const rows = (statuses: number, calls: number) => ({
      status_day_totals: statuses,
      status_metric_day_totals: statuses,
      status_metric_month_totals: statuses,
      call_day_totals: calls,
      call_month_totals: calls,
    });
    const tables = Object.keys(rows(0, 0));
    const written = (change: (trx: typeof db) => Promise<unknown>) =>
      rowWrites(tables, 'written', change);
    const closed =
      (startedAt: string, endedAt: string, seconds: number) => async (trx: typeof db) => {
        const { id } = await interval(agent.id, 'available', startedAt, null, trx);
        await trx
          .updateTable('employee_status_log')
          .set({ ended_at: endedAt, duration_seconds: seconds })
          .where('id', '=', id)
          .execute();
      };
    expect(await written(closed('2026-05-05T13:00:00Z', '2026-05-05T13:10:00Z', 600))).toEqual(
      rows(1, 0),
    );
    expect(await written(closed('2026-05-05T13:20:00Z', '2026-05-05T13:25:00Z', 300))).toEqual(
      rows(1, 0),
    );
    const inbound =
      (values: {
        time_received: string;
        call_status?: 'declined';
        ended_at?: string;
        ring_deadline?: string;
      }) =>
      (trx: typeof db) =>
        trx
          .insertInto('call_logs')
          .values({
            user_id: agent.id,
            phone_number: '(555) 010-0000',
            call_type: 'inbound',
            ...values,
          })
          .execute();
    const declined = (at: string) =>
      inbound({ call_status: 'declined', time_received: at, ended_at: at });
    expect(await written(declined('2026-05-05T13:40:00Z'))).toEqual(rows(0, 1));
    expect(await written(declined('2026-05-05T13:50:00Z'))).toEqual(rows(0, 1));
    // What does not count yet (an open interval, a ringing call) writes no rollup row at all.
    expect(
      await written((trx) => interval(agent.id, 'break', '2026-05-05T14:00:00Z', null, trx)),
    ).toEqual(rows(0, 0));
    const ringing = inbound({
      time_received: '2026-05-05T14:01:00Z',
      ring_deadline: '2026-05-05T14:01:20Z',
    });
    expect(await written(ringing)).toEqual(rows(0, 0));
    const figures = await sql<{ seconds: string; intervals: number }>`
      SELECT seconds::text, intervals FROM status_day_totals WHERE user_id = ${agent.id}`.execute(
      db,
    );
    expect(figures.rows).toEqual([{ seconds: '900', intervals: 2 }]);
    await expectTriggersAgreeWithRebuild();
  });

  it('add up an update of many rows, of several agents and days, once per rollup row', async () => {
    const [first, second] = [await newEmployee(db), await newEmployee(db)];
    // Closed without durations (not counted yet): two Available on one day, an On Call across
    // New York's midnight (23:30 to 00:30), another agent's Break. One update gives them all.
    const closed = [
      [first.id, 'available', '2026-06-01T14:00:00Z', '2026-06-01T14:10:00Z'],
      [first.id, 'available', '2026-06-01T15:00:00Z', '2026-06-01T15:20:00Z'],
      [first.id, 'on_call', '2026-06-02T03:30:00Z', '2026-06-02T04:30:00Z'],
      [second.id, 'break', '2026-06-01T14:00:00Z', '2026-06-01T14:30:00Z'],
    ] as const;
    await db
      .insertInto('employee_status_log')
      .values(
        closed.map(([user_id, status, started_at, ended_at]) => ({
          user_id,
          status,
          started_at,
          ended_at,
        })),
      )
      .execute();
    const withDurations = (trx: typeof db) =>
      trx
        .updateTable('employee_status_log')
        .set({ duration_seconds: sql`extract(epoch from (ended_at - started_at))::int` })
        .where('user_id', 'in', [first.id, second.id])
        .execute();
    // Each rollup row written once: (first, 1 June, Available), (first, 1 June, On Call),
    // (first, 2 June, On Call), (second, 1 June, Break); each agent's metric days and month.
    expect(
      await rowWrites(
        ['status_day_totals', 'status_metric_day_totals', 'status_metric_month_totals'],
        'written',
        withDurations,
      ),
    ).toEqual({
      status_day_totals: 4,
      status_metric_day_totals: 3,
      status_metric_month_totals: 2,
    });
    const seconds = await sql<{ day: string; status: string; seconds: string }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, status, seconds::text FROM status_day_totals
      WHERE user_id = ${first.id} ORDER BY day, status`.execute(db);
    expect(seconds.rows).toEqual([
      { day: '2026-06-01', status: 'available', seconds: '1800' },
      { day: '2026-06-01', status: 'on_call', seconds: '1800' },
      { day: '2026-06-02', status: 'on_call', seconds: '1800' },
    ]);
    // Moved between agents and statuses in one update; two declined calls made missed in one.
    await db
      .updateTable('employee_status_log')
      .set({
        status: sql`CASE WHEN status = 'break' THEN 'available' ELSE 'lunch' END`,
        user_id: sql`CASE WHEN user_id = ${first.id}::uuid THEN ${second.id}::uuid
          ELSE ${first.id}::uuid END`,
      })
      .where('user_id', 'in', [first.id, second.id])
      .execute();
    await db
      .insertInto('call_logs')
      .values(
        ['2026-06-01T14:00:00Z', '2026-06-01T16:00:00Z'].map((at) => ({
          user_id: first.id,
          phone_number: '12125550100',
          call_type: 'inbound',
          call_status: 'declined',
          time_received: at,
          ended_at: at,
        })),
      )
      .execute();
    const missed = (trx: typeof db) =>
      trx
        .updateTable('call_logs')
        .set({ call_status: 'missed' })
        .where('user_id', '=', first.id)
        .execute();
    expect(await rowWrites(['call_day_totals', 'call_month_totals'], 'written', missed)).toEqual({
      call_day_totals: 1,
      call_month_totals: 1,
    });
    await expectTriggersAgreeWithRebuild();
  });

  it('follow status intervals through close, edit and delete, across DST, as a rebuild would', async () => {
    const agent = await newEmployee(db);
    const open = await interval(agent.id, 'available', '2026-03-07T22:00:00.123Z', null);
    // Closed across the spring-forward night (a 23-hour local day).
    await db
      .updateTable('employee_status_log')
      .set({ ended_at: '2026-03-09T05:30:00.999Z', duration_seconds: 113400 })
      .where('id', '=', open.id)
      .execute();
    const lunch = await interval(agent.id, 'lunch', '2026-03-09T16:00:00Z', '2026-03-09T17:00:00Z');
    await db
      .updateTable('employee_status_log')
      .set({ status: 'break' })
      .where('id', '=', lunch.id)
      .execute();
    const gone = await interval(
      agent.id,
      'gone_home',
      '2026-03-09T22:00:00Z',
      '2026-03-10T04:00:00Z',
    );
    await db.deleteFrom('employee_status_log').where('id', '=', gone.id).execute();
    // A closed row without a duration is not counted (spec §3).
    await db
      .insertInto('employee_status_log')
      .values({
        user_id: agent.id,
        status: 'personal',
        started_at: '2026-03-11T16:00:00Z',
        ended_at: '2026-03-11T17:00:00Z',
        duration_seconds: null,
      })
      .execute();
    const rows = await sql<{ status: string; seconds: string }>`
      SELECT status, sum(seconds)::text AS seconds FROM status_day_totals
      WHERE user_id = ${agent.id} GROUP BY status ORDER BY status`.execute(db);
    expect(rows.rows).toEqual([
      { status: 'available', seconds: '113400' },
      { status: 'break', seconds: '3600' },
      { status: 'gone_home', seconds: '0' },
      { status: 'lunch', seconds: '0' },
    ]);
    await expectTriggersAgreeWithRebuild();
  });

  it("disappear with the agent, and are rebuilt in another zone when the server's zone changes", async () => {
    const agent = await newEmployee(db);
    await interval(agent.id, 'break', '2026-03-15T03:30:00Z', '2026-03-15T04:30:00Z');
    const days = () =>
      sql<{ day: string }>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM status_day_totals
        WHERE user_id = ${agent.id} AND seconds > 0 ORDER BY day`
        .execute(db)
        .then((r) => r.rows.map((row) => row.day));
    expect(await days()).toEqual(['2026-03-14', '2026-03-15']); // New York: 23:30 to 00:30
    await ensureRollupTimeZone(db, 'Europe/London');
    expect(await days()).toEqual(['2026-03-15']); // London: 03:30 to 04:30
    await expectDerivedRollupsAgree();
    await ensureRollupTimeZone(db, 'America/New_York');
    expect(await days()).toEqual(['2026-03-14', '2026-03-15']);

    await db.deleteFrom('users').where('id', '=', agent.id).execute();
    expect(await days()).toEqual([]);
    await expectDerivedRollupsAgree();
  });

  it('sum into months across a month end, through edits that move rows between months', async () => {
    const agent = await newEmployee(db);
    // 22:00 on 31 March to 02:00 on 1 April in New York (UTC-4).
    const open = await interval(agent.id, 'on_call', '2026-04-01T02:00:00Z', null);
    await db
      .updateTable('employee_status_log')
      .set({ ended_at: '2026-04-01T06:00:00Z', duration_seconds: 14400 })
      .where('id', '=', open.id)
      .execute();
    const call = await answeredCall(agent.id, '2026-04-01T03:00:00Z', '2026-04-01T03:00:05Z', {
      ended_at: '2026-04-01T03:01:05Z',
      duration_seconds: 60,
    });
    const months = () =>
      sql<{ month: string; on_call: string; calls: number }>`
        SELECT to_char(m.month, 'YYYY-MM') AS month, m.on_call_seconds::text AS on_call,
          coalesce(c.total_calls, 0) AS calls
        FROM status_metric_month_totals AS m
        LEFT JOIN call_month_totals AS c ON c.user_id = m.user_id AND c.month = m.month
        WHERE m.user_id = ${agent.id} ORDER BY m.month`
        .execute(db)
        .then((r) => r.rows);
    expect(await months()).toEqual([
      { month: '2026-03', on_call: '7200', calls: 1 },
      { month: '2026-04', on_call: '7200', calls: 0 },
    ]);
    // The call moved into April, the interval shortened to end before midnight.
    await db
      .updateTable('call_logs')
      .set({ time_received: '2026-04-01T05:00:00Z' })
      .where('id', '=', call.id)
      .execute();
    await db
      .updateTable('employee_status_log')
      .set({ ended_at: '2026-04-01T03:00:00Z', duration_seconds: 3600 })
      .where('id', '=', open.id)
      .execute();
    expect(await months()).toEqual([
      { month: '2026-03', on_call: '3600', calls: 0 },
      { month: '2026-04', on_call: '0', calls: 1 },
    ]);
    await expectTriggersAgreeWithRebuild();
  });
});
