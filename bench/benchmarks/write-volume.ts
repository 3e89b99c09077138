import { setTimeout as sleep } from 'node:timers/promises';
import type { Benchmark, BenchResult, ScaleName } from '../benchmark';
import type { ScratchDatabase } from '../database';
import { loadAverage } from '../machine';
import { inBatches } from '../sim/agent-client';
import {
  type WriteCounters,
  type WriteDelta,
  readWriteCounters,
  settleCounters,
  writeDelta,
} from '../sim/db-counters';
import {
  type AgentHour,
  SEED_SCHEMA,
  createSeedTables,
  executeSeedWrites,
  planSeedWrites,
} from '../sim/seed-writes';
import { type ShiftFigures, SimClock, TICK_MS, simulateShift } from '../sim/shift';
import { loadEnvironment, newSessionSecret, openOwnDatabase, startInProcess } from '../sim/server';
import { type FloorStaff, createFloorStaff } from '../sim/staff';

/**
 * Database writes per agent-hour on a realistic shift (bench/sim/shift.ts: ~10 calls an hour, a
 * break and personal time), counted by the database itself (bench/sim/db-counters.ts: rows inserted
 * + updated + deleted in pg_stat_user_tables, and transaction ids handed out, i.e. write
 * transactions) — then the seed's pattern (bench/sim/seed-writes.ts: a timer row updated per agent
 * per second, plus its status and call rows) executed on the same agent-hours, in seed-shaped
 * tables of the same database, and counted the same way. The hour is simulated: the server (in this
 * process, on a clock the bench moves) does everything a real hour makes it do, sooner.
 */
const PLANS: Record<ScaleName, { agents: number }> = {
  small: { agents: 2 },
  medium: { agents: 20 },
  large: { agents: 50 },
};
const TARGET_RATIO = 1 / 30;
/** PostgreSQL reports an idle backend's pending statistics within 10 s. */
const POSTGRES_STATS_SETTLE_MS = 11_000;

interface WriteVolumeState {
  database: ScratchDatabase;
  staff: FloorStaff;
  sessionSecret: string;
}

