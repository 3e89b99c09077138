import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../src/server/platform/database';

/**
 * The database's own write counters: rows inserted, updated and deleted per table
 * (pg_stat_user_tables, by schema) and transaction ids handed out (the next xid: PostgreSQL
 * assigns one only to a transaction that writes, so the difference counts write
 * transactions). On PostgreSQL the xid counter is the server's, shared by its every database:
 * other work on the same server during the measurement adds to it.
 */
export interface WriteCounters {
  inserted: number;
  updated: number;
  deleted: number;
  /** Rows written per table, `schema.table`. */
  byTable: Record<string, number>;
  nextXid: number;
}

export async function readWriteCounters(db: Db, schema: string): Promise<WriteCounters> {
  // Within a transaction statistics are a snapshot: read them fresh.
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const tables = await sql<{
    relname: string;
    ins: string;
    upd: string;
    del: string;
  }>`
    SELECT relname, n_tup_ins::text AS ins, n_tup_upd::text AS upd, n_tup_del::text AS del
    FROM pg_stat_user_tables WHERE schemaname = ${schema}
  `.execute(db);
  const xid = await sql<{ xmax: string }>`
    SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax
  `.execute(db);
  const counters: WriteCounters = { inserted: 0, updated: 0, deleted: 0, byTable: {}, nextXid: 0 };
  for (const row of tables.rows) {
    const [ins, upd, del] = [Number(row.ins), Number(row.upd), Number(row.del)];
    counters.inserted += ins;
    counters.updated += upd;
    counters.deleted += del;
    counters.byTable[`${schema}.${row.relname}`] = ins + upd + del;
  }
  counters.nextXid = Number(xid.rows[0]!.xmax);
  return counters;
}

/**
 * Pending statistics reach the counters when a backend reports them: at most once a second
 * while busy, at exit, or when asked (pg_stat_force_next_flush, for the asking backend). The
 * caller closes the connections that wrote (their backends report on exit); this asks for
 * this backend's and waits for the others'.
 */
export async function settleCounters(db: Db, isPostgres: boolean) {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  await sql`SELECT 1`.execute(db);
  if (isPostgres) await sleep(1500);
}

export interface WriteDelta {
  rows: number;
  inserted: number;
  updated: number;
  deleted: number;
  transactions: number;
  byTable: Record<string, number>;
}

export function writeDelta(before: WriteCounters, after: WriteCounters): WriteDelta {
  const byTable: Record<string, number> = {};
  for (const [table, rows] of Object.entries(after.byTable)) {
    const delta = rows - (before.byTable[table] ?? 0);
    if (delta !== 0) byTable[table] = delta;
  }
  const inserted = after.inserted - before.inserted;
  const updated = after.updated - before.updated;
  const deleted = after.deleted - before.deleted;
  return {
    rows: inserted + updated + deleted,
    inserted,
    updated,
    deleted,
    transactions: after.nextXid - before.nextXid,
    byTable,
  };
}

/** Transactions committed and rolled back in this database so far (pg_stat_database). */
export async function readTransactionCount(db: Db): Promise<number> {
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const { rows } = await sql<{ n: string }>`
    SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database
    WHERE datname = current_database()
  `.execute(db);
  return Number(rows[0]!.n);
}

/**
 * What this database server does at most here, for scale: `workers` connections each running
 * `statement` back to back for `ms`; statements per second.
 */
export async function statementCeiling(
  db: Db,
  statement: () => Promise<unknown>,
  { workers, ms }: { workers: number; ms: number },
): Promise<number> {
  const until = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        await statement();
        done++;
      }
    }),
  );
  return done / (ms / 1000);
}
