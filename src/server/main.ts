import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './platform/data-dir-lock';
import { openDatabase } from './platform/database';

/** Reads config, opens and migrates the database, listens, and shuts down cleanly. */
async function main() {
  const config = loadConfig();
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir, 'server');

  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'pgdata') },
  );
  await migrateToLatest(database.db);
  const app = await buildApp(config, database.db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    lock?.release();
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
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
