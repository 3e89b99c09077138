import type { ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Running,
  freePort,
  startServer,
  waitForHealth,
} from '../src/server/test/server-process';
import viteConfig from '../vite.config';
import { buildServer } from './builds.mjs';

const repo = path.resolve(import.meta.dirname, '..');
/** A checkout of its own: the sources and packages linked, npm's scripts copied. */
const root = mkdtempSync(path.join(tmpdir(), 'switchboard-start-'));
for (const entry of ['src', 'node_modules']) {
  symlinkSync(path.join(repo, entry), path.join(root, entry));
}
mkdirSync(path.join(root, 'scripts'));
for (const file of [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/start.mjs',
  'scripts/dev.mjs',
  'scripts/builds.mjs',
  'scripts/parent-watch.mjs',
  'scripts/precompress.mjs',
  'vite.config.ts',
]) {
  copyFileSync(path.join(repo, file), path.join(root, file));
}
/**
 * Where `npm run dev` serves the pages: a fixed port (strictPort), so the dev test fails while
 * another `npm run dev` holds it.
 */
const VITE_DEV_PORT = viteConfig.server!.port!;
/** One data directory for every start: only the first pays for creating the database. */
const dataDir = path.join(root, 'data');
const lockFile = path.join(dataDir, 'switchboard.lock');
const started: ChildProcess[] = [];

beforeAll(async () => {
  // A stand-in web build dated ahead of every source, so npm start never rebuilds it.
  const web = path.join(root, 'dist/web');
  mkdirSync(web, { recursive: true });
  const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
  for (const page of ['index.html', 'sign-in.html']) {
    writeFileSync(path.join(web, page), `<p>${page}</p>`);
    utimesSync(path.join(web, page), later, later);
  }
  await buildServer(root);
});
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  // A server a failed test left running is found by the pid its lock names.
  if (existsSync(lockFile)) {
    const { pid } = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(root, { recursive: true, force: true });
});

/** `command` in the checkout, on the shared data directory and a free port. */
async function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Running> {
  const port = await freePort();
  const running = startServer({
    dataDir,
    port,
    command,
    args,
    cwd: root,
    env: { npm_config_update_notifier: 'false', ...env },
  });
  started.push(running.child);
  return running;
}

function canListen(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Within 10 s the port takes a new listener and the data directory's lock is gone. */
async function expectReleased(port: number) {
  const giveUpAt = Date.now() + 10_000;
  while (Date.now() < giveUpAt) {
    if ((await canListen(port)) && !existsSync(lockFile)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect({ portFree: await canListen(port), lockGone: !existsSync(lockFile) }).toEqual({
    portFree: true,
    lockGone: true,
  });
}

describe('npm start and npm run dev on a signal', { timeout: 90_000 }, () => {
  it('passes SIGTERM to the running server and exits with its status', async () => {
    const start = await run(process.execPath, ['scripts/start.mjs']);
    await waitForHealth(start);
    start.child.kill('SIGTERM');
    expect(await start.exited).toBe(0);
    await expectReleased(start.port);
  });

  it('stops the server cleanly on a SIGTERM that comes while it is still starting', async () => {
    const start = await run(process.execPath, ['scripts/start.mjs']);
    // The lock is the server's first step with the database, long before it listens.
    while (!existsSync(lockFile)) {
      if (start.child.exitCode !== null) throw new Error(`exited: ${start.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    start.child.kill('SIGTERM');
    expect(await start.exited).toBe(0);
    await expectReleased(start.port);
  });

  it('stops the server when npm itself gets the SIGTERM', async () => {
    const npm = await run('npm', ['start']);
    await waitForHealth(npm);
    npm.child.kill('SIGTERM');
    await expectReleased(npm.port);
  });

  it('proxies /api to the server, then stops both and exits on a SIGTERM to npm run dev', async () => {
    const apiPort = await freePort();
    const dev = await run(process.execPath, ['scripts/dev.mjs'], { API_PORT: String(apiPort) });
    await waitForHealth({ ...dev, port: apiPort });
    // Vite's dev server (its fixed port) passes /api on to the server on API_PORT.
    await waitForHealth({ ...dev, port: VITE_DEV_PORT });
    dev.child.kill('SIGTERM');
    expect(await dev.exited).toBe(0);
    await expectReleased(apiPort);
  });
});
