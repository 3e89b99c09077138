import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Benchmark, BenchContext, BenchResult, ScaleName } from '../benchmark';
import type { ScratchDatabase } from '../database';
import { loadAverage } from '../machine';
import { summarize } from '../stats';
import { type LiveSocket, connectLive, inBatches, request } from '../sim/agent-client';
import { FloorWatch } from '../sim/floor-watch';
import { seededRandom } from '../sim/random';
import {
  type SimServer,
  loadEnvironment,
  memoryOf,
  newSessionSecret,
  openOwnDatabase,
  startInProcess,
  startServerProcess,
} from '../sim/server';
import { type FloorStaff, createFloorStaff } from '../sim/staff';

/**
 * Live fan-out. Agents of its own (a database of its own), each with its live socket open, and
 * supervisors (team-less admins: their floor is every agent) on the live floor view through theirs.
 * Then status changes (Break ↔ Lunch ↔ Personal, so the call engine stays out of it) requested
 * through HTTP on random agents at a steady rate, each timed from the request being sent to the
 * `floor.agent` event with the new status having reached every supervisor
 * (bench/sim/floor-watch.ts). On PostgreSQL twice: one server process, then two processes on the
 * same database (agents and supervisors split between them, so most changes travel by NOTIFY to the
 * other process); the servers are their own processes (the bundle npm start runs), and their peak
 * RSS (VmHWM) with every agent connected is read from /proc. On PGlite, one server in this process
 * (so the clients share its CPU, and the RSS is the bench's, not reported).
 */
const PLANS: Record<
  ScaleName,
  { agents: number; supervisors: number; changes: number; perSecond: number }
> = {
  small: { agents: 40, supervisors: 4, changes: 40, perSecond: 20 },
  medium: { agents: 300, supervisors: 10, changes: 300, perSecond: 20 },
  large: { agents: 1000, supervisors: 20, changes: 600, perSecond: 20 },
};
const TARGETS = { oneProcessP99: 100, twoProcessesP99: 250, peakRssMB: 300, agents: 1000 };
const STATUSES = ['break', 'lunch', 'personal'] as const;
const CHANGE_TIMEOUT_MS = 10_000;

interface FanoutState {
  database: ScratchDatabase;
  staff: FloorStaff;
  env: Record<string, string>;
  /** Each agent's status now (an index into STATUSES), across phases: every change changes. */
  statusOf: Map<string, number>;
}

interface PhaseFigures {
  servers: number;
  fanout: number[];
  requestLatency: number[];
  lost: number;
  errors: string[];
  memory: ({ rssMB: number; peakRssMB: number } | undefined)[];
  loadBefore: string;
  loadAfter: string;
  supervisorsClosed: number;
}

async function runPhase(
  context: BenchContext,
  state: FanoutState,
  serverCount: number,
): Promise<PhaseFigures> {
  const plan = PLANS[context.scale];
  const { database, staff, env } = state;
  const servers: SimServer[] = [];
  const agentSockets: LiveSocket[] = [];
  let watch: FloorWatch | undefined;
  try {
    for (let i = 0; i < serverCount; i++) {
      servers.push(
        database.kind === 'postgres'
          ? await startServerProcess(context, database.url!, env, `fanout-server-${i + 1}`)
          : await startInProcess(context, database, env),
      );
    }
    const serverOf = (index: number) => servers[index % servers.length]!;
    watch = new FloorWatch(
      staff.supervisors.map((user, index) => ({ user, baseUrl: serverOf(index).baseUrl })),
    );
    context.log(`${serverCount} server(s): ${staff.supervisors.length} supervisors on the floor…`);
    await watch.connect();
    context.log(`${staff.agents.length} agents' live sockets…`);
    await inBatches(staff.agents, 50, async (user, index) => {
      const socket = connectLive(serverOf(index).baseUrl, user, () => undefined);
      agentSockets.push(socket);
      await socket.opened;
    });
    // The connections' own floor events drain before measuring.
    await sleep(2000);

    const random = seededRandom(83 + serverCount);
    const { statusOf } = state;
    const fanout: number[] = [];
    const requestLatency: number[] = [];
    const errors: string[] = [];
    let lost = 0;
    const loadBefore = loadAverage().join(' ');
    context.log(`${plan.changes} status changes at ${plan.perSecond}/s…`);
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < plan.changes; i++) {
      const due = started + (i * 1000) / plan.perSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      let agentIndex = Math.floor(random() * staff.agents.length);
      while (watch.isAwaited(staff.agents[agentIndex]!.id)) {
        agentIndex = (agentIndex + 1) % staff.agents.length;
      }
      const agent = staff.agents[agentIndex]!;
      const next = ((statusOf.get(agent.id) ?? -1) + 1) % STATUSES.length;
      statusOf.set(agent.id, next);
      const status = STATUSES[next]!;
      const expectation = watch.expect(agent.id, status);
      const currentWatch = watch;
      inFlight.push(
        (async () => {
          const answer = await request(
            serverOf(agentIndex).baseUrl,
            'PUT',
            '/api/agent/status',
            agent.cookie,
            { status },
          ).catch((error: unknown) => ({ status: 0, body: String(error), sentAt: 0, doneAt: 0 }));
          if (answer.status !== 200) {
            errors.push(`${answer.status} ${answer.body.slice(0, 120)}`);
            currentWatch.forget(agent.id);
            return;
          }
          requestLatency.push(answer.doneAt - expectation.sentAt);
          const timedOut = await Promise.race([
            expectation.done.then(() => false),
            sleep(CHANGE_TIMEOUT_MS).then(() => true),
          ]);
          if (timedOut) {
            lost++;
            currentWatch.forget(agent.id);
          } else {
            fanout.push(expectation.lastAt - expectation.sentAt);
          }
        })(),
      );
    }
    await Promise.all(inFlight);
    const loadAfter = loadAverage().join(' ');
    const memory = servers.map((server) => (server.isInProcess ? undefined : memoryOf(server.pid)));
    return {
      servers: serverCount,
      fanout,
      requestLatency,
      lost,
      errors,
      memory,
      loadBefore,
      loadAfter,
      supervisorsClosed: watch.closedEarly,
    };
  } finally {
    await watch?.close();
    await Promise.all(agentSockets.map((socket) => socket.close()));
    for (const server of servers) await server.close();
  }
}

