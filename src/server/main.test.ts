import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer as startProcess, stop, waitForHealth } from './test/server-process';
import { postSignInOverHttp } from './test/sign-in';

/**
 * The real server process from its sources, on the embedded database (the bundle npm start
 * runs is started the same way in scripts/builds.test.ts).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const startServer = (port: number, env: Record<string, string> = {}) =>
  startProcess({ dataDir, port, env });

const json = (body: object) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the server process on the embedded database', { timeout: 90_000 }, () => {
  it('keeps every row across a restart, and refuses a second process on the same data', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitForHealth(first);

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
    await waitForHealth(restarted);
    const setupNow = await (await fetch(`http://127.0.0.1:${port}/api/setup`)).json();
    expect(setupNow).toEqual({ needed: false });
    const signIn = await postSignInOverHttp(
      `http://127.0.0.1:${port}`,
      'persistent',
      'persist-pass',
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
