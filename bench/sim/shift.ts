import { setImmediate } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Clock } from '../../src/server/platform/context';
import type { Db } from '../../src/server/platform/database';
import { type LiveSocket, connectLive, request } from './agent-client';
import { between, seededRandom } from './random';
import type { SimUser } from './staff';

/**
 * A realistic agent-hour, time-compressed: the server runs on a clock the simulation moves
 * (buildApp's `clock`), its call engine with the spec's timings (offers 5–11 s after an agent
 * becomes eligible, 20 s rings, a 3 s heartbeat) but ticked by hand, and each agent acts through
 * real HTTP with its live socket open at the simulated instant its profile says. So every
 * write a real hour causes happens once, just sooner: status and call rows, the engine's offer
 * rows, the heartbeat's refresh of each live connection, session touches.
 *
 * The engine is ticked every 3 s of simulated time — its heartbeat's period — rather than every
 * 250 ms: a tick with nothing due writes nothing, so this only delays an offer or a missed
 * ring by under 3 s; the heartbeat still beats every 3 s.
 *
 * The profile (per agent, seeded): Available a few seconds into the hour; each offer answered
 * 2–6 s after it rings (one in ten declined instead), talked 2.5–4.5 min, notes saved once,
 * ended; After Call Work 30–60 s; then Available again — or a 10-minute break around minute 20
 * and 5 minutes of personal time around minute 45, taken at the first call's end after they
 * fall due. After each of its actions the agent reads its Activity Log, as the softphone does.
 * About ten calls an hour.
 */
export const TICK_MS = 3000;
const HOUR_MS = 3_600_000;

export class SimClock implements Clock {
  constructor(public at: number) {}
  now() {
    return new Date(this.at);
  }
}

type Phase = 'idle' | 'waiting' | 'ringing' | 'talking' | 'acw' | 'away';

interface ShiftAgent {
  user: SimUser;
  random: () => number;
  phase: Phase;
  /** The next action and when (simulated ms); undefined while waiting for the engine. */
  dueAt: number | undefined;
  action: (() => Promise<void>) | undefined;
  callId: string | undefined;
  breaks: { at: number; status: string; minutes: number }[];
  live?: LiveSocket;
}

export interface ShiftFigures {
  from: number;
  to: number;
  calls: { answered: number; declined: number; missed: number };
  requests: number;
  errors: string[];
  ticks: number;
}

