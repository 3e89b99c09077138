import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process, as `npm start` runs it, on the embedded database. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, running: Running) {
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${running.output()}`);
}

async function stop(running: Running) {
  running.child.kill('SIGTERM');
  return running.exited;
}

const json = (body: object) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the server process on the embedded database', { timeout: 90_000 }, () => {
  it('keeps every row across a restart, and refuses a second process on the same data', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitForHealth(port, first);

    const setup = await fetch(
      `http://127.0.0.1:${port}/api/setup`,
      json({
        username: 'persistent',
        password: 'persist-pass',
        confirmPassword: 'persist-pass',
        securityQuestion: 'What is your favorite book?',
        securityAnswer: 'Dune',
      }),
    );
    expect(setup.status).toBe(200);

    // A second process on the same data directory stops with a message naming the holder.
    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Switchboard process \(server, pid \d+/);

    expect(await stop(first)).toBe(0);

    const restarted = startServer(port);
    await waitForHealth(port, restarted);
    const setupNow = await (await fetch(`http://127.0.0.1:${port}/api/setup`)).json();
    expect(setupNow).toEqual({ needed: false });
    const signIn = await fetch(
      `http://127.0.0.1:${port}/api/auth/sign-in`,
      json({ username: 'persistent', password: 'persist-pass' }),
    );
    expect(signIn.status).toBe(200);
    expect(await stop(restarted)).toBe(0);
  });

  it('stops with a clear message on a bad configuration value', async () => {
    const running = startServer(await freePort(), {
      SESSION_IDLE_HOURS: 'soon',
      CALL_CENTRE_TZ: 'Mars/Olympus',
    });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Invalid configuration');
    expect(running.output()).toContain('SESSION_IDLE_HOURS');
    expect(running.output()).toContain('CALL_CENTRE_TZ: must be an IANA time zone');
  });
});
