import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { AgentState } from '../src/shared/schemas/agent';
import { type DatabaseHandle, openDatabase } from '../src/server/platform/database';
import {
  describeViolations,
  findInvariantViolations,
} from '../src/server/modules/invariants/invariants.repository';
import { type ScratchDatabase, openScratchDatabase } from '../bench/database';
import { type BenchProcess, freePort, startProcess, waitForHealthy } from '../bench/process';
import { SERVER_ARGS, buildServer, isServerBuildCurrent } from '../scripts/builds.mjs';
import { inBatches, request, stateOf } from '../bench/sim/agent-client';
import { LoadAgent } from '../bench/sim/load-agent';
import { seededRandom } from '../bench/sim/random';
import { LoadRecorder } from '../bench/sim/recorder';
import { loadEnvironment, memoryOf, newSessionSecret } from '../bench/sim/server';
import { type SimUser, createFloorStaff } from '../bench/sim/staff';
import { caselessKey } from '../src/shared/caseless-key';

/**
 * The fault tests' floor: a database of their own (a scratch PostgreSQL database on DATABASE_URL's
 * server, or a PGlite data directory), simulated agents from the load bench (real HTTP and live
 * sockets, bench/sim/load-agent.ts), and the real server as its own process (the bundle npm start
 * runs, dist/server/main.mjs, built first when stale) on a fixed loopback port, so it can be killed
 * and started again where the agents look for it. Every action the server acknowledged is kept, to
 * check afterwards that it is in the database.
 */
export type DatabaseKind = 'postgres' | 'pglite';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROOT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The engine's timings for the fault runs: offers come quickly, so calls are always open. */
export const ENGINE = { offerDelayMs: [300, 1200] as [number, number], ringMs: 6000, tickMs: 100 };

/** The queue team's callers: about one every 1.5 s per agent (the agents take ~2–3 s a call). */
const QUEUE = { callsPerHour: (agents: number) => agents * 2400, patienceSeconds: 4 };

/**
 * The queue's rules beyond the invariants: nobody waits past their patience (give or take
 * `slackMs`, the engine's ticks) while a server ran `until`, unless ringing; and how its
 * callers ended, as figures.
 */
export async function queueFigures(handle: DatabaseHandle, until: Date, slackMs: number) {
  const result = await sql<{
    answered: number;
    abandoned: number;
    waiting: number;
    overdue: number;
  }>`
    SELECT count(*) FILTER (WHERE q.outcome = 'answered')::int AS answered,
      count(*) FILTER (WHERE q.outcome = 'abandoned')::int AS abandoned,
      count(*) FILTER (WHERE q.ended_at IS NULL)::int AS waiting,
      count(*) FILTER (WHERE q.ended_at IS NULL AND q.gives_up_at < ${new Date(until.getTime() - slackMs)}
        AND NOT EXISTS (
          SELECT 1 FROM call_logs c WHERE c.caller_id = q.id AND c.call_status IS NULL))::int AS overdue
    FROM queue_callers q`.execute(handle.db);
  const figures = result.rows[0]!;
  const problems = [];
  if (figures.answered === 0) problems.push('no queue caller was answered');
  if (figures.overdue > 0)
    problems.push(`${figures.overdue} queue callers waited past their patience`);
  return { figures, problems };
}

export interface Ack {
  userId: string;
  kind: string;
  path: string;
  state: AgentState;
}

export interface ServerProcess {
  process: BenchProcess;
  pid: number;
  /** performance.now() when it was spawned and when it first answered /api/health. */
  spawnedAt: number;
  healthyAt: number;
  /** kill -9: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM; resolves with the exit code. */
  terminate(): Promise<number>;
}

