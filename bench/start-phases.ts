/**
 * The server's start, phase by phase, for the start-up benchmark: the steps of
 * src/server/main.ts and openConfiguredDatabase, in the same order, each timed, on the
 * embedded database in DATA_DIR. Prints one JSON line of milliseconds, then stops.
 * The start-up benchmark bundles it as `npm start` bundles the server (scripts/builds.mjs),
 * split where it imports the server's modules, and runs it with node.
 */
import { performance } from 'node:perf_hooks';

export interface StartPhases {
  /** Node, until this module's first line runs. */
  processAndLoader: number;
  /** Importing the server's modules (Fastify, zod, PGlite, every route module). */
  imports: number;
  /** PGlite loads the data directory (its WebAssembly engine included). */
  openDatabase: number;
  /** Checking (or applying) migrations. */
  migrate: number;
  /** buildApp: plugins, routes, schemas, the session secret read. */
  buildApp: number;
  /** listen: the onReady hooks (live hub, call-engine recovery) and the socket. */
  listen: number;
}

async function main() {
  const loaded = performance.now();
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/platform/database');
  const { migrateToLatest } = await import('../src/server/db/migrate');
  const { lockDataDir } = await import('../src/server/platform/data-dir-lock');
  const path = await import('node:path');
  const imported = performance.now();

  const config = loadConfig();
  if (config.databaseUrl) throw new Error('start-phases measures the embedded database only');
  const lock = lockDataDir(config.dataDir, 'bench start-phases');
  const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
  const opened = performance.now();
  await migrateToLatest(database.db);
  const migrated = performance.now();
  const app = await buildApp(config, database, { soleProcess: true });
  const built = performance.now();
  await app.listen({ port: config.port, host: config.host });
  const listening = performance.now();

  const phases: StartPhases = {
    processAndLoader: loaded,
    imports: imported - loaded,
    openDatabase: opened - imported,
    migrate: migrated - opened,
    buildApp: built - migrated,
    listen: listening - built,
  };
  console.log(JSON.stringify(phases));
  await app.close();
  await database.close();
  lock.release();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
