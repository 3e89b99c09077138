import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ENGINE,
  type FaultOptions,
  type FaultReport,
  Floor,
  invariantProblems,
  missingAcks,
  queueFigures,
} from './harness';

/**
 * Crash and restart: agents under load, `kill -9` the server at a random moment, start it again on
 * the same database and port. Then: every write that got a 2xx is in the database; rings open at
 * the kill are missed and calls in progress ended at the restart (with their duration so far, After
 * Call Work); every other status is restored with its original start; every agent's socket
 * reconnects on its own and is pushed its state; the callers waiting in the queue team's queue
 * keep their place and arrival time, and are answered or give up; the invariants hold; and the
 * server takes load again without an error.
 */
export async function crashRestart(options: FaultOptions): Promise<FaultReport> {
  const { kind, log } = options;
  const problems: string[] = [];
  const floor = await Floor.open({ kind, agents: options.agents, log });
  try {
    await floor.queueHalf();
    let server = await floor.startServer('server-1');
    log(`${kind}: ${options.agents} agents on ${floor.baseUrl}, ${options.loadSeconds} s of load`);
    await floor.startAgents({ paceMs: 500, seed: 7 });
    // The kill comes at a random moment of the last third, with requests in flight.
    const loadMs = options.loadSeconds * 1000;
    await sleep(loadMs * (2 / 3 + Math.random() / 3));
    await floor.someInFlight(3000);

    const inFlightUsers = new Set(
      floor.agents.flatMap((agent, i) => (agent.inFlight ? [floor.staff[i]!.id] : [])),
    );
    const killedAt = new Date();
    await server.kill();
    const acksBeforeKill = floor.acks.length;
    log(`kill -9 after ${acksBeforeKill} acknowledged actions, ${inFlightUsers.size} in flight`);
    // What each agent was last told, for those with nothing in flight at the kill.
    const lastTold = new Map(floor.lastKnown);
    await floor.stopAgents();
    const waitingAtKill = await floor.withDatabase(async ({ db }) =>
      db
        .selectFrom('queue_callers')
        .select(['id', 'arrived_at'])
        .where('ended_at', 'is', null)
        .execute(),
    );

    const restartAt = performance.now();
    server = await floor.startServer('server-2');
    const restartMs = server.healthyAt - server.spawnedAt;
    log(`restarted in ${restartMs.toFixed(0)} ms`);

    // Straight after the restart, before anyone acts again.
    const states = await floor.states();
    let restored = 0;
    let rings = 0;
    let callsEnded = 0;
    for (const user of floor.staff) {
      const now = states.get(user.id)!;
      const before = lastTold.get(user.id);
      if (now.call && Date.parse(now.call.offeredAt) < killedAt.getTime()) {
        problems.push(`${user.username}: a call from before the kill is still open after restart`);
      }
      if (!before || inFlightUsers.has(user.id)) continue;
      if (before.call?.phase === 'ringing') rings++;
      if (before.call?.phase === 'active') {
        callsEnded++;
        if (now.status !== 'after_call' || now.setBy !== 'system') {
          problems.push(`${user.username}: in a call at the kill, now ${now.status}`);
        }
        continue;
      }
      if (now.status === before.status && now.since === before.since) restored++;
      else {
        problems.push(
          `${user.username}: was ${before.status} since ${before.since}, now ${now.status} since ${now.since}`,
        );
      }
    }

    // The sockets come back by themselves (the clients retry every second).
    const pushes = await floor.waitForPushes(restartAt, 20_000);
    if (pushes.behind > 0) problems.push(`${pushes.behind} agents got no state after the restart`);

    // Load again: the restarted server must take it without an error.
    const errorsBefore = floor.recorder.errors.length;
    const acksBefore = floor.acks.length;
    await floor.startAgents({ paceMs: 500, seed: 8 });
    await sleep(Math.min(loadMs, 10_000));
    await floor.stopAgents();
    const errorsAfter = floor.failures(errorsBefore);
    if (errorsAfter.length > 0) {
      problems.push(
        `${errorsAfter.length} errors after the restart, e.g. ${JSON.stringify(errorsAfter[0])}`,
      );
    }
    const acksAfterRestart = floor.acks.length - acksBefore;
    await floor.closeAgents();
    const stoppedAt = new Date();
    const exitCode = await server.terminate();
    if (exitCode !== 0) problems.push(`the restarted server exited with ${exitCode}`);

    const { missing, invariants, queue, callers } = await floor.withDatabase(async (handle) => ({
      missing: await missingAcks(handle, floor.acks),
      invariants: await invariantProblems(handle, ENGINE.ringMs),
      queue: await queueFigures(handle, stoppedAt, 1000),
      callers:
        waitingAtKill.length === 0
          ? []
          : await handle.db
              .selectFrom('queue_callers')
              .select(['id', 'arrived_at', 'outcome'])
              .where(
                'id',
                'in',
                waitingAtKill.map((caller) => caller.id),
              )
              .execute(),
    }));
    // Waiting at the kill: the same arrival after the restart, and answered or gone since.
    const after = new Map(callers.map((caller) => [caller.id, caller]));
    for (const caller of waitingAtKill) {
      const now = after.get(caller.id);
      if (!now || now.arrived_at.getTime() !== caller.arrived_at.getTime()) {
        problems.push(`queue caller ${caller.id} lost its place at the restart`);
      } else if (now.outcome === null) {
        problems.push(`queue caller ${caller.id}, waiting at the kill, still waits`);
      }
    }
    problems.push(...queue.problems);
    if (missing.length > 0) {
      problems.push(
        `${missing.length} acknowledged writes missing, e.g. ${missing.slice(0, 3).join('; ')}`,
      );
    }
    problems.push(...invariants);

    return {
      name: `crash-restart (${kind})`,
      figures: {
        agents: options.agents,
        'acknowledged before the kill': acksBeforeKill,
        'in flight at the kill': inFlightUsers.size,
        'acknowledged after the restart': acksAfterRestart,
        'acknowledged writes missing': missing.length,
        'restart to healthy (ms)': Math.round(restartMs),
        'statuses restored with their start': restored,
        'rings open at the kill': rings,
        'calls in progress ended at the restart': callsEnded,
        'all sockets pushed again after (ms)': Math.round(pushes.ms),
        'queue callers waiting at the kill': waitingAtKill.length,
        'queue callers answered': queue.figures.answered,
        'queue callers abandoned': queue.figures.abandoned,
      },
      problems,
    };
  } finally {
    await floor.dispose();
  }
}
