import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ENGINE, type FaultOptions, type FaultReport, Floor, invariantProblems } from './harness';

/** main.ts must have exited 0 by then. */
const EXIT_WITHIN_MS = 10_000;
/** 'Service Restart': the close code that tells a live client to reconnect. */
const SERVICE_RESTART = 1012;

/**
 * Graceful shutdown: SIGTERM under load. The server stops accepting, answers the requests in
 * flight, closes every live socket with 1012 (the clients reconnect), leaves the engine's state for
 * the next start to resolve, closes the database and exits 0 within 10 s. Started again, it serves
 * every agent, and the invariants hold.
 */
export async function gracefulShutdown(options: FaultOptions): Promise<FaultReport> {
  const { kind, log } = options;
  const problems: string[] = [];
  const floor = await Floor.open({ kind, agents: options.agents, log });
  try {
    let server = await floor.startServer('server-1');
    await floor.startAgents({ paceMs: 500, seed: 11 });
    await sleep(options.loadSeconds * 1000);
    // A socket the busy machine dropped is reconnecting: it would miss the 1012 it is owed.
    const reconnectingBy = performance.now() + 10_000;
    while (floor.dropped.size > 0 && performance.now() < reconnectingBy) await sleep(50);

    // Who has a request in flight, and how many answers each had, at the signal.
    const acksOf = (userId: string) => floor.acks.filter((ack) => ack.userId === userId).length;
    const inFlight = floor.agents.flatMap((agent, i) => {
      const user = floor.staff[i]!;
      return agent.inFlight ? [{ user, acks: acksOf(user.id) }] : [];
    });
    const signalledAt = performance.now();
    const exitCode = await Promise.race([
      server.terminate(),
      sleep(EXIT_WITHIN_MS * 3).then(() => 'hung' as const),
    ]);
    const exitMs = performance.now() - signalledAt;
    log(`SIGTERM: exit ${exitCode} after ${exitMs.toFixed(0)} ms, ${inFlight.length} in flight`);
    if (exitCode !== 0) problems.push(`exit code ${exitCode}, not 0`);
    if (exitMs > EXIT_WITHIN_MS) problems.push(`took ${exitMs.toFixed(0)} ms to exit`);
    const unanswered = inFlight.filter(({ user, acks }) => acksOf(user.id) <= acks);
    if (unanswered.length > 0) {
      problems.push(`${unanswered.length} of ${inFlight.length} requests in flight got no answer`);
    }
    const toldToReconnect = floor.socketCloses.filter((code) => code === SERVICE_RESTART).length;
    if (toldToReconnect < floor.staff.length) {
      problems.push(
        `${toldToReconnect} of ${floor.staff.length} live sockets were closed with ${SERVICE_RESTART}`,
      );
    }
    await floor.stopAgents();

    // Started again: every agent's socket comes back and is served.
    const restartAt = performance.now();
    server = await floor.startServer('server-2');
    const pushes = await floor.waitForPushes(restartAt, 20_000);
    if (pushes.behind > 0) problems.push(`${pushes.behind} agents got no state after the restart`);
    await floor.closeAgents();
    if ((await server.terminate()) !== 0) problems.push('the second run did not exit 0');

    problems.push(
      ...(await floor.withDatabase((handle) => invariantProblems(handle, ENGINE.ringMs))),
    );
    return {
      name: `graceful-shutdown (${kind})`,
      figures: {
        agents: options.agents,
        'exit code': String(exitCode),
        'SIGTERM to exit (ms)': Math.round(exitMs),
        'requests in flight at the signal': inFlight.length,
        'of them unanswered': unanswered.length,
        'sockets closed with 1012': toldToReconnect,
        'all sockets pushed again after restart (ms)': Math.round(pushes.ms),
      },
      problems,
    };
  } finally {
    await floor.dispose();
  }
}
