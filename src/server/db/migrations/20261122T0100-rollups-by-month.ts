import { type Kysely, sql } from 'kysely';

/**
 * Rollups for the list views (issue 8 §1), derived from the daily rollups of
 * 20261121T2300-rollups so that the team and employee cards and the dashboard read a row per
 * agent and month for the months a window covers whole, instead of a row per agent, day (and
 * status) — at 2,000 agents and 90 days, ~8,000 call rows and ~8,000 status rows for all time
 * instead of ~120,000 and ~900,000:
 * - `call_month_totals`: `call_day_totals` by month;
 * - `status_metric_day_totals`, `status_metric_month_totals`: the seconds of the three statuses
 *   the cards' metrics use (available, on call, after call work) from `status_day_totals`, a
 *   column each, by day and by month.
 * Calls and statuses stay in separate tables, as in the daily rollups: a call's write and a
 * status change of the same agent never lock the same rollup row (the answer and the ring
 * timeout race each other in opposite orders).
 *
 * Kept by statement triggers on the daily tables, whatever wrote them (the raw-row triggers, a
 * rebuild, a bulk load), in the same transaction: each statement's transition rows are added
 * as deltas. Inserted daily rows create the rows they add to, even at zero (the raw triggers
 * insert a zero row, then update it); updates and deletes only change existing rows, so a
 * cascade delete of a user never re-creates one; a delta of zeros writes nothing. Months are
 * the daily rows' local days truncated, so they are in the call centre's zone like the days.
 */
export const callColumns = [
  'total_calls',
  'answered',
  'declined',
  'missed',
  'inbound_offered',
  'inbound_answered',
  'handled_calls',
  'talk_seconds',
];
export const metricStatuses = ['available', 'on_call', 'after_call'];
export const metricColumns = metricStatuses.map((status) => `${status}_seconds`);

export const list = (names: string[], each: (name: string) => string) => names.map(each).join(', ');

function createTable(table: string, key: 'day' | 'month', columns: string[]) {
  const type = (name: string) => (name.endsWith('_seconds') ? 'bigint' : 'integer');
  return `CREATE TABLE ${table} (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ${key} date NOT NULL,
    ${list(columns, (name) => `${name} ${type(name)} NOT NULL DEFAULT 0`)},
    PRIMARY KEY (user_id, ${key})
  )`;
}

interface Target {
  table: string;
  key: 'day' | 'month';
}

const keyOf = (target: Target) => (target.key === 'day' ? 'day' : "date_trunc('month', day)::date");

/**
 * One statement adding `deltas` (a query of user_id, day and `columns`) to each target: an
 * upsert when `mayCreate` (daily rows inserted), else an update of the existing rows.
 */
function addDeltas(deltas: string, columns: string[], targets: Target[], mayCreate: boolean) {
  const sums = list(columns, (name) => `sum(${name}) AS ${name}`);
  const add = (source: string) =>
    list(columns, (name) => `${name} = t.${name} + ${source}.${name}`);
  const isNotZero = (source: string) =>
    `(${list(columns, (name) => `${source}.${name}`)}) IS DISTINCT FROM (${list(columns, () => '0')})`;
  const grouped = (target: Target) =>
    `SELECT user_id, ${keyOf(target)} AS ${target.key}, ${sums} FROM delta GROUP BY 1, 2`;
  const apply = (target: Target) =>
    mayCreate
      ? `INSERT INTO ${target.table} AS t (user_id, ${target.key}, ${columns.join(', ')})
          ${grouped(target)}
          ON CONFLICT (user_id, ${target.key}) DO UPDATE SET ${add('excluded')}
          WHERE ${isNotZero('excluded')}`
      : `UPDATE ${target.table} AS t SET ${add('d')}
          FROM (${grouped(target)}) AS d
          WHERE t.user_id = d.user_id AND t.${target.key} = d.${target.key} AND ${isNotZero('d')}`;
  // Every target but the last in a data-modifying WITH (run once, whether read or not).
  const ctes = targets.slice(0, -1).map((target, index) => `, t${index} AS (${apply(target)})`);
  return `WITH delta AS (${deltas})${ctes.join('')}
        ${apply(targets.at(-1)!)}`;
}

