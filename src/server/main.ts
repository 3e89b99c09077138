import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './platform/database';
import { startupFailureLine } from './startup-failure';

/** A shutdown still running after this long exits 1 rather than hang (orchestrators wait 10 s). */
const SHUTDOWN_DEADLINE_MS = 9000;

/** Reads config, opens and migrates the database, listens, and shuts down cleanly. */
async function main() {
  // A signal during start-up (opening and migrating the database can take a while) is kept
  // until there is something to close, then stops the server as it would once listening, so
  // the data directory's lock is released either way.
  let signalled: string | undefined;
  let onSignal = (signal: string) => void (signalled ??= signal);
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  const config = loadConfig();
  const database = await openConfiguredDatabase(config, 'server', (error) =>
    console.warn(`database: an idle connection was closed by the server (${error.message})`),
  );
  let app: App | undefined;
  try {
    app = await buildApp(config, database, { soleProcess: database.kind === 'pglite' });
    if (!signalled) await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // What is open is closed first, so a failed start leaves the data directory unlocked.
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  const running = app;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      running.log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Stops accepting, answers the requests in flight (503 to new ones on open connections),
    // closes the live sockets with 1012 and stops the engine; then the database.
    await running.close();
    await database.close();
    process.exit(0);
  };
  onSignal = (signal) => void stop(signal);
  if (signalled) return stop(signalled);

  running.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `Switchboard is running on http://localhost:${config.port}`,
  );
}

/** At debug level a failed start prints the error's stack too. */
const isDebugging = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

main().catch((error: unknown) => {
  // DATABASE_URL as loadConfig reads it: empty means unset.
  const line = startupFailureLine(error, process.env.DATABASE_URL || undefined);
  if (line !== undefined) console.error(line);
  if (line === undefined || isDebugging) console.error(error);
  process.exit(1);
});