export class Floor {
  readonly acks: Ack[] = [];
  readonly recorder = new LoadRecorder();
  /** The agents of the latest startAgents; every one ever started is in `allAgents`. */
  agents: LoadAgent[] = [];
  private readonly allAgents: LoadAgent[] = [];
  /** Close codes of the live sockets the server closed. */
  readonly socketCloses: number[] = [];
  private runs: Promise<void>[] = [];
  /** Per agent, when the live socket last pushed a state (performance.now()). */
  readonly lastPush = new Map<string, number>();
  /** Agents whose live socket closed and has pushed nothing since: when it closed. */
  readonly dropped = new Map<string, number>();
  /** Each drop that was followed by a push (the socket back): when, and how long it took. */
  readonly reconnects: { at: number; ms: number }[] = [];
  /** Per agent, the latest state it was told, by an answer or a push. */
  readonly lastKnown = new Map<string, AgentState>();

  private constructor(
    readonly kind: DatabaseKind,
    readonly dir: string,
    readonly database: ScratchDatabase,
    readonly secret: string,
    readonly staff: SimUser[],
    readonly port: number,
    readonly log: (message: string) => void,
  ) {}

  /** A new floor of `agents` agents with sessions, in a database of its own. */
  static async open(options: {
    kind: DatabaseKind;
    agents: number;
    log: (message: string) => void;
    /** PostgreSQL: the server to make the scratch database on (default DATABASE_URL's). */
    databaseUrl?: string;
  }): Promise<Floor> {
    const dir = mkdtempSync(path.join(tmpdir(), `switchboard-faults-${options.kind}-`));
    const url =
      options.kind === 'postgres'
        ? (options.databaseUrl ?? process.env.DATABASE_URL ?? ROOT_DATABASE_URL)
        : undefined;
    const database = await openScratchDatabase(url, dir);
    const secret = newSessionSecret();
    const staff = await createFloorStaff(database.handle.db, {
      agents: options.agents,
      supervisors: 0,
      secret,
      prefix: 'fault',
    });
    // PGlite has one owner: the server process, from now on.
    if (database.kind === 'pglite') await database.handle.close();
    return new Floor(
      options.kind,
      dir,
      database,
      secret,
      staff.agents,
      await freePort(),
      options.log,
    );
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server's environment: loadConfig reads it as in production. */
  environment(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...loadEnvironment({ sessionSecret: this.secret, ...ENGINE }),
      DATABASE_URL: this.database.url ?? '',
      // PGlite's data directory is DATA_DIR/pgdata, where openScratchDatabase put it.
      DATA_DIR: this.dir,
      PORT: String(this.port),
      ...extra,
    };
  }

  /** Starts the server on the floor's port (or `port`) and waits until it answers. */
  async startServer(
    label: string,
    extra: Record<string, string> = {},
    port = this.port,
  ): Promise<ServerProcess> {
    const env = { ...this.environment(extra), PORT: String(port) };
    return startServer(this.dir, label, env, `http://127.0.0.1:${port}/api/health`);
  }

  /**
   * Every agent opens its live socket and starts cycling (bench/sim/load-agent.ts). On PGlite
   * the floor acts at most 80 times a second in all, about what the embedded database serves on
   * a small machine: the tests are about faults, not overload.
   */
  async startAgents(options: { paceMs: number; seed: number }) {
    const random = seededRandom(options.seed);
    const paceMs =
      this.kind === 'pglite' ? Math.max(options.paceMs, this.staff.length * 12.5) : options.paceMs;
    this.agents = this.staff.map(
      (user) =>
        new LoadAgent({
          baseUrl: this.baseUrl,
          user,
          recorder: this.recorder,
          random,
          paceMs,
          offerTimeoutMs: 5000,
          // Offers ring a while before they are taken, so some are ringing at any moment.
          pickUpMs: [300, 2500],
          onAcknowledged: (ack) => {
            this.acks.push({ userId: user.id, ...ack });
            this.lastKnown.set(user.id, ack.state);
          },
          onLiveState: (state) => {
            const now = performance.now();
            this.lastPush.set(user.id, now);
            const droppedAt = this.dropped.get(user.id);
            if (droppedAt !== undefined) {
              this.reconnects.push({ at: droppedAt, ms: now - droppedAt });
              this.dropped.delete(user.id);
            }
            this.lastKnown.set(user.id, state);
          },
          onSocketClose: (code) => {
            this.socketCloses.push(code);
            if (!this.dropped.has(user.id)) this.dropped.set(user.id, performance.now());
          },
        }),
    );
    this.allAgents.push(...this.agents);
    await inBatches(this.agents, 50, (agent) => agent.connect());
    this.runs = this.agents.map((agent) => agent.run());
  }

