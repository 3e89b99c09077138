import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ENGINE,
  type FaultOptions,
  type FaultReport,
  Floor,
  invariantProblems,
  missingAcks,
  rssOf,
} from './harness';

/** Each agent acts every 2 s (± 25 %): a busy floor, well inside what the server sustains. */
const PACE_MS = 2000;
const SAMPLES = 12;

/** Open file descriptors of a process (sockets, files, the database's connections). */
function openHandles(pid: number) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

/**
 * Established TCP connections to `port` (the clients' HTTP keep-alive sockets and live
 * sockets): their number follows the load generator's peak concurrency, not a leak.
 */
function clientConnections(port: number) {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const [, localAddress, , state] = line.trim().split(/\s+/);
        if (localAddress?.endsWith(local) && state === '01') count++;
      }
    } catch {
      // No IPv6 table.
    }
  }
  return count;
}

/**
 * Soak: agents cycling for `minutes` against one server. Memory must stay flat (RSS at start,
 * middle and end, after a warm-up), open handles must not grow, no request may fail, every
 * acknowledged write must be there and the invariants must hold.
 */
export async function soak(options: FaultOptions): Promise<FaultReport> {
  const { kind, log } = options;
  const problems: string[] = [];
  const floor = await Floor.open({ kind, agents: options.agents, log });
  try {
    const server = await floor.startServer('server');
    await floor.startAgents({ paceMs: PACE_MS, seed: 21 });
    const totalMs = options.minutes * 60_000;
    const samples: { at: number; rssMB: number; handles: number; clients: number }[] = [];
    for (let i = 0; i <= SAMPLES; i++) {
      if (i > 0) await sleep(totalMs / SAMPLES);
      samples.push({
        at: Math.round((i * totalMs) / SAMPLES / 1000),
        rssMB: Math.round(rssOf(server.pid) ?? Number.NaN),
        handles: openHandles(server.pid),
        clients: clientConnections(floor.port),
      });
      log(
        `${samples.at(-1)!.at} s: ${samples.at(-1)!.clients} client connections, RSS ${samples.at(-1)!.rssMB} MB, ${samples.at(-1)!.handles} handles, ${floor.acks.length} actions, ${floor.failures().length} errors`,
      );
    }
    await floor.stopAgents();
    await floor.closeAgents();
    const exitCode = await server.terminate();
    if (exitCode !== 0) problems.push(`the server exited with ${exitCode}`);

    // The first sample is taken before caches and pools have filled; the second half must be
    // flat: memory within 15 % (+20 MB), and the handles that are not client connections (files,
    // the database's connections, timers' fds) within 10.
    const start = samples[1]!;
    const middle = samples[Math.floor(SAMPLES / 2)]!;
    const end = samples.at(-1)!;
    if (end.rssMB > middle.rssMB * 1.15 + 20) {
      problems.push(`RSS grew from ${middle.rssMB} MB to ${end.rssMB} MB in the second half`);
    }
    const own = (sample: typeof start) => sample.handles - sample.clients;
    if (own(end) > own(middle) + 10) {
      problems.push(
        `handles other than client connections grew from ${own(middle)} to ${own(end)}`,
      );
    }
    const errors = floor.failures();
    if (errors.length > 0) {
      problems.push(`${errors.length} failed requests, e.g. ${JSON.stringify(errors[0])}`);
    }
    const { missing, invariants } = await floor.withDatabase(async (handle) => ({
      missing: await missingAcks(handle, floor.acks),
      invariants: await invariantProblems(handle, ENGINE.ringMs),
    }));
    if (missing.length > 0) problems.push(`${missing.length} acknowledged writes missing`);
    problems.push(...invariants);
    return {
      name: `soak (${kind})`,
      figures: {
        agents: options.agents,
        minutes: options.minutes,
        'actions acknowledged': floor.acks.length,
        'failed requests': errors.length,
        'live sockets dropped': floor.recorder.socketDrops,
        'RSS at start / middle / end (MB)': `${start.rssMB} / ${middle.rssMB} / ${end.rssMB}`,
        'open handles at start / middle / end': `${start.handles} / ${middle.handles} / ${end.handles}`,
        '…of them client connections': `${start.clients} / ${middle.clients} / ${end.clients}`,
        'acknowledged writes missing': missing.length,
      },
      problems,
    };
  } finally {
    await floor.dispose();
  }
}