interface Derivation {
  source: string;
  columns: string[];
  /** The source's rows (a transition table's) as deltas; `sign` '' or '-'. */
  rows: (from: string, sign: string) => string;
  targets: Target[];
}

const derivations: Derivation[] = [
  {
    source: 'call_day_totals',
    columns: callColumns,
    rows: (from, sign) =>
      `SELECT user_id, day, ${list(callColumns, (name) => `${sign}${name} AS ${name}`)} FROM ${from}`,
    targets: [{ table: 'call_month_totals', key: 'month' }],
  },
  {
    source: 'status_day_totals',
    columns: metricColumns,
    rows: (from, sign) =>
      `SELECT user_id, day, ${list(
        metricStatuses,
        (status) =>
          `CASE WHEN status = '${status}' THEN ${sign}seconds ELSE 0 END AS ${status}_seconds`,
      )} FROM ${from} WHERE status IN (${list(metricStatuses, (status) => `'${status}'`)})`,
    targets: [
      { table: 'status_metric_day_totals', key: 'day' },
      { table: 'status_metric_month_totals', key: 'month' },
    ],
  },
];

const functionName = (derivation: Derivation) => `${derivation.source}_derive`;

function triggerFunction(derivation: Derivation) {
  const { columns, rows, targets } = derivation;
  return `CREATE FUNCTION ${functionName(derivation)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${addDeltas(rows('new_rows', ''), columns, targets, true)};
      ELSIF TG_OP = 'UPDATE' THEN
        ${addDeltas(`${rows('new_rows', '')} UNION ALL ${rows('old_rows', '-')}`, columns, targets, false)};
      ELSE
        ${addDeltas(rows('old_rows', '-'), columns, targets, false)};
      END IF;
      RETURN NULL;
    END $$`;
}

const triggerEvents = ['insert', 'update', 'delete'] as const;
const transitions = {
  insert: 'NEW TABLE AS new_rows',
  update: 'NEW TABLE AS new_rows OLD TABLE AS old_rows',
  delete: 'OLD TABLE AS old_rows',
};

/** The statement triggers deriving the tables (20261125T1700-rollups-in-one-step drops them). */
export const deriveTriggers = derivations.flatMap((derivation) => [
  triggerFunction(derivation),
  ...triggerEvents.map(
    (event) => `CREATE TRIGGER ${derivation.source}_derive_${event}
      AFTER ${event.toUpperCase()} ON ${derivation.source}
      REFERENCING ${transitions[event]}
      FOR EACH STATEMENT EXECUTE FUNCTION ${functionName(derivation)}()`,
  ),
]);

const statements = [
  createTable('call_month_totals', 'month', callColumns),
  createTable('status_metric_day_totals', 'day', metricColumns),
  createTable('status_metric_month_totals', 'month', metricColumns),
  // What the daily rollups hold now, added as the triggers add an insert.
  ...derivations.map((derivation) =>
    addDeltas(derivation.rows(derivation.source, ''), derivation.columns, derivation.targets, true),
  ),
  ...deriveTriggers,
  // A short window (today, the last 7 days) seeks its days instead of every agent's history.
  `CREATE INDEX call_day_totals_day_idx ON call_day_totals (day)`,
  `CREATE INDEX status_metric_day_totals_day_idx ON status_metric_day_totals (day)`,
  // The status rows the rollups leave out (open, or closed without a duration): with the
  // rollups' interval counts, an employee's record count without reading all their history.
  `CREATE INDEX employee_status_log_unrolled_idx ON employee_status_log (user_id)
    WHERE ended_at IS NULL OR duration_seconds IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX employee_status_log_unrolled_idx, status_metric_day_totals_day_idx,
    call_day_totals_day_idx`.execute(db);
  for (const derivation of derivations) {
    for (const event of triggerEvents) {
      await sql
        .raw(`DROP TRIGGER ${derivation.source}_derive_${event} ON ${derivation.source}`)
        .execute(db);
    }
    await sql.raw(`DROP FUNCTION ${functionName(derivation)}()`).execute(db);
  }
  await sql`DROP TABLE status_metric_month_totals, status_metric_day_totals, call_month_totals`.execute(
    db,
  );
}
