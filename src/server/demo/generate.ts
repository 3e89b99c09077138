import { securityQuestions } from '../../shared/security-questions';
import type { Db } from '../platform/database';
import { hashAnswer, hashPassword } from '../platform/passwords';
import * as repo from './demo.repository';
import { buildRoster } from './roster';
import { rebuildRollups, suspendRollupTriggers } from '../modules/analytics/rollups';

/** Every demo account signs in with this password (printed at the end of `npm run demo`). */
export const DEMO_PASSWORD = 'demo-pass';
/** The admins' security question is the first of the eight; this is its answer. */
export const DEMO_SECURITY_ANSWER = 'demo';

export const demoLimits = {
  teams: { min: 1, max: 500 },
  agents: { min: 1, max: 100_000 },
  days: { min: 1, max: 3650 },
  seed: { min: 0, max: 2 ** 31 - 1 },
} as const;

/** Agents per history chunk: one chunk is one day of up to this many agents. */
const AGENTS_PER_CHUNK = 2500;
/** What follows the history (indexes, rollups, statistics) takes about this share of its time. */
const FINISHING_SHARE = 0.8;

export interface DemoOptions {
  teams: number;
  /** All agents, spread over the teams as evenly as possible. */
  agents: number;
  /** Days of history: the `days` calendar days before `today` (weekends are days off). */
  days: number;
  /** The same seed gives the same data (ids included) for the same `today`. */
  seed: number;
  /** The call centre's time zone: shifts are in its local time. */
  timeZone: string;
  /** The call centre's today, 'YYYY-MM-DD'; the history ends the day before. Default: today. */
  today?: string;
  /** Erase whatever the database holds first (in the same transaction); else refuse. */
  replaceExisting?: boolean;
  /** Told after each step; `done` counts up to `total`. */
  onProgress?: (progress: DemoProgress) => void;
}

export interface DemoProgress {
  done: number;
  total: number;
  /** What was just done: 'accounts', 'shifts', a day 'YYYY-MM-DD', 'statistics'. */
  step: string;
}

export interface DemoSummary {
  password: string;
  securityQuestion: string;
  securityAnswer: string;
  superAdmin: string;
  teams: { name: string; leader: string; agents: string[] }[];
  /** The history's first and last day, 'YYYY-MM-DD' in the call centre's time zone. */
  firstDate: string;
  lastDate: string;
  /** Users that were in the database and were erased (replaceExisting). */
  erasedUsers: number;
  counts: {
    users: number;
    teams: number;
    agents: number;
    workingDays: number;
    statusIntervals: number;
    calls: number;
    sessions: number;
  };
}

/** The database already holds a call centre, and the caller did not ask to replace it. */
export class DemoDatabaseNotEmptyError extends Error {
  constructor(
    readonly users: number,
    readonly teams: number,
  ) {
    super(`The database already has data (${users} users, ${teams} teams).`);
  }
}

export class DemoOptionsError extends Error {}

/** The call centre's calendar day of `now`, 'YYYY-MM-DD'. */
export function localDate(now: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function addDays(date: string, days: number) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * How much of the work after the history restoring `item` is, for the progress: the status log
 * has about three rows for each call; a partial index sorts few of them, a foreign key only
 * looks each row up, a trigger is switched back on.
 */
function restoreWork(item: repo.SetAside) {
  const rows = item.table === 'employee_status_log' ? 3 : 1;
  switch (item.kind) {
    case 't':
      return 0;
    case 'f':
      return 0.15 * rows;
    case 'p':
    case 'u':
    case 'i':
      return (/ WHERE /.test(item.definition) ? 0.25 : 1) * rows;
  }
}
/** The rollups' part of that work, on the same scale. */
const ROLLUPS_WORK = 6;

function checkOptions(options: DemoOptions) {
  for (const name of ['teams', 'agents', 'days', 'seed'] as const) {
    const value = options[name];
    const { min, max } = demoLimits[name];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new DemoOptionsError(`${name} must be a whole number from ${min} to ${max}`);
    }
  }
  if (options.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.today)) {
    throw new DemoOptionsError('today must be a date, YYYY-MM-DD');
  }
}

/**
 * Fills the database with a call centre: a super admin, `teams` teams each led by an admin,
 * `agents` agents, and `days` days of history — every agent's status intervals, calls and
 * daily sessions, following weekday shifts — in one transaction: it all appears, or nothing
 * does. A database that has users or teams is refused unless `replaceExisting`, which erases
 * them first in the same transaction.
 */
