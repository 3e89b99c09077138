import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../bench/process';
import { connectLive, request } from '../bench/sim/agent-client';
import type { LiveEvent } from '../src/shared/live';
import { startBalancer } from './balancer';
import {
  ENGINE,
  type FaultOptions,
  type FaultReport,
  Floor,
  invariantProblems,
  missingAcks,
  queueFigures,
} from './harness';

/** Agents whose socket is on one process and whose status changes go to the other. */
const PROBES = 10;
/** A ring may be resolved up to this long after its deadline (the survivor's next ticks). */
const RING_SLACK_MS = 1000;

/**
 * Two processes on one PostgreSQL, behind a round-robin balancer: live events cross processes (a
 * change made through one reaches a socket on the other); every agent has at most one offer at a
 * time; when one process is killed mid-ring the other resolves its rings on time and the agents
 * reconnect to it; the queue team's callers are each offered to one agent at a time and answered
 * or given up on, nobody waiting past their patience though a process died; nothing acknowledged
 * is lost; the invariants hold (no agent's calls overlap). PostgreSQL only: the embedded
 * database has one process by design.
 */
export async function twoProcesses(options: FaultOptions): Promise<FaultReport | undefined> {
  const { kind, log } = options;
  if (kind !== 'postgres') return undefined;
  const problems: string[] = [];
  const floor = await Floor.open({ kind, agents: options.agents, log });
  await floor.queueHalf();
  const ports = [await freePort(), await freePort()] as const;
  const servers = [
    await floor.startServer('server-a', {}, ports[0]),
    await floor.startServer('server-b', {}, ports[1]),
  ];
  const balancer = await startBalancer(floor.port, ports);
  try {
    // Cross-process events: a socket on B, the change through A.
    const crossing: number[] = [];
    for (const user of floor.staff.slice(0, PROBES)) {
      let changedAt = 0;
      let pushed: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (pushed = resolve));
      const live = connectLive(`http://127.0.0.1:${ports[1]}`, user, (event: LiveEvent, at) => {
        if (event.type === 'agent.state' && event.state.status === 'lunch' && changedAt) {
          crossing.push(at - changedAt);
          pushed();
        }
      });
      await live.opened;
      changedAt = performance.now();
      const answer = await request(
        `http://127.0.0.1:${ports[0]}`,
        'PUT',
        '/api/agent/status',
        user.cookie,
        {
          status: 'lunch',
        },
      );
      if (answer.status !== 200) problems.push(`PUT status through A: ${answer.status}`);
      await Promise.race([arrived, sleep(5000)]);
      await live.close();
    }
    if (crossing.length < PROBES) {
      problems.push(`${PROBES - crossing.length} of ${PROBES} changes through A never reached B`);
    }

    await floor.startAgents({ paceMs: 500, seed: 31 });
    await sleep(options.loadSeconds * 1000);
    const killedAt = new Date();
    const killedAtMs = performance.now();
    await servers[0]!.kill();
    log(`killed A after ${floor.acks.length} acknowledged actions`);

    // The survivor resolves every ring by its deadline (within a tick or so).
    const ringsAtKill = await floor.withDatabase(async (handle) => {
      const rows = await handle.db
        .selectFrom('call_logs')
        .select('id')
        .where('call_status', 'is', null)
        .where('time_received', '<=', killedAt)
        .execute();
      return rows.length;
    });
    let lateRings = 0;
    const watchUntil = performance.now() + ENGINE.ringMs + 3000;
    while (performance.now() < watchUntil) {
      lateRings = Math.max(
        lateRings,
        await floor.withDatabase(async (handle) => {
          const late = await handle.db
            .selectFrom('call_logs')
            .select('id')
            .where('call_status', 'is', null)
            .where('ring_deadline', '<', new Date(Date.now() - RING_SLACK_MS))
            .execute();
          return late.length;
        }),
      );
      await sleep(250);
    }
    if (lateRings > 0)
      problems.push(`${lateRings} rings were still open a second past their deadline`);

    // Every socket A held is back, on B (a socket that opens is pushed the state at once).
    const back = floor.reconnects.filter((reconnect) => reconnect.at >= killedAtMs);
    const stillAway = [...floor.dropped.values()].filter((at) => at >= killedAtMs).length;
    if (stillAway > 0) problems.push(`${stillAway} sockets A held did not come back`);
    // After that, B takes the whole load without an error.
    const errorsBefore = floor.recorder.errors.length;
    await sleep(Math.min(options.loadSeconds, 10) * 1000);
    const failed = floor.failures(errorsBefore);
    const errorsAfter = failed.length;
    if (errorsAfter > 0) {
      problems.push(`${errorsAfter} errors once B had everyone, e.g. ${JSON.stringify(failed[0])}`);
    }
    await floor.stopAgents();
    await floor.closeAgents();
    const stoppedAt = new Date();
    if ((await servers[1]!.terminate()) !== 0) problems.push('B did not exit 0');

    const { missing, queue, invariants } = await floor.withDatabase(async (handle) => ({
      missing: await missingAcks(handle, floor.acks),
      queue: await queueFigures(handle, stoppedAt, RING_SLACK_MS),
      invariants: await invariantProblems(handle, ENGINE.ringMs),
    }));
    if (missing.length > 0) problems.push(`${missing.length} acknowledged writes missing`);
    problems.push(...queue.problems, ...invariants);
    const median = crossing.sort((a, b) => a - b)[Math.floor(crossing.length / 2)] ?? Number.NaN;
    return {
      name: 'two-processes (postgres)',
      figures: {
        agents: options.agents,
        'connections to A / B': `${balancer.taken.get(ports[0])} / ${balancer.taken.get(ports[1])}`,
        'change through A → push on B, median (ms)': Math.round(median),
        'acknowledged actions': floor.acks.length,
        'acknowledged writes missing': missing.length,
        'rings open when A was killed': ringsAtKill,
        'rings open > 1 s past their deadline': lateRings,
        'sockets A held': back.length + stillAway,
        'each back (on B) within (ms)': Math.round(Math.max(0, ...back.map((r) => r.ms))),
        'errors once B had everyone': errorsAfter,
        'queue callers answered': queue.figures.answered,
        'queue callers abandoned': queue.figures.abandoned,
      },
      problems,
    };
  } finally {
    await balancer.close();
    for (const server of servers) await server.process.stop();
    await floor.dispose();
  }
}
