import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

function lockedBy(dataDir: string, holder: LockOwner) {
  return new DataDirLockedError(
    `The data directory ${dataDir} is in use by another Switchboard process ` +
      `(${holder.command}, pid ${holder.pid}, since ${holder.startedAt}). ` +
      `Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
  );
}

/**
 * Takes the lock or throws DataDirLockedError. The lock file appears atomically (written
 * aside, then hard-linked into place), so nobody ever reads a half-written one. A lock whose
 * owner died is moved aside and checked before it is discarded, so two processes taking over
 * the same stale lock cannot discard each other's fresh one.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'switchboard.lock');
  const owner: LockOwner = { pid: process.pid, command, startedAt: new Date().toISOString() };
  const unique = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(unique, JSON.stringify(owner), { mode: 0o600 });

  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(unique, file);
        let released = false;
        return {
          release() {
            if (released) return;
            released = true;
            if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readOwner(file);
      if (holder && isAlive(holder.pid)) throw lockedBy(dataDir, holder);

      // Stale: its owner is gone (a crash, kill -9). Move it aside, then make sure what we
      // moved is that stale lock and not one another process took in the meantime.
      const aside = `${unique}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = readOwner(aside);
      if (moved && isAlive(moved.pid)) {
        try {
          linkSync(aside, file);
        } finally {
          rmSync(aside, { force: true });
        }
        throw lockedBy(dataDir, moved);
      }
      rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
  } finally {
    rmSync(unique, { force: true });
  }
}