export async function generateDemoData(db: Db, options: DemoOptions): Promise<DemoSummary> {
  checkOptions(options);
  const today = options.today ?? localDate(new Date(), options.timeZone);
  const firstDate = addDays(today, -options.days);
  const roster = buildRoster(options);
  const agentBlocks = Math.ceil(options.agents / AGENTS_PER_CHUNK);
  const chunks = options.days * agentBlocks;
  // Progress in chunk-sized units: what follows the history grows with it, as its share.
  const unit = 100;
  const finishing = Math.round(FINISHING_SHARE * chunks * unit);
  const total = 2 * unit + chunks * unit + finishing;
  let done = 0;
  const stepDone = (step: string, units = unit) =>
    options.onProgress?.({ done: Math.min(total, (done += units)), total, step });

  // argon2 is slow on purpose: hash once, outside the transaction, and share the hashes.
  const [passwordHash, answerHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashAnswer(DEMO_SECURITY_ANSWER),
  ]);
  const securityQuestion = securityQuestions[0];

  return db.transaction().execute(async (trx) => {
    const existing = await repo.lockAndCountExisting(trx);
    if (existing.users + existing.teams > 0 && !options.replaceExisting) {
      throw new DemoDatabaseNotEmptyError(existing.users, existing.teams);
    }
    if (options.replaceExisting) await repo.eraseAll(trx);
    // Rows by the million: the daily rollups are built once at the end instead, and so are
    // the history tables' indexes.
    await suspendRollupTriggers(trx);
    const setAside = await repo.setAsideForLoad(trx);
    await repo.roomToSort(trx);

    await repo.insertAccounts(trx, {
      seed: options.seed,
      timeZone: options.timeZone,
      firstDate,
      passwordHash,
      answerHash,
      securityQuestion,
      superAdminUsername: roster.superAdminUsername,
      teams: roster.teams,
      agents: roster.agents,
    });
    stepDone('accounts');

    const workingDays = await repo.planWorkingDays(trx, {
      seed: options.seed,
      timeZone: options.timeZone,
      firstDate,
      days: options.days,
    });
    stepDone('shifts');

    const counts = { statusIntervals: 0, calls: 0, sessions: 0 };
    for (let dayNo = 0; dayNo < options.days; dayNo++) {
      for (let block = 0; block < agentBlocks; block++) {
        const written = await repo.writeHistoryChunk(trx, {
          seed: options.seed,
          dayNo,
          fromAgent: block * AGENTS_PER_CHUNK + 1,
          toAgent: (block + 1) * AGENTS_PER_CHUNK,
        });
        counts.statusIntervals += written.statusIntervals;
        counts.calls += written.calls;
        counts.sessions += written.sessions;
        stepDone(addDays(firstDate, dayNo));
      }
    }

    // The rollups first, while the tables have no index to tempt the planner away from reading
    // them in order; then the indexes and keys, each its share of the progress left.
    const allWork = setAside.reduce((sum, item) => sum + restoreWork(item), ROLLUPS_WORK);
    const share = (work: number) => Math.floor((finishing * work) / allWork);
    await repo.analyseHistory(trx);
    await rebuildRollups(trx, options.timeZone);
    stepDone('rollups', share(ROLLUPS_WORK));
    for (const item of setAside) {
      await repo.restoreAfterLoad(trx, item);
      if (restoreWork(item) > 0) stepDone(`index ${item.name}`, share(restoreWork(item)));
    }
    await repo.analyse(trx);
    stepDone('statistics', total);

    return {
      password: DEMO_PASSWORD,
      securityQuestion,
      securityAnswer: DEMO_SECURITY_ANSWER,
      superAdmin: roster.superAdminUsername,
      teams: roster.teams.map((team) => ({
        name: team.name,
        leader: team.leaderUsername,
        agents: roster.agents
          .filter((agent) => agent.teamNo === team.teamNo)
          .map((agent) => agent.username),
      })),
      firstDate,
      lastDate: addDays(today, -1),
      erasedUsers: options.replaceExisting ? existing.users : 0,
      counts: {
        users: 1 + roster.teams.length + roster.agents.length,
        teams: roster.teams.length,
        agents: roster.agents.length,
        workingDays,
        ...counts,
      },
    };
  });
}