export async function simulateShift(options: {
  baseUrl: string;
  db: Db;
  clock: SimClock;
  tick: (now: Date) => Promise<void>;
  agents: readonly SimUser[];
  seed: number;
  log: (message: string) => void;
  /** Called before the agents connect and the hour starts (counters are read). */
  beforeHour: () => Promise<void>;
  /** Called when the hour is over, before the sockets close (counters are read). */
  afterHour: () => Promise<void>;
}): Promise<ShiftFigures> {
  const { baseUrl, clock } = options;
  const master = seededRandom(options.seed);
  const errors: string[] = [];
  let requests = 0;
  let isOver = false;
  const startedAt = clock.at;
  const counts = { answered: 0, declined: 0, missed: 0 };

  const agents: ShiftAgent[] = options.agents.map((user) => {
    const random = seededRandom(Math.floor(master() * 2 ** 31));
    return {
      user,
      random,
      phase: 'idle',
      dueAt: undefined,
      action: undefined,
      callId: undefined,
      breaks: [],
    };
  });

  const call = async (
    agent: ShiftAgent,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
  ) => {
    requests++;
    const answer = await request(baseUrl, method, path, agent.user.cookie, body).catch(
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    if (answer.status < 200 || answer.status >= 300) {
      errors.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 120)}`);
    }
    return answer;
  };
  /** An action, then the Activity Log refresh the softphone does after it. */
  const act = async (
    agent: ShiftAgent,
    method: 'PUT' | 'POST' | 'PATCH',
    path: string,
    body: unknown = {},
  ) => {
    const answer = await call(agent, method, path, body);
    await call(agent, 'GET', '/api/agent/calls?limit=10');
    return answer;
  };
  const schedule = (agent: ShiftAgent, at: number, action: () => Promise<void>) => {
    agent.dueAt = at;
    agent.action = action;
  };
  const becomeAvailable = async (agent: ShiftAgent) => {
    await act(agent, 'PUT', '/api/agent/status', { status: 'available' });
    agent.phase = 'waiting';
    agent.dueAt = undefined;
    agent.action = undefined;
  };
  const afterCall = (agent: ShiftAgent, endedAt: number) => {
    agent.phase = 'acw';
    schedule(agent, endedAt + between(agent.random, 30, 60) * 1000, async () => {
      const due = agent.breaks.find((pause) => pause.at <= clock.at);
      if (!due) return becomeAvailable(agent);
      agent.breaks.splice(agent.breaks.indexOf(due), 1);
      await act(agent, 'PUT', '/api/agent/status', { status: due.status });
      agent.phase = 'away';
      schedule(agent, clock.at + due.minutes * 60_000, () => becomeAvailable(agent));
    });
  };

  // The counters are read first: the hour includes opening each softphone (its live socket).
  // (On PostgreSQL that waits for the statistics to settle, longer than a socket may go
  // unpinged, so the sockets open after it.)
  await options.beforeHour();
  await Promise.all(
    agents.map(async (agent) => {
      agent.live = connectLive(
        baseUrl,
        agent.user,
        () => undefined,
        (code) => {
          if (!isOver) {
            errors.push(
              `live socket of ${agent.user.username} closed (${code}) at simulated minute ${((clock.at - startedAt) / 60_000).toFixed(1)}`,
            );
          }
        },
      );
      await agent.live.opened;
    }),
  );

  const from = clock.at;
  const to = from + HOUR_MS;
  for (const agent of agents) {
    agent.breaks = [
      { at: from + between(agent.random, 17, 23) * 60_000, status: 'break', minutes: 10 },
      { at: from + between(agent.random, 42, 48) * 60_000, status: 'personal', minutes: 5 },
    ];
    schedule(agent, from + between(agent.random, 1, 20) * 1000, () => becomeAvailable(agent));
  }

  let nextTick = from;
  let ticks = 0;
  let lastLog = from;
  while (true) {
    const nextAgent = agents
      .filter((agent) => agent.dueAt !== undefined)
      .reduce<ShiftAgent | undefined>(
        (soonest, agent) => (!soonest || agent.dueAt! < soonest.dueAt! ? agent : soonest),
        undefined,
      );
    const at = Math.min(nextTick, nextAgent?.dueAt ?? Number.POSITIVE_INFINITY);
    if (at >= to) break;
    clock.at = Math.max(clock.at, at);
    if (nextAgent && nextAgent.dueAt === at && at < nextTick) {
      const action = nextAgent.action!;
      nextAgent.dueAt = undefined;
      nextAgent.action = undefined;
      await action();
      continue;
    }
    await options.tick(clock.now());
    // PGlite answers without a turn of the event loop: let the sockets' pings and pongs
    // (and pushes) through, as the engine's real timer would between ticks.
    await setImmediate();
    ticks++;
    nextTick += TICK_MS;
    await noticeOffers();
    if (clock.at - lastLog >= 15 * 60_000) {
      lastLog = clock.at;
      options.log(`simulated minute ${Math.round((clock.at - from) / 60_000)}…`);
    }
  }
  clock.at = to;

  /**
   * The agents the engine offered a call since: the softphone hears of it on the live socket;
   * the simulation reads it from the database (a read, no write), so its choice is made at a
   * simulated instant whatever the socket's real-time delay.
   */
  async function noticeOffers() {
    const waiting = agents.filter((agent) => agent.phase === 'waiting');
    if (waiting.length === 0) return;
    const { rows } = await sql<{ id: string; user_id: string; time_received: Date }>`
      SELECT id, user_id, time_received FROM call_logs
      WHERE call_status IS NULL AND user_id = ANY(${waiting.map((a) => a.user.id)}::uuid[])
    `.execute(options.db);
    for (const row of rows) {
      const agent = waiting.find((candidate) => candidate.user.id === row.user_id)!;
      agent.phase = 'ringing';
      agent.callId = row.id;
      const ringAt = row.time_received.getTime();
      if (agent.random() < 0.1) {
        schedule(agent, ringAt + between(agent.random, 3, 8) * 1000, async () => {
          await act(agent, 'POST', `/api/agent/calls/${row.id}/decline`);
          counts.declined++;
          agent.phase = 'waiting';
        });
        continue;
      }
      schedule(agent, ringAt + between(agent.random, 2, 6) * 1000, async () => {
        await act(agent, 'POST', `/api/agent/calls/${row.id}/answer`);
        counts.answered++;
        agent.phase = 'talking';
        const talkMs = between(agent.random, 150, 270) * 1000;
        const endAt = clock.at + talkMs;
        schedule(agent, endAt - 20_000, async () => {
          await call(agent, 'PATCH', `/api/agent/calls/${row.id}`, {
            notes: 'Caller asked about their order; resolved.',
          });
          schedule(agent, endAt, async () => {
            await act(agent, 'POST', `/api/agent/calls/${row.id}/end`);
            afterCall(agent, clock.at);
          });
        });
      });
    }
  }

  const missed = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM call_logs
    WHERE call_status = 'missed' AND user_id = ANY(${agents.map((a) => a.user.id)}::uuid[])
  `.execute(options.db);
  counts.missed = Number(missed.rows[0]!.n);
  await options.afterHour();
  isOver = true;
  await Promise.all(agents.map((agent) => agent.live?.close() ?? Promise.resolve()));
  return { from, to, calls: counts, requests, errors, ticks };
}
