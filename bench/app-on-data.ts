import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { BenchContext } from './benchmark';
import type { BenchData } from './data';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * The real server on the run's demo call centre, built as main.ts builds it from the
 * environment's defaults (the engine runs as in production), in the bench's process: PGlite
 * has one owner. Listening on a free loopback port; the caller closes `app`.
 */
export async function startAppOnData(
  context: BenchContext,
  data: Omit<BenchData, 'summary' | 'generationSeconds'>,
  /** A production build of the web app to serve beside the API (bench/web-build.ts). */
  webBuildDir = context.tempDir('no-web-build'),
  /** Environment beside the defaults (bench/sim/server.ts `loadEnvironment`). */
  env: Record<string, string> = {},
) {
  const config = loadConfig({
    ...env,
    DATABASE_URL: data.url ?? '',
    DATA_DIR: data.dataDir ?? context.tempDir('data'),
    HOST: '127.0.0.1',
    CALL_CENTRE_TZ: data.timeZone,
    LOG_LEVEL: 'warn',
  });
  const app: BenchApp = await buildApp(
    config,
    { db: data.db, engineDb: data.db, listen: data.listen, kind: data.kind },
    { soleProcess: data.kind === 'pglite', webBuildDir },
  );
  try {
    const port = await context.freePort();
    await app.listen({ port, host: '127.0.0.1' });
    return { app, port, baseUrl: `http://127.0.0.1:${port}` };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Signs `username` in on the server at `baseUrl`: the session cookie to send back. */
export async function signIn(baseUrl: string, username: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) {
    throw new Error(`sign-in as ${username}: HTTP ${response.status} ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
}
