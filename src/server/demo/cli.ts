import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../platform/data-dir-lock';
import { MigrationRefusedError } from '../db/pre-baseline';
import { openConfiguredDatabase } from '../platform/database';
import {
  DemoDatabaseNotEmptyError,
  DemoOptionsError,
  type DemoProgress,
  type DemoSummary,
  demoLimits,
  generateDemoData,
} from './generate';

/** `npm run demo`: flags in, exit status out; scripts/demo.ts only wires it to the process. */

export const demoDefaults = { teams: 3, agents: 30, days: 60, seed: 1 };

/** 0 done; 1 refused or failed, the database unchanged; 2 invalid options. */
export type ExitStatus = 0 | 1 | 2;

export const demoUsage = `Usage: npm run demo -- [--teams N] [--agents N] [--days N] [--seed N] [--force]

Fills the configured database (DATABASE_URL, or the embedded one under DATA_DIR) with a demo
call centre: a super admin, an admin leading each team, the agents, and their history for the
days before today — status intervals, calls and daily sessions on weekday shifts in the call
centre's time zone (CALL_CENTRE_TZ). Every account signs in with one password, printed at the
end with the usernames. It is all written in one transaction: all of it, or nothing.

  --teams N    teams, each led by an admin (default ${demoDefaults.teams}, at most ${demoLimits.teams.max})
  --agents N   agents, spread evenly over the teams (default ${demoDefaults.agents}, at most ${demoLimits.agents.max})
  --days N     days of history, ending yesterday (default ${demoDefaults.days}, at most ${demoLimits.days.max})
  --seed N     the same seed gives the same data (default ${demoDefaults.seed})
  --force      if the database already has users or teams: ERASE them and everything of
               theirs (calls, status history, sessions, memberships) and the audit log, then
               generate — in the same transaction, so if anything fails the old data stays
  --help       show this text

Without --force a database with any user or team is left untouched.
Exit status: 0 done; 1 refused or failed (the database is unchanged); 2 invalid options.`;

export interface DemoCommand {
  teams: number;
  agents: number;
  days: number;
  seed: number;
  force: boolean;
}

export type ParsedArguments =
  { kind: 'help' } | { kind: 'invalid'; message: string } | { kind: 'run'; command: DemoCommand };

export function parseDemoArguments(argv: string[]): ParsedArguments {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        teams: { type: 'string' },
        agents: { type: 'string' },
        days: { type: 'string' },
        seed: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };

  const command: DemoCommand = { ...demoDefaults, force: values.force };
  for (const name of ['teams', 'agents', 'days', 'seed'] as const) {
    const text = values[name];
    if (text === undefined) continue;
    const { min, max } = demoLimits[name];
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) {
      return {
        kind: 'invalid',
        message: `--${name}: expected a whole number from ${min} to ${max}, got '${text}'`,
      };
    }
    command[name] = value;
  }
  return { kind: 'run', command };
}

/** Where the command writes: stdout for the result, stderr for progress and problems. */
export interface DemoConsole {
  out(text: string): void;
  err(text: string): void;
  /** stderr is a terminal: draw a progress bar in place. */
  isTerminal: boolean;
}

/** Where the data goes, without a password that may be in DATABASE_URL. */
function describeTarget(config: Config) {
  if (!config.databaseUrl) return `the embedded database in ${path.join(config.dataDir, 'pgdata')}`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `PostgreSQL at ${url.toString()}`;
}