  /** The agents stop acting (their sockets stay, and reconnect on their own). */
  async stopAgents() {
    for (const agent of this.agents) agent.stopped = true;
    await Promise.all(this.runs);
  }

  /** Resolves once some agent has a request in flight (or after `timeoutMs`). */
  async someInFlight(timeoutMs: number) {
    const deadline = performance.now() + timeoutMs;
    while (!this.agents.some((agent) => agent.inFlight) && performance.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Every agent's socket closes for good. */
  async closeAgents() {
    await Promise.all(this.allAgents.map((agent) => agent.close()));
  }

  /** Each agent's state as the server answers GET /api/agent/state. */
  async states(): Promise<Map<string, AgentState>> {
    const answers = await inBatches(this.staff, 20, async (user) => {
      const answer = await request(this.baseUrl, 'GET', '/api/agent/state', user.cookie);
      if (answer.status !== 200) throw new Error(`GET /api/agent/state: ${answer.status}`);
      return [user.id, stateOf(answer)] as const;
    });
    return new Map(answers);
  }

  /** Waits until every agent's socket has pushed a state since `since`; returns how long. */
  async waitForPushes(since: number, timeoutMs: number) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const behind = this.staff.filter((user) => (this.lastPush.get(user.id) ?? 0) < since);
      if (behind.length === 0) return { behind: 0, ms: performance.now() - since };
      if (performance.now() > deadline) return { behind: behind.length, ms: timeoutMs };
      await sleep(50);
    }
  }