export const liveFanout: Benchmark<FanoutState> = {
  name: 'live-fanout',
  title: 'live fan-out: status change request → floor event at every supervisor',
  scales: ['small', 'medium', 'large'],

  async setup(context) {
    const plan = PLANS[context.scale];
    const database = await openOwnDatabase(context, 'live-fanout-db');
    try {
      const sessionSecret = newSessionSecret();
      context.log(
        `creating ${plan.agents} agents and ${plan.supervisors} supervisors with sessions…`,
      );
      const staff = await createFloorStaff(database.handle.db, {
        agents: plan.agents,
        supervisors: plan.supervisors,
        secret: sessionSecret,
        prefix: 'fanout',
      });
      return { database, staff, env: loadEnvironment({ sessionSecret }), statusOf: new Map() };
    } catch (error) {
      await database.dispose();
      throw error;
    }
  },

  async run(context, state) {
    const isPostgres = state.database.kind === 'postgres';
    const isTargetRun = isPostgres && state.staff.agents.length >= TARGETS.agents;
    const phases = [await runPhase(context, state, 1)];
    if (isPostgres) phases.push(await runPhase(context, state, 2));

    const results: BenchResult[] = [];
    const setting =
      `${state.staff.agents.length} agents connected, ${state.staff.supervisors.length} ` +
      `supervisors (team-less admins: every agent) on the floor; auth and write rate limits ` +
      `raised for the loopback load (RATE_LIMIT_AUTH_PER_IP, RATE_LIMIT_FAILURES_PER_IP, ` +
      `RATE_LIMIT_WRITES_PER_MINUTE, RATE_LIMIT_LIVE_OPENS_PER_MINUTE = 1,000,000)`;
    for (const phase of phases) {
      const label = phase.servers === 1 ? 'one process' : 'two processes, one PostgreSQL';
      const where = isPostgres
        ? `server${phase.servers > 1 ? 's' : ''}: own process${phase.servers > 1 ? 'es' : ''} (dist/server/main.mjs)`
        : `server in the bench's process on PGlite`;
      if (phase.fanout.length === 0) {
        context.log(`${label}: no change reached every supervisor within the time limit`);
        phase.fanout.push(CHANGE_TIMEOUT_MS);
      }
      const target = phase.servers === 1 ? TARGETS.oneProcessP99 : TARGETS.twoProcessesP99;
      results.push({
        kind: 'latency',
        name: `status change → event at every supervisor (${label})`,
        stats: summarize(phase.fanout),
        ...(isTargetRun && { target: { atMost: target, stat: 'p99' } }),
        note:
          `${setting}; ${PLANS[context.scale].perSecond} changes/s on random agents; ${where}; ` +
          `${phase.lost} not delivered to all within ${CHANGE_TIMEOUT_MS / 1000} s, ` +
          `${phase.errors.length} request errors${phase.errors[0] ? ` (${phase.errors[0]})` : ''}, ` +
          `${phase.supervisorsClosed} supervisor sockets closed early; load average ` +
          `${phase.loadBefore} → ${phase.loadAfter}` +
          (isTargetRun
            ? ''
            : `; the issue's targets are for 1,000 agents on PostgreSQL, not set here`),
      });
      results.push({
        kind: 'latency',
        name: `status change request → HTTP answer (${label})`,
        stats: summarize(phase.requestLatency),
      });
      results.push({
        kind: 'value',
        name: `lost or failed changes (${label})`,
        value: phase.lost + phase.errors.length,
        unit: 'changes',
        target: { atMost: 0 },
      });
      phase.memory.forEach((memory, index) => {
        if (!memory) return;
        results.push({
          kind: 'value',
          name: `server ${index + 1} peak RSS (${label})`,
          value: Math.round(memory.peakRssMB),
          unit: 'MB',
          ...(isTargetRun && phase.servers === 1 && { target: { atMost: TARGETS.peakRssMB } }),
          note:
            `VmHWM of the server process (RSS now ${Math.round(memory.rssMB)} MB), with ` +
            `${Math.round(state.staff.agents.length / phase.servers)} agents and ` +
            `${Math.round(state.staff.supervisors.length / phase.servers)} supervisors connected ` +
            `to it, read after the changes`,
        });
      });
    }
    return results;
  },

  async teardown(_context, { database }) {
    await database.dispose();
  },
};
