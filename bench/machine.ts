import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseKind } from './benchmark';

/** Where the figures came from: they mean little without it. */
export interface Machine {
  cores: number;
  memoryGiB: number;
  cpuModel: string;
  os: string;
  node: string;
  database: { kind: DatabaseKind; version: string };
  /** The checked-out commit, if the repository is a git checkout. */
  gitCommit: string | undefined;
}

export function describeMachine(root: string, database: Machine['database']): Machine {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    database,
    gitCommit: gitCommit(root),
  };
}

/**
 * HEAD's commit, read from .git's files (no git binary needed): HEAD names a ref, found loose
 * under refs/ or in packed-refs. A worktree's .git file points at its git dir.
 */
export function gitCommit(root: string): string | undefined {
  try {
    let gitDir = path.join(root, '.git');
    if (!existsSync(gitDir)) return undefined;
    if (statSync(gitDir).isFile()) {
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(gitDir, 'utf8'))?.[1];
      if (!pointer) return undefined;
      gitDir = path.resolve(root, pointer.trim());
    }
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head : undefined;
    // A worktree keeps its HEAD but shares refs with the main git dir.
    const commonDir = existsSync(path.join(gitDir, 'commondir'))
      ? path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim())
      : gitDir;
    for (const dir of [gitDir, commonDir]) {
      const loose = path.join(dir, ref);
      if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    }
    const packed = path.join(commonDir, 'packed-refs');
    if (existsSync(packed)) {
      for (const line of readFileSync(packed, 'utf8').split('\n')) {
        const [commit, name] = line.split(' ');
        if (name === ref && commit) return commit;
      }
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** 1, 5 and 15 minutes: other work on the machine skews every figure, so it is recorded. */
export function loadAverage() {
  return os.loadavg().map((load) => Math.round(load * 100) / 100);
}
