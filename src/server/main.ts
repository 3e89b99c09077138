import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { MigrationRefusedError } from './db/pre-baseline';
import { openConfiguredDatabase } from './platform/database';

/** A shutdown still running after this long exits 1 rather than hang (orchestrators wait 10 s). */
const SHUTDOWN_DEADLINE_MS = 9000;

/** Reads config, opens and migrates the database, listens, and shuts down cleanly. */
async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, 'server', (error) =>
    console.warn(`database: an idle connection was closed by the server (${error.message})`),
  );
  const app = await buildApp(config, database, { soleProcess: database.kind === 'pglite' });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Stops accepting, answers the requests in flight (503 to new ones on open connections),
    // closes the live sockets with 1012 and stops the engine; then the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `Switchboard is running on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationRefusedError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
