import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A real server process for tests, on the embedded database (main.test.ts, builds.test.ts). */

export function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

interface ServerOptions {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  /** The program: node unless told (e.g. npm, to run a script as a user would). */
  command?: string;
  /** Its arguments: the sources through tsx unless told (e.g. the bundle npm start runs). */
  args?: string[];
  cwd?: string;
}

export function startServer({
  dataDir,
  port,
  env = {},
  command = process.execPath,
  args = ['--import', 'tsx', 'src/server/main.ts'],
  cwd,
}: ServerOptions): Running {
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/**
 * Start-up time is the bench's; here it only has to happen: a generous deadline, as a
 * shared CI machine busy with the rest of the suite can take many times as long as usual.
 */
export async function waitForHealth(running: Running, deadlineMs = 60_000) {
  const giveUpAt = Date.now() + deadlineMs;
  while (Date.now() < giveUpAt) {
    try {
      const response = await fetch(`http://127.0.0.1:${running.port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${running.output()}`);
}

export async function stop(running: Running) {
  running.child.kill('SIGTERM');
  return running.exited;
}
