import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Child processes of the bench (servers, builds). Each runs in a process group of its own, so
 * stopping it stops what it started too (`npm start` → start.mjs → the server), and only it.
 */
export interface BenchProcess {
  child: ChildProcess;
  /** Resolves with the exit code (or 1 after a signal) once the process has exited. */
  exited: Promise<number>;
  /** The last lines it printed (stdout and stderr go to `logFile`). */
  logTail(lines?: number): string;
  /** SIGTERM to the group, then waits until every process of the group is gone. */
  stop(): Promise<void>;
}

const running = new Set<BenchProcess>();

export function startProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): BenchProcess {
  const log = openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
  const benchProcess: BenchProcess = {
    child,
    exited,
    logTail(lines = 20) {
      try {
        return readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
    async stop() {
      running.delete(benchProcess);
      await stopGroup(child.pid);
    },
  };
  running.add(benchProcess);
  return benchProcess;
}

function isGroupAlive(pid: number | undefined) {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(pid: number | undefined, graceMs = 20_000) {
  if (!pid || !isGroupAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isGroupAlive(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
      return;
    }
    await sleep(20);
  }
}

/** Stops every process the bench started and has not stopped (on exit or interrupt). */
export async function stopAllProcesses() {
  await Promise.all([...running].map((benchProcess) => benchProcess.stop()));
}

/**
 * Polls GET `url` until it answers 200; rejects when `process` exits first or after
 * `timeoutMs`. Resolves with the moment (performance.now()) the 200 arrived.
 */
export async function waitForHealthy(
  url: string,
  benchProcess: BenchProcess,
  { timeoutMs = 60_000, pollMs = 20 } = {},
): Promise<number> {
  let hasExited = false;
  void benchProcess.exited.then(() => (hasExited = true));
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (hasExited) {
      throw new Error(`the process exited before ${url} answered:\n${benchProcess.logTail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    await sleep(pollMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${benchProcess.logTail()}`);
}

/** Ports for the bench's servers: clear of the app (3000/3001) and Playwright's (3100–3104). */
export const BENCH_PORTS = { first: 3200, last: 3299 } as const;

const portsGiven = new Set<number>();

/** A port in 3200–3299 nobody listens on right now (and not yet given out by this run). */
export async function freePort(): Promise<number> {
  const span = BENCH_PORTS.last - BENCH_PORTS.first + 1;
  const start = Math.floor(Math.random() * span);
  for (let offset = 0; offset < span; offset++) {
    const port = BENCH_PORTS.first + ((start + offset) % span);
    if (portsGiven.has(port)) continue;
    if (await isPortFree(port)) {
      portsGiven.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${BENCH_PORTS.first}–${BENCH_PORTS.last}`);
}

function isPortFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}
