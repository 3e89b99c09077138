import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { BenchContext } from '../benchmark';
import { startProcess, waitForHealthy } from '../process';
import { type Stats, summarize } from '../stats';
import { request } from './agent-client';

export interface FloorStep {
  workers: number;
  actionsPerSecond: number;
  latency: Stats;
  errors: number;
}

/** Closed-loop clients in flight at each step: from a pool's width to far past it. */
const STEPS = [10, 25, 50, 100, 200, 400];
export const FLOOR_STEP_MS = 4000;
const WARMUP_MS = 1000;

/**
 * Starts bench/sim/floor-server.ts on the PostgreSQL database at `url` (its own process, as
 * the real server runs in agent-load) and drives it with `workers` closed-loop HTTP clients
 * per step (the simulated agents' keep-alive client), each sending the next action as soon as
 * its answer arrives, on random agents. Per step: actions per second and their latency.
 * `batched`: the server groups the actions as the real one does under load (floor-server.ts).
 */
export async function measureFloor(
  context: BenchContext,
  url: string,
  agentIds: readonly string[],
  { batched = false } = {},
): Promise<FloorStep[]> {
  const port = await context.freePort();
  const dir = context.tempDir(batched ? 'floor-server-batched' : 'floor-server');
  const child = startProcess(process.execPath, ['--import', 'tsx', 'bench/sim/floor-server.ts'], {
    cwd: context.root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      FLOOR_BATCHED: batched ? '1' : '0',
    },
    logFile: path.join(dir, 'floor-server.log'),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${baseUrl}/health`, child, { timeoutMs: 30_000 });
    const act = () =>
      request(baseUrl, 'POST', '/action', '', {
        agentId: agentIds[Math.floor(Math.random() * agentIds.length)],
      });
    const steps: FloorStep[] = [];
    for (const [index, workers] of STEPS.entries()) {
      const warmup = index === 0 ? WARMUP_MS : 0;
      const from = performance.now() + warmup;
      const to = from + FLOOR_STEP_MS;
      const latencies: number[] = [];
      let errors = 0;
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (performance.now() < to) {
            const answer = await act();
            if (answer.status !== 200) errors++;
            if (answer.doneAt >= from && answer.doneAt <= to) {
              latencies.push(answer.doneAt - answer.sentAt);
            }
          }
        }),
      );
      if (latencies.length === 0)
        throw new Error(`the floor server completed nothing at ${workers}`);
      steps.push({
        workers,
        actionsPerSecond: latencies.length / (FLOOR_STEP_MS / 1000),
        latency: summarize(latencies),
        errors,
      });
    }
    return steps;
  } finally {
    await child.stop();
  }
}