/** A bar on a terminal; on anything else, a plain line at every tenth. */
function progressReporter(io: DemoConsole, started: number) {
  let lastDrawn = 0;
  let lastTenth = -1;
  let isFinished = false;
  let latest: DemoProgress | undefined;
  const draw = ({ done, total, step }: DemoProgress) => {
    const share = done / total;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const width = 30;
    const filled = Math.round(share * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    const percent = `${Math.floor(share * 100)}%`.padStart(4);
    io.err(`\r\x1b[K  ${bar} ${percent}  ${step}  ${seconds} s`);
    lastDrawn = Date.now();
  };
  // The last steps (the rollups, each index) take a while each: the seconds keep counting while
  // PostgreSQL works (PGlite works in this thread, and holds the timer until it is done).
  const ticker = io.isTerminal
    ? setInterval(() => {
        if (latest && !isFinished) draw(latest);
      }, 1000)
    : undefined;
  ticker?.unref();
  return {
    update(progress: DemoProgress) {
      latest = progress;
      const { done, total, step } = progress;
      if (io.isTerminal) {
        if (done < total && Date.now() - lastDrawn < 80) return;
        draw(progress);
      } else {
        const tenth = Math.floor((done / total) * 10);
        if (tenth === lastTenth) return;
        lastTenth = tenth;
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        io.err(`demo: ${tenth * 10}% (${step}, ${seconds} s)\n`);
      }
    },
    finish() {
      clearInterval(ticker);
      if (io.isTerminal && !isFinished) io.err('\n');
      isFinished = true;
    },
  };
}

const count = (value: number) => value.toLocaleString('en-US');

/** At most this many agents are named per team; they all share the password anyway. */
const AGENTS_LISTED = 12;

export function formatSummary(summary: DemoSummary, seconds: number) {
  const c = summary.counts;
  const lines = [
    `Demo data ready in ${seconds.toFixed(1)} s: ${count(c.teams)} teams, ${count(c.agents)} agents, ` +
      `${count(c.teams + 1)} admins; ${summary.firstDate} to ${summary.lastDate}: ` +
      `${count(c.workingDays)} shifts, ${count(c.statusIntervals)} status intervals, ` +
      `${count(c.calls)} calls.`,
    '',
    `Sign in with the password '${summary.password}':`,
    `  super admin  ${summary.superAdmin}`,
  ];
  for (const team of summary.teams) {
    const listed = team.agents.slice(0, AGENTS_LISTED).join(', ');
    const more =
      team.agents.length > AGENTS_LISTED
        ? ` … and ${count(team.agents.length - AGENTS_LISTED)} more`
        : '';
    lines.push(`  ${team.name}: leader ${team.leader}`);
    lines.push(`    agents: ${listed || '(none)'}${more}`);
  }
  lines.push(
    '',
    `Admins' security question: "${summary.securityQuestion}" — answer '${summary.securityAnswer}'.`,
  );
  return `${lines.join('\n')}\n`;
}

/** Runs `npm run demo` with these arguments and environment; resolves to the exit status. */
export async function runDemo(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: DemoConsole,
): Promise<ExitStatus> {
  const fail = (message: string, status: 1 | 2 = 1) => {
    io.err(`demo: ${message}\n`);
    return status;
  };

  const parsed = parseDemoArguments(argv);
  switch (parsed.kind) {
    case 'help':
      io.out(`${demoUsage}\n`);
      return 0;
    case 'invalid':
      return fail(`${parsed.message}\n\n${demoUsage}`, 2);
    case 'run':
      break;
  }
  const { command } = parsed;

  let database;
  let config;
  try {
    config = loadConfig(env);
    io.err(
      `demo: ${command.agents} agents in ${command.teams} teams, ${command.days} days of history ` +
        `(seed ${command.seed}, ${config.callCentreTimeZone}) into ${describeTarget(config)}` +
        `${command.force ? ', replacing any data it has' : ''}\n`,
    );
    database = await openConfiguredDatabase(config, 'demo');
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof MigrationRefusedError
    ) {
      return fail(error.message);
    }
    throw error;
  }

  const started = Date.now();
  const progress = progressReporter(io, started);
  try {
    const summary = await generateDemoData(database.db, {
      teams: command.teams,
      agents: command.agents,
      days: command.days,
      seed: command.seed,
      timeZone: config.callCentreTimeZone,
      replaceExisting: command.force,
      onProgress: (step) => progress.update(step),
    });
    progress.finish();
    if (summary.erasedUsers > 0) {
      io.err(`demo: --force erased the ${count(summary.erasedUsers)} users it found first.\n`);
    }
    io.out(formatSummary(summary, (Date.now() - started) / 1000));
    return 0;
  } catch (error) {
    progress.finish();
    if (error instanceof DemoDatabaseNotEmptyError) {
      return fail(
        `the database already has data (${count(error.users)} users, ${count(error.teams)} teams); ` +
          'nothing was changed.\nRun with --force to erase it all and generate the demo in its place.',
      );
    }
    if (error instanceof DemoOptionsError) return fail(error.message, 2);
    throw error;
  } finally {
    await database.close();
  }
}
