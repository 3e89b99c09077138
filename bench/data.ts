import { sql } from 'kysely';
import type { Db, Listen } from '../src/server/platform/database';
import { generateDemoData } from '../src/server/demo/generate';
import type { DatabaseKind, ScaleName } from './benchmark';

/**
 * The call centre each scale generates. Large is about 8.5 M calls and 25 M status intervals:
 * PostgreSQL only (PGlite's WebAssembly memory is capped near 4 GiB).
 */
export const scales: Record<ScaleName, BenchScale> = {
  small: { teams: 3, agentsPerTeam: 10, days: 14, databases: ['pglite', 'postgres'] },
  medium: { teams: 10, agentsPerTeam: 50, days: 30, databases: ['pglite', 'postgres'] },
  large: { teams: 20, agentsPerTeam: 100, days: 90, databases: ['postgres'] },
};

export interface BenchScale {
  teams: number;
  agentsPerTeam: number;
  /** Days of history, ending yesterday. */
  days: number;
  databases: readonly DatabaseKind[];
}

/** What benchmarks know of the generated data: how to sign in, and how much there is. */
export interface DataSummary {
  password: string;
  superAdmin: string;
  teams: { name: string; leader: string; agents: string[] }[];
  /** The history's first and last day, 'YYYY-MM-DD' in the call centre's time zone. */
  firstDate: string;
  lastDate: string;
  counts: { users: number; agents: number; calls: number; statusIntervals: number };
}

/** The scratch database the run generated its data into, open, with what it holds. */
export interface BenchData {
  kind: DatabaseKind;
  db: Db;
  /** LISTEN on the same database (a server built in-process needs it for its live hub). */
  listen: Listen;
  /** PostgreSQL: the scratch database's URL (other processes may connect to it). */
  url?: string;
  /** PGlite: its data directory, open in this process (PGlite is single-process). */
  dataDir?: string;
  /** The call centre's time zone the data was generated in. */
  timeZone: string;
  summary: DataSummary;
  /** How long generating took, in seconds. */
  generationSeconds: number;
}

export const BENCH_SEED = 1;
export const BENCH_TIME_ZONE = 'America/New_York';

/**
 * The one place the bench meets the demo generator (src/server/demo/generate.ts): if its
 * options or summary change, only this adapter changes.
 */
export async function generateBenchData(
  db: Db,
  scale: Pick<BenchScale, 'teams' | 'agentsPerTeam' | 'days'>,
  onProgress?: (done: number, total: number) => void,
): Promise<DataSummary> {
  const summary = await generateDemoData(db, {
    teams: scale.teams,
    agents: scale.teams * scale.agentsPerTeam,
    days: scale.days,
    seed: BENCH_SEED,
    timeZone: BENCH_TIME_ZONE,
    onProgress: onProgress && (({ done, total }) => onProgress(done, total)),
  });
  // A fresh bulk load leaves every page for autovacuum to visit, and the vacuum leaves them
  // dirty for the checkpointer to write over the next minutes: both done now, neither runs
  // during the measurements that follow (they read a database as it runs day to day).
  await sql`VACUUM (ANALYZE)`.execute(db);
  await sql`CHECKPOINT`.execute(db);
  return {
    password: summary.password,
    superAdmin: summary.superAdmin,
    teams: summary.teams,
    firstDate: summary.firstDate,
    lastDate: summary.lastDate,
    counts: {
      users: summary.counts.users,
      agents: summary.counts.agents,
      calls: summary.counts.calls,
      statusIntervals: summary.counts.statusIntervals,
    },
  };
}
