import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: one server owns DATA_DIR. The lock file names the owner so a
 * second process (another server, `create-admin`, `demo`) can say who holds it and stop.
 */
export interface DataDirLock {
  release(): void;
}

interface LockOwner {
  pid: number;
  command: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string, command: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'switchboard.lock');
  const owner: LockOwner = { pid: process.pid, command, startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(owner));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readOwner(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Switchboard process ` +
            `(${holder.command}, pid ${holder.pid}, since ${holder.startedAt}). ` +
            `Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
        );
      }
      // The owner is gone (a crash or kill -9): the lock is stale, take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}
