import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../bench/process';
import { connectLive, request } from '../bench/sim/agent-client';
import {
  ENGINE,
  type FaultOptions,
  type FaultReport,
  Floor,
  invariantProblems,
  missingAcks,
} from './harness';

const OUTAGE_MS = 10_000;
/** An answer during the outage must come at least this fast: failing fast, not hanging. */
const FAST_MS = 6000;

/**
 * A PostgreSQL cluster of the test's own (Debian's initdb and pg_ctl, on another port, as the
 * postgres user when run as root), so the shared server and the other suites are untouched.
 */
class PrivateCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly asUser: string[],
  ) {}

  static async create(): Promise<PrivateCluster> {
    const bin = findPostgresBin();
    const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-outage-pg-'));
    // initdb refuses root: run it, and the server, as postgres.
    const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    if (asUser.length > 0) chownSync(dir, uid('postgres'), gid('postgres'));
    const cluster = new PrivateCluster(dir, await freePort(), [...asUser]);
    cluster.run(path.join(bin, 'initdb'), [
      '-D',
      cluster.data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    await cluster.start();
    return cluster;
  }

  get data() {
    return path.join(this.dir, 'data');
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(command: string, args: string[]) {
    const [first, ...rest] = [...this.asUser, command, ...args];
    execFileSync(first!, rest, { stdio: 'pipe', cwd: tmpdir() });
  }

  async start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run(path.join(findPostgresBin(), 'pg_ctl'), [
      '-D',
      this.data,
      '-o',
      options,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** Fast shutdown: sessions are ended, as a failover or a restart does. */
  stop() {
    this.run(path.join(findPostgresBin(), 'pg_ctl'), ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  dispose() {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function findPostgresBin() {
  const versions = execFileSync('ls', ['/usr/lib/postgresql']).toString().trim().split('\n');
  return path.join('/usr/lib/postgresql', versions.sort().at(-1)!, 'bin');
}

const uid = (user: string) => Number(execFileSync('id', ['-u', user]).toString());
const gid = (user: string) => Number(execFileSync('id', ['-g', user]).toString());

/**
 * Database outage: agents under load on a private PostgreSQL cluster, stopped for 10 s. Meanwhile
 * every request fails fast with 503 and the clear DATABASE_UNAVAILABLE message — no hang, no 500,
 * no crash; when the database is back, the server recovers by itself: requests succeed and live
 * pushes resume (its LISTEN connection reconnects); nothing acknowledged is lost and the invariants
 * hold. PostgreSQL only.
 */
export async function databaseOutage(options: FaultOptions): Promise<FaultReport | undefined> {
  const { kind, log } = options;
  if (kind !== 'postgres') return undefined;
  const problems: string[] = [];
  const cluster = await PrivateCluster.create();
  const floor = await Floor.open({ kind, agents: options.agents, log, databaseUrl: cluster.url });
  try {
    const server = await floor.startServer('server');
    await floor.startAgents({ paceMs: 500, seed: 41 });
    await sleep(Math.min(options.loadSeconds, 10) * 1000);

    // What a browser is told on its live socket (its reconnecting banner): gone, then back.
    const probe = floor.staff[0]!;
    const told: { reachable: boolean; at: number }[] = [];
    let registered: () => void = () => undefined;
    const isRegistered = new Promise<void>((resolve) => (registered = resolve));
    const watch = connectLive(floor.baseUrl, probe, (event, at) => {
      if (event.type === 'server.database') told.push({ reachable: event.reachable, at });
      // Its first state comes once the server has registered it.
      if (event.type === 'agent.state') registered();
    });
    await watch.opened;
    await isRegistered;

    // The database goes away; a probe asks every 200 ms meanwhile, as the agents do.
    const errorsBefore = floor.recorder.errors.length;
    const stoppedAt = performance.now();
    cluster.stop();
    log(`PostgreSQL stopped after ${floor.acks.length} acknowledged actions`);
    const answers: { status: number; ms: number; code?: string }[] = [];
    while (performance.now() - stoppedAt < OUTAGE_MS) {
      const answer = await request(floor.baseUrl, 'GET', '/api/agent/state', probe.cookie);
      let code: string | undefined;
      try {
        code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      answers.push({ status: answer.status, ms: answer.doneAt - answer.sentAt, code });
      await sleep(200);
    }
    const duringOutage = floor.recorder.errors.slice(errorsBefore);
    const wrong = [
      ...answers.filter((a) => a.status !== 503 || a.code !== 'DATABASE_UNAVAILABLE'),
      ...duringOutage.filter((e) => e.status !== 503),
    ];
    if (wrong.length > 0) {
      problems.push(
        `${wrong.length} answers during the outage were not the 503, e.g. ${JSON.stringify(wrong[0])}`,
      );
    }
    const slowest = Math.max(0, ...answers.map((a) => a.ms));
    if (slowest > FAST_MS)
      problems.push(`an answer during the outage took ${slowest.toFixed(0)} ms`);

    // Back: requests succeed again, and pushes reach the sockets again, by themselves.
    await cluster.start();
    const backAt = performance.now();
    let recoveredMs = Number.NaN;
    while (performance.now() - backAt < 30_000) {
      const answer = await request(floor.baseUrl, 'GET', '/api/agent/state', probe.cookie);
      if (answer.status === 200) {
        recoveredMs = performance.now() - backAt;
        break;
      }
      await sleep(100);
    }
    if (Number.isNaN(recoveredMs))
      problems.push('requests did not succeed within 30 s of the database coming back');
    const toldGone = told.find((event) => !event.reachable);
    if (!toldGone) problems.push('the live socket was not told the database was gone');
    while (!told.some((e) => e.reachable) && performance.now() - backAt < 10_000) await sleep(50);
    const toldBack = told.find((event) => event.reachable);
    if (!toldBack) problems.push('the live socket was not told the database was back');
    if (told.length !== 2) problems.push(`the live socket was told ${told.length} changes, not 2`);
    await watch.close();
    const pushes = await floor.waitForPushes(performance.now(), 20_000);
    if (pushes.behind > 0)
      problems.push(`${pushes.behind} agents got no live push after the outage`);
    const errorsAfterBack = floor.recorder.errors.length;
    await sleep(5000);
    const late = floor.failures(errorsAfterBack);
    const lateErrors = late.length;
    if (lateErrors > 0)
      problems.push(`${lateErrors} errors after recovery, e.g. ${JSON.stringify(late[0])}`);
    const alive = server.process.child.exitCode === null;
    if (!alive) problems.push('the server process exited during the outage');
    await floor.stopAgents();
    await floor.closeAgents();
    if ((await server.terminate()) !== 0) problems.push('the server did not exit 0');

    const { missing, invariants } = await floor.withDatabase(async (handle) => ({
      missing: await missingAcks(handle, floor.acks),
      invariants: await invariantProblems(handle, ENGINE.ringMs),
    }));
    if (missing.length > 0) problems.push(`${missing.length} acknowledged writes missing`);
    problems.push(...invariants);
    const median = answers.map((a) => a.ms).sort((a, b) => a - b)[Math.floor(answers.length / 2)];
    return {
      name: 'db-outage (private PostgreSQL cluster)',
      figures: {
        agents: options.agents,
        'outage (s)': OUTAGE_MS / 1000,
        'probe answers during it': answers.length,
        '…all 503 DATABASE_UNAVAILABLE':
          answers.length - answers.filter((a) => a.status !== 503).length,
        'answer time during it, median / max (ms)': `${Math.round(median ?? Number.NaN)} / ${Math.round(slowest)}`,
        'agents’ failed requests during it (all 503)': duringOutage.length,
        'back to 200 after the database (ms)': Math.round(recoveredMs),
        'live socket told "gone" after the stop / "back" after the start (ms)': `${Math.round((toldGone?.at ?? Number.NaN) - stoppedAt)} / ${Math.round((toldBack?.at ?? Number.NaN) - backAt)}`,
        'live pushes to every agent again after (ms)': Math.round(pushes.ms),
        'server process alive throughout': String(alive),
        'acknowledged writes missing': missing.length,
      },
      problems,
    };
  } finally {
    await floor.dispose();
    cluster.dispose();
  }
}
