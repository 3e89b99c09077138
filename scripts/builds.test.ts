import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import {
  type Running,
  freePort,
  startServer,
  stop,
  waitForHealth,
} from '../src/server/test/server-process';
import {
  SERVER_ARGS,
  SERVER_BUNDLE,
  SERVER_SOURCES,
  buildServer,
  isServerBuildCurrent,
  isWebBuildCurrent,
  serverBundling,
} from './builds.mjs';

const repo = path.resolve(import.meta.dirname, '..');
/** A checkout of its own: the sources and packages linked, its dist/ empty. */
const root = mkdtempSync(path.join(tmpdir(), 'switchboard-builds-'));
for (const entry of ['src', 'node_modules']) {
  symlinkSync(path.join(repo, entry), path.join(root, entry));
}
for (const file of ['package.json', 'package-lock.json']) {
  copyFileSync(path.join(repo, file), path.join(root, file));
}
const bundle = path.join(root, SERVER_BUNDLE);
let server: Running | undefined;
afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('the builds npm start runs from', () => {
  it('counts a build current only while it is newer than every source', async () => {
    expect(isServerBuildCurrent(root)).toBe(false);
    await buildServer(root);
    expect(statSync(bundle).size).toBeGreaterThan(0);
    expect(statSync(`${bundle}.map`).size).toBeGreaterThan(0);
    expect(isServerBuildCurrent(root)).toBe(true);

    // A source edited after the build (the bundle older than package-lock.json).
    const past = new Date(statSync(path.join(root, 'package-lock.json')).mtimeMs - 60_000);
    utimesSync(bundle, past, past);
    expect(isServerBuildCurrent(root)).toBe(false);
    await buildServer(root);
    expect(isServerBuildCurrent(root)).toBe(true);
  }, 60_000);

  it('watches every file the server is bundled from', async () => {
    const { metafile } = await build({
      ...serverBundling,
      absWorkingDir: repo,
      entryPoints: ['src/server/main.ts'],
      write: false,
      outdir: 'unused',
      metafile: true,
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(50);
    const unwatched = inputs.filter(
      (input) =>
        !SERVER_SOURCES.some((source) => input === source || input.startsWith(`${source}/`)),
    );
    expect(unwatched).toEqual([]);
  });

  it('serves the API and the web build of its checkout from the bundle', async () => {
    expect(isServerBuildCurrent(root)).toBe(true);
    expect(isWebBuildCurrent(root)).toBe(false);
    const web = path.join(root, 'dist/web');
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<p>the app page</p>');
    writeFileSync(path.join(web, 'sign-in.html'), '<p>the sign-in page</p>');
    expect(isWebBuildCurrent(root)).toBe(true);

    server = startServer({
      dataDir: path.join(root, 'data'),
      port: await freePort(),
      args: SERVER_ARGS,
      cwd: root,
    });
    await waitForHealth(server);
    const base = `http://127.0.0.1:${server.port}`;
    const signIn = await fetch(`${base}/sign-in`);
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toBe('<p>the sign-in page</p>');
    expect(await (await fetch(`${base}/admin/dashboard`)).text()).toBe('<p>the app page</p>');
    // Through the database: a new data dir, no super admin yet.
    const setup = await fetch(`${base}/api/setup`);
    expect(setup.status).toBe(200);
    expect(await setup.json()).toEqual({ needed: true });

    expect(await stop(server)).toBe(0);
  }, 90_000);
});