export const writeVolume: Benchmark<WriteVolumeState> = {
  name: 'write-volume',
  title: 'database writes per agent-hour on a shift profile, ours vs the seed pattern',
  scales: ['small', 'medium', 'large'],

  async setup(context) {
    const database = await openOwnDatabase(context, 'write-volume-db');
    try {
      const sessionSecret = newSessionSecret();
      const staff = await createFloorStaff(database.handle.db, {
        agents: PLANS[context.scale].agents,
        supervisors: 0,
        secret: sessionSecret,
        prefix: 'shift',
      });
      await createSeedTables(database.handle.db);
      return { database, staff, sessionSecret };
    } catch (error) {
      await database.dispose();
      throw error;
    }
  },

  async run(context, { database, staff, sessionSecret }) {
    const db = database.handle.db;
    const isPostgres = database.kind === 'postgres';
    const settle = async () => {
      await settleCounters(db, isPostgres);
      if (isPostgres) await sleep(POSTGRES_STATS_SETTLE_MS);
    };
    const clock = new SimClock(Date.now());
    const env = { ...loadEnvironment({ sessionSecret }), CALL_ENGINE_TICK_MS: '0' };
    const server = await startInProcess(context, database, env, { clock });
    const loadBefore = loadAverage().join(' ');
    let ours: WriteDelta | undefined;
    let shift: ShiftFigures;
    try {
      let before: WriteCounters | undefined;
      context.log(`${staff.agents.length} agents, one simulated hour…`);
      shift = await simulateShift({
        baseUrl: server.baseUrl,
        db,
        clock,
        tick: (now) => server.app!.callEngine.tick(now),
        agents: staff.agents,
        seed: 830,
        log: context.log,
        beforeHour: async () => {
          await settle();
          before = await readWriteCounters(db, 'public');
        },
        afterHour: async () => {
          await settle();
          ours = writeDelta(before!, await readWriteCounters(db, 'public'));
        },
      });
    } finally {
      await server.close();
    }
    if (shift.errors.length) {
      throw new Error(
        `the shift had ${shift.errors.length} failed requests: ${shift.errors.join('; ')}`,
      );
    }

    context.log('the seed pattern on the same agent-hours…');
    const hours = await agentHours(db, staff, shift.from, shift.to);
    await settle();
    const seedBefore = await readWriteCounters(db, SEED_SCHEMA);
    await inBatches(hours, isPostgres ? 8 : 1, (hour) =>
      executeSeedWrites(db, hour.userId, planSeedWrites(hour, shift.from, shift.to)),
    );
    await settle();
    const seed = writeDelta(seedBefore, await readWriteCounters(db, SEED_SCHEMA));
    const loadAfter = loadAverage().join(' ');

    const agentCount = staff.agents.length;
    const perAgent = (n: number) => Math.round((n / agentCount) * 10) / 10;
    const top = (delta: WriteDelta) =>
      Object.entries(delta.byTable)
        .sort((a, b) => b[1] - a[1])
        .map(([table, rows]) => `${table.replace(/^\w+\./, '')} ${perAgent(rows)}`)
        .join(', ');
    const callsPerAgent = perAgent(shift.calls.answered);
    const xidNote = isPostgres
      ? '; write transactions = transaction ids handed out (the server-wide counter: other work on the same PostgreSQL adds to it)'
      : '; write transactions = transaction ids handed out';
    const profile =
      `${agentCount} agents × 1 simulated hour (server on a clock the bench moves, engine at ` +
      `the spec's timings ticked every ${TICK_MS / 1000} s of simulated time; see ` +
      `bench/sim/shift.ts): per agent ${callsPerAgent} calls answered, ` +
      `${perAgent(shift.calls.declined)} declined, ${perAgent(shift.calls.missed)} missed, ` +
      `a 10-min break and 5 min personal; ${shift.requests} HTTP requests, ${shift.ticks} ticks`;
    const results: BenchResult[] = [
      {
        kind: 'value',
        name: 'ours: rows written per agent-hour',
        value: perAgent(ours!.rows),
        unit: 'rows',
        note:
          `pg_stat_user_tables n_tup_ins + n_tup_upd + n_tup_del over the hour (ins ` +
          `${perAgent(ours!.inserted)}, upd ${perAgent(ours!.updated)}, del ` +
          `${perAgent(ours!.deleted)}); by table: ${top(ours!)}; ${profile}; load average ` +
          `${loadBefore} → ${loadAfter}`,
      },
      {
        kind: 'value',
        name: 'ours: write transactions per agent-hour',
        value: perAgent(ours!.transactions),
        unit: 'transactions',
        note: `${xidNote.slice(2)}`,
      },
      {
        kind: 'value',
        name: 'seed pattern: rows written per agent-hour',
        value: perAgent(seed.rows),
        unit: 'rows',
        note:
          `executed in seed-shaped tables (schema ${SEED_SCHEMA}) on the same agent-hours ` +
          `(our run's status intervals and calls), each write its own statement and transaction ` +
          `(committed without waiting for the WAL flush, to keep the run short: the counts are ` +
          `the same); by table: ` +
          `${top(seed)}`,
      },
      {
        kind: 'value',
        name: 'seed pattern: write transactions per agent-hour',
        value: perAgent(seed.transactions),
        unit: 'transactions',
      },
      {
        kind: 'value',
        name: 'ours ÷ seed: rows written',
        value: Math.round((ours!.rows / seed.rows) * 10_000) / 10_000,
        unit: '×',
        note:
          `reported beside the write transactions, which the target is about; ` +
          `seed ÷ ours = ${(seed.rows / ours!.rows).toFixed(1)}×`,
      },
      {
        kind: 'value',
        name: 'ours ÷ seed: write transactions',
        value: Math.round((ours!.transactions / seed.transactions) * 10_000) / 10_000,
        unit: '×',
        target: { atMost: Math.round(TARGET_RATIO * 10_000) / 10_000 },
        note: `target ≤ 1/30; seed ÷ ours = ${(seed.transactions / ours!.transactions).toFixed(1)}×`,
      },
    ];
    return results;
  },

  async teardown(_context, { database }) {
    await database.dispose();
  },
};

/** Each agent's status intervals and calls of the hour, as our run left them. */
async function agentHours(
  db: ScratchDatabase['handle']['db'],
  staff: FloorStaff,
  from: number,
  to: number,
): Promise<AgentHour[]> {
  const ids = staff.agents.map((agent) => agent.id);
  const intervals = await db
    .selectFrom('employee_status_log')
    .select(['user_id', 'status', 'started_at'])
    .where('user_id', 'in', ids)
    .where('started_at', '>=', new Date(from))
    .where('started_at', '<', new Date(to))
    .orderBy('started_at')
    .execute();
  const calls = await db
    .selectFrom('call_logs')
    .select([
      'id',
      'user_id',
      'call_type',
      'call_status',
      'phone_number',
      'time_received',
      'answered_at',
      'ended_at',
    ])
    .where('user_id', 'in', ids)
    .where('time_received', '>=', new Date(from))
    .where('time_received', '<', new Date(to))
    .execute();
  return ids.map((userId) => ({
    userId,
    intervals: intervals
      .filter((row) => row.user_id === userId)
      .map((row) => ({ status: row.status, startedAt: row.started_at })),
    calls: calls
      .filter((row) => row.user_id === userId)
      .map((row) => ({
        id: row.id,
        callType: row.call_type,
        callStatus: row.call_status,
        phoneNumber: row.phone_number,
        timeReceived: row.time_received,
        answeredAt: row.answered_at,
        endedAt: row.ended_at,
      })),
  }));
}
