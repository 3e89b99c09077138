import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ARGS, buildServer, isServerBuildCurrent } from '../../scripts/builds.mjs';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Clock } from '../../src/server/platform/context';
import type { BenchContext } from '../benchmark';
import { migrateToLatest } from '../../src/server/db/migrate';
import { openDatabase } from '../../src/server/platform/database';
import { type ScratchDatabase, openScratchDatabase } from '../database';
import { type BenchProcess, startProcess, waitForHealthy } from '../process';

/**
 * The load benchmarks write, so each works on a database of its own (never the run's shared
 * demo call centre): on PostgreSQL a second scratch database on the DATABASE_URL server
 * (created and dropped as bench/database.ts does), on PGlite an in-memory one. A new PGlite
 * spends seconds in initdb, so the first is migrated and dumped, and the others load the dump.
 */
export async function openOwnDatabase(
  context: BenchContext,
  label: string,
): Promise<ScratchDatabase> {
  if (context.databaseKind === 'postgres') {
    return openScratchDatabase(process.env.DATABASE_URL, context.tempDir(label));
  }
  migratedDump ??= (async () => {
    const first = await openDatabase({});
    try {
      await migrateToLatest(first.db);
      return await first.pglite!.dumpDataDir('none');
    } finally {
      await first.close();
    }
  })();
  const handle = await openDatabase({ loadDataDir: await migratedDump });
  return { kind: 'pglite', handle, dispose: () => handle.close() };
}

let migratedDump: Promise<Blob | File> | undefined;

/** A random SESSION_SECRET, so the bench can mint sessions the server accepts. */
export function newSessionSecret() {
  return randomBytes(32).toString('base64url');
}

/**
 * The configuration the load benchmarks change, as environment variables (loadConfig reads
 * them exactly as in production). The auth limits and the live sockets opened per address are
 * raised because the whole load comes from one loopback address; the per-user write limit
 * (RATE_LIMIT_WRITES_PER_MINUTE, default 600 a minute) too, so that it never shapes the
 * measured load — the paced agents stay far below it anyway. The live socket limit per user
 * stays at its default (10): each agent opens one.
 */
export function loadEnvironment(options: {
  sessionSecret: string;
  offerDelayMs?: [number, number];
  ringMs?: number;
  tickMs?: number;
}): Record<string, string> {
  return {
    SESSION_SECRET: options.sessionSecret,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    RATE_LIMIT_AUTH_PER_IP: '1000000',
    RATE_LIMIT_FAILURES_PER_IP: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_LIVE_OPENS_PER_MINUTE: '1000000',
    CALL_CENTRE_TZ: 'America/New_York',
    ...(options.offerDelayMs && {
      CALL_OFFER_DELAY_MIN_MS: String(options.offerDelayMs[0]),
      CALL_OFFER_DELAY_MAX_MS: String(options.offerDelayMs[1]),
    }),
    ...(options.ringMs !== undefined && { CALL_RING_MS: String(options.ringMs) }),
    ...(options.tickMs !== undefined && { CALL_ENGINE_TICK_MS: String(options.tickMs) }),
  };
}

export interface SimServer {
  baseUrl: string;
  /** The server's process id (this one when in-process). */
  pid: number;
  isInProcess: boolean;
  /** The app, when in-process (its call engine, for a hand-driven clock). */
  app?: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

/**
 * The real server in this process (buildApp, as main.ts builds it): how PGlite must run,
 * since the bench's process owns the database.
 */
export async function startInProcess(
  context: BenchContext,
  database: ScratchDatabase,
  env: Record<string, string>,
  options: { clock?: Clock } = {},
): Promise<SimServer> {
  const config = loadConfig({
    ...env,
    DATABASE_URL: database.url ?? '',
    DATA_DIR: database.dataDir ?? context.tempDir('data'),
  });
  const app = await buildApp(config, database.handle, {
    soleProcess: database.kind === 'pglite',
    webBuildDir: context.tempDir('no-web-build'),
    ...(options.clock && { clock: options.clock }),
  });
  try {
    const port = await context.freePort();
    await app.listen({ port, host: '127.0.0.1' });
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      pid: process.pid,
      isInProcess: true,
      app,
      close: () => app.close(),
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The server's bundle, what npm start runs (scripts/builds.mjs), built when older than its sources. */
export async function ensureServerBundle(context: BenchContext) {
  if (isServerBuildCurrent(context.root)) return;
  context.log('building the server (dist/server is older than its sources)…');
  await buildServer(context.root);
}

/**
 * The real server as its own process, as npm start runs it (the bundle: through tsx, its loader and
 * transpiled sources would add to every memory figure), on the PostgreSQL database at `url`: the
 * load generator's CPU is not the server's.
 */
export async function startServerProcess(
  context: BenchContext,
  url: string,
  env: Record<string, string>,
  label: string,
): Promise<SimServer & { process: BenchProcess }> {
  const port = await context.freePort();
  const dir = context.tempDir(label);
  // BENCH_SERVER_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env.BENCH_SERVER_CPU_PROFILE;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  await ensureServerBundle(context);
  const child = startProcess(process.execPath, [...profile, ...SERVER_ARGS], {
    cwd: context.root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: url,
      DATA_DIR: dir,
      PORT: String(port),
    },
    logFile: path.join(dir, 'server.log'),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${baseUrl}/api/health`, child, { timeoutMs: 60_000 });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    baseUrl,
    pid: child.child.pid!,
    isInProcess: false,
    process: child,
    async close() {
      await child.stop();
      // Warnings and errors only (LOG_LEVEL=warn): shown, as they explain odd figures.
      const tail = child.logTail(6);
      if (tail) context.log(`${label} logged (last lines):\n${tail.slice(0, 3000)}`);
    },
  };
}

/** Resident set size now and at its peak (VmRSS, VmHWM), in MB; Linux only. */
export function memoryOf(pid: number): { rssMB: number; peakRssMB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssMB: kB('VmRSS') / 1024, peakRssMB: kB('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in seconds; Linux only. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
