import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('data directory lock', () => {
  it('refuses a second holder while a live process holds it, naming that process', () => {
    const file = path.join(dataDir, 'switchboard.lock');
    // The parent of this test process is alive and is not us.
    writeFileSync(
      file,
      JSON.stringify({ pid: process.ppid, command: 'demo', startedAt: 'earlier' }),
    );
    expect(() => lockDataDir(dataDir, 'create-admin')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir, 'create-admin')).toThrow(
      `(demo, pid ${process.ppid}, since earlier)`,
    );
    rmSync(file);
  });

  it('takes over a stale lock left by a process that died, leaving nothing aside', () => {
    const file = path.join(dataDir, 'switchboard.lock');
    // Above Linux's highest pid (2^22): no process can have it.
    writeFileSync(
      file,
      JSON.stringify({ pid: 2 ** 22 + 7, command: 'demo', startedAt: 'long ago' }),
    );
    const lock = lockDataDir(dataDir, 'server');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'server',
    });
    expect(readdirSync(dataDir)).toEqual(['switchboard.lock']);
    lock.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('is refused while held, even to the same process, and can be taken again after release', () => {
    const held = lockDataDir(dataDir, 'server');
    expect(() => lockDataDir(dataDir, 'demo')).toThrow(`(server, pid ${process.pid}, since `);
    held.release();
    expect(readdirSync(dataDir)).toEqual([]);

    const again = lockDataDir(dataDir, 'demo');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'switchboard.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'demo',
    });
    again.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('a release leaves alone a lock another process has taken since', () => {
    const file = path.join(dataDir, 'switchboard.lock');
    const lock = lockDataDir(dataDir, 'server');
    // The file now names another live process (our parent), e.g. after ours was removed by hand.
    const theirs = JSON.stringify({ pid: process.ppid, command: 'demo', startedAt: 'just now' });
    writeFileSync(file, theirs);
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    rmSync(file);
  });
});

describe('data directory lock file', () => {
  it('names its owner, is readable only by us, and is removed on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-lock-file-'));
    try {
      const lock = lockDataDir(dir, 'server');
      const file = path.join(dir, 'switchboard.lock');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        pid: process.pid,
        command: 'server',
      });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readdirSync(dir)).toEqual(['switchboard.lock']);
      lock.release();
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