  /** Runs `work` on the floor's database (PGlite: only while no server holds it). */
  async withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    if (this.database.kind === 'postgres') return work(this.database.handle);
    const handle = await openDatabase({ dataDir: this.database.dataDir! });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  /**
   * The second half of the agents becomes a team in queue mode, its callers arriving faster
   * than the agents answer, so some wait and some give up (before the server starts: PGlite has
   * one owner).
   */
  async queueHalf() {
    const agents = this.staff.slice(Math.floor(this.staff.length / 2)).map((agent) => agent.id);
    const name = 'fault queue';
    await this.withDatabase(async ({ db }) => {
      const team = await db
        .insertInto('teams')
        .values({
          name,
          name_key: caselessKey(name),
          inbound_mode: 'queue',
          calls_per_hour: QUEUE.callsPerHour(agents.length),
          patience_seconds: QUEUE.patienceSeconds,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('team_members')
        .set({ team_id: team.id })
        .where('user_id', 'in', agents)
        .execute();
      await db.updateTable('users').set({ team_id: team.id }).where('id', 'in', agents).execute();
    });
  }

  /** Drops the database and the directory (FAULTS_KEEP=1 keeps the directory: server logs). */
  async dispose() {
    if (this.database.kind === 'postgres') await this.database.dispose();
    if (process.env.FAULTS_KEEP) this.log(`kept ${this.dir}`);
    else rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * The failures that are faults: a 409 'no longer ringing' is an answer that lost the race
   * with the ring's deadline (the softphone says so), which a loaded server can make happen.
   */
  failures(since = 0) {
    return this.recorder.errors
      .slice(since)
      .filter((error) => !(error.status === 409 && error.body.includes('CALL_NOT_RINGING')));
  }
}

/** Starts the server's bundle (as npm start does) with `env` and waits for `healthUrl`. */
export async function startServer(
  dir: string,
  label: string,
  env: Record<string, string>,
  healthUrl: string,
): Promise<ServerProcess> {
  if (!isServerBuildCurrent(ROOT)) await buildServer(ROOT);
  const spawnedAt = performance.now();
  const child = startProcess(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    logFile: path.join(dir, `${label}.log`),
  });
  const pid = child.child.pid!;
  let healthyAt: number;
  try {
    healthyAt = await waitForHealthy(healthUrl, child, { timeoutMs: 120_000 });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    process: child,
    pid,
    spawnedAt,
    healthyAt,
    async kill() {
      process.kill(pid, 'SIGKILL');
      await child.exited;
    },
    async terminate() {
      process.kill(pid, 'SIGTERM');
      return child.exited;
    },
  };
}

/**
 * The acknowledged actions missing from the database: each answer's status interval (its
 * status and start), and what each call action did to its call.
 */
export async function missingAcks(handle: DatabaseHandle, acks: readonly Ack[]) {
  const missing: string[] = [];
  const statuses = acks.filter((ack) => ack.state.since !== null);
  for (let i = 0; i < statuses.length; i += 5000) {
    const chunk = statuses.slice(i, i + 5000);
    const result = await sql<{ i: number }>`
      SELECT a.i::int AS i FROM unnest(
        ${chunk.map((ack) => ack.userId)}::uuid[],
        ${chunk.map((ack) => ack.state.status)}::text[],
        ${chunk.map((ack) => ack.state.since)}::timestamptz[]
      ) WITH ORDINALITY AS a(user_id, status, started_at, i)
      WHERE NOT EXISTS (
        SELECT 1 FROM employee_status_log l
        WHERE l.user_id = a.user_id AND l.status = a.status AND l.started_at = a.started_at)
    `.execute(handle.db);
    for (const row of result.rows) {
      const ack = chunk[row.i - 1]!;
      missing.push(
        `${ack.kind} ${ack.path}: interval ${ack.state.status} since ${ack.state.since}`,
      );
    }
  }
  const calls = acks.flatMap((ack) => {
    const id = /\/calls\/([^/]+)\/(answer|decline|end)$/.exec(ack.path)?.[1] ?? ack.state.call?.id;
    return id && ack.kind !== 'status' ? [{ ack, id }] : [];
  });
  if (calls.length > 0) {
    // As an array parameter: a 30-minute soak acknowledges more calls than a statement can
    // take separate parameters (65,535).
    const rows = await handle.db
      .selectFrom('call_logs')
      .select(['id', 'call_status', 'answered_at', 'ended_at', 'duration_seconds'])
      .where('id', '=', sql<string>`any(${[...new Set(calls.map((call) => call.id))]}::uuid[])`)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { ack, id } of calls) {
      const row = byId.get(id);
      const kept =
        row &&
        (ack.kind === 'decline'
          ? row.call_status === 'declined'
          : ack.kind === 'end'
            ? row.ended_at !== null && row.duration_seconds !== null
            : row.call_status === 'answered' && row.answered_at !== null);
      if (!kept) missing.push(`${ack.kind} ${ack.path}: call ${id} is ${JSON.stringify(row)}`);
    }
  }
  return missing;
}

/** The invariants (src/server/modules/invariants), as lines; none when they hold. */
export async function invariantProblems(handle: DatabaseHandle, ringGraceMs: number) {
  const violations = await findInvariantViolations(handle.db, {
    now: new Date(),
    ringGraceMs,
    rollups: true,
  });
  return violations.length === 0 ? [] : [describeViolations(violations)];
}

export function rssOf(pid: number) {
  return memoryOf(pid)?.rssMB;
}

/** What every fault test is given (`npm run faults` options). */
export interface FaultOptions {
  kind: DatabaseKind;
  agents: number;
  /** Load before the fault (crash, shutdown, outage, two processes). */
  loadSeconds: number;
  /** The soak's length. */
  minutes: number;
  log: (message: string) => void;
}

/** A check's result: what it measured, and what went wrong (nothing when it passed). */
export interface FaultReport {
  name: string;
  figures: Record<string, string | number>;
  problems: string[];
}
