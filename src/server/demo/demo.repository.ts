import { type RawBuilder, sql } from 'kysely';
import { caselessKey } from '../../shared/caseless-key';
import { FAKE_AREA_CODES } from '../modules/calls/fake-caller';
import { insertDefaultCodes } from '../modules/wrap-up/wrap-up.repository';
import type { Db } from '../platform/database';
import type { DemoAgent, DemoTeam } from './roster';

/**
 * All SQL of the demo data. The history is generated inside the database, set-based: one
 * INSERT … SELECT per table and chunk, never a row at a time, so the same code fills 30
 * agents or 2,000. Every random draw is a hash of (seed, what it is for, whose and which):
 * the same seed gives the same rows — ids included — on PGlite and PostgreSQL alike.
 */

/** What a random draw is for: each purpose hashes with its own salt. */
const salt = {
  teamId: 1,
  userId: 2,
  memberId: 3,
  absent: 4,
  jitter: 5,
  workSeconds: 6,
  break1At: 7,
  break1Long: 8,
  break1Seconds: 9,
  lunchAt: 10,
  lunchLong: 11,
  lunchSeconds: 12,
  break2At: 13,
  break2Long: 14,
  break2Seconds: 15,
  personal: 16,
  personalAt: 17,
  personalLong: 18,
  personalSeconds: 19,
  techIssues: 20,
  techIssuesAt: 21,
  techIssuesSeconds: 22,
  outbound: 23,
  ringOutcome: 24,
  firstRing: 25,
  declineAfter: 26,
  nextRing: 27,
  answerAfter: 28,
  dialSeconds: 29,
  talk1: 30,
  talk2: 31,
  afterCall1: 32,
  afterCall2: 33,
  statusId: 34,
  pauseId: 35,
  goneHomeId: 36,
  sessionId: 37,
  signOutAfter: 38,
  callId: 39,
  ringId: 40,
  area: 41,
  exchange: 42,
  line: 43,
  ringArea: 44,
  ringExchange: 45,
  ringLine: 46,
  hasNotes: 47,
  notes: 48,
} as const;
type Salt = (typeof salt)[keyof typeof salt];

/** A ring lasts this long before it is missed (spec §9). */
const RING_SECONDS = 20;

// prettier-ignore
const inboundNotes = [
  'Billing question: explained the late fee', 'Updated the mailing address',
  'Reset the online account password', 'Card declined: took a new card',
  'Order delayed: sent the tracking link', 'Wants to cancel: offered the loyalty discount',
  'Escalated to supervisor', "Called about yesterday's outage: service restored",
  'Moved to the family bundle', 'Refund approved, 5-7 business days',
  'Router restart fixed the connection', 'Caller hung up during verification',
  'Duplicate charge: credit applied', 'Booked a technician visit for Thursday',
  'Explained the new pricing', 'Asked for a copy of the contract: emailed',
];

// prettier-ignore
const outboundNotes = [
  'Follow-up: issue resolved', 'Left a voicemail', 'Payment reminder: will pay on Friday',
  'Confirmed the technician appointment', 'Renewal offer: customer will think about it',
  'Welcome call for a new customer',
];

/** Hashes and draws, all derived from the seed; keys are SQL expressions (bigint). */
function draws(seed: number) {
  const saltOf = (purpose: Salt) => seed * 256 + purpose;
  /** A uniform draw in [0, 1). */
  const uniform = (key: string, purpose: Salt) =>
    sql.raw(
      `((hashint8extended(${key}, ${saltOf(purpose)}) & 9007199254740991)::float8 / 9007199254740992)`,
    );
  /** A whole number in [min, max]. */
  const whole = (key: string, purpose: Salt, min: number, max: number) =>
    sql<number>`(${sql.lit(min)} + floor(${uniform(key, purpose)} * ${sql.lit(max - min + 1)}))::int`;
  /**
   * A log-normal draw (Box–Muller) with the given median: handle times are skewed — most calls
   * short, a few very long — clamped to [min, max].
   */
  const logNormal = (
    key: string,
    purposes: [Salt, Salt],
    median: RawBuilder<unknown>,
    sigma: number,
    min: number,
    max: number,
  ) =>
    sql<number>`least(${sql.lit(max)}, greatest(${sql.lit(min)}, round(${median} * exp(${sql.lit(sigma)}
      * sqrt(-2 * ln(1 - ${uniform(key, purposes[0])})) * cos(2 * pi() * ${uniform(key, purposes[1])})))))::int`;
  /** A version-4-shaped uuid (the API's schemas check the shape) from two hashes. */
  const uuid = (key: string, purpose: Salt) =>
    sql.raw(
      `(lpad(to_hex((hashint8extended(${key}, ${saltOf(purpose)}) & -61441) | 16384), 16, '0')` +
        ` || lpad(to_hex((hashint8extended(${key}, ${saltOf(purpose) + 128}) & 4611686018427387903)` +
        ` | -9223372036854775808), 16, '0'))::uuid`,
    );
  /** A US number as the simulator makes them: 1, a listed area code, exchange, line. */
  const phone = (key: string, purposes: [Salt, Salt, Salt]) =>
    sql<string>`'1' || (${FAKE_AREA_CODES as unknown as string[]}::text[])[${whole(key, purposes[0], 1, FAKE_AREA_CODES.length)}]
      || ${whole(key, purposes[1], 200, 999)}::text || lpad(${whole(key, purposes[2], 0, 9999)}::text, 4, '0')`;
  return { uniform, whole, logNormal, uuid, phone };
}

/** An instant from seconds since the epoch (every generated moment is a whole second). */
const epochToTimestamp = (expression: string | RawBuilder<unknown>) =>
  sql`to_timestamp(${typeof expression === 'string' ? sql.raw(expression) : expression})`;

/** Serialises with anything else that would add users, and says whether the database has data. */
export async function lockAndCountExisting(trx: Db) {
  await sql`LOCK TABLE users, teams IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
  const result = await sql<{ users: number; teams: number }>`
    SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM teams)::int AS teams
  `.execute(trx);
  return result.rows[0]!;
}

/**
 * Erases the call centre's data: every user (and, by cascade, everything of theirs), every
 * team, the audit log and the attempt counters. Settings (the session secret) stay.
 */
export async function eraseAll(trx: Db) {
  await sql`TRUNCATE users, teams, audit_log, auth_attempts CASCADE`.execute(trx);
}

export interface DemoAccounts {
  seed: number;
  timeZone: string;
  /** The history's first day, 'YYYY-MM-DD' in the call centre's time zone. */
  firstDate: string;
  passwordHash: string;
  answerHash: string;
  securityQuestion: string;
  superAdminUsername: string;
  teams: DemoTeam[];
  agents: DemoAgent[];
}

/** A local day and time, `daysBefore` days before the history's first day, as an instant. */
const localInstant = (firstDate: string, daysBefore: string, minuteOfDay: string, tz: string) =>
  sql`((${firstDate}::date - (${sql.raw(daysBefore)})) + (${sql.raw(minuteOfDay)}) * interval '1 minute')
    AT TIME ZONE ${tz}`;

/**
 * The super admin, the teams with their leading admins, the agents with their names and team
 * memberships — and a temporary table of the agents' habits for the history to read.
 */
export async function insertAccounts(trx: Db, accounts: DemoAccounts) {
  const { uuid } = draws(accounts.seed);
  const { firstDate, timeZone: tz } = accounts;
  const teamKey = (teamNo: string) => `(${teamNo})::int8`;
  const leaderKey = (teamNo: string) => `(1000 + ${teamNo})::int8`;
  const agentKey = (agentNo: string) => `(1000000 + ${agentNo})::int8`;
  const superKey = '0::int8';

  const superAdmin = await sql<{ id: string }>`
    INSERT INTO users (id, username, username_key, password_hash, role, is_super_admin,
      security_question, security_answer_hash, created_at, updated_at)
    SELECT ${uuid(superKey, salt.userId)}, ${accounts.superAdminUsername},
      ${caselessKey(accounts.superAdminUsername)}, ${accounts.passwordHash},
      'admin', true, ${accounts.securityQuestion}, ${accounts.answerHash}, at, at
    FROM (SELECT ${localInstant(firstDate, '500', '540', tz)} AS at) t
    RETURNING id
  `.execute(trx);

  const teams = accounts.teams;
  await sql`
    INSERT INTO teams (id, name, name_key, description, created_by, created_at, updated_at)
    SELECT ${uuid(teamKey('t.team_no'), salt.teamId)}, t.name, t.name_key, t.description,
      ${accounts.superAdminUsername}, at, at
    FROM unnest(${teams.map((t) => t.teamNo)}::int[], ${teams.map((t) => t.name)}::text[],
      ${teams.map((t) => caselessKey(t.name))}::text[], ${teams.map((t) => t.description)}::text[],
      ${teams.map((t) => t.createdDaysBefore)}::int[])
      AS t(team_no, name, name_key, description, days_before)
    CROSS JOIN LATERAL (SELECT ${localInstant(firstDate, 't.days_before', '570 + t.team_no', tz)} AS at) c
  `.execute(trx);

  // Each team's wrap-up codes: the defaults a new team gets.
  const teamIds = await trx.selectFrom('teams').select('id').execute();
  await insertDefaultCodes(
    trx,
    teamIds.map((team) => team.id),
  );

  // One admin leads each team: role admin in the team, team_leader in team_members.
  await sql`
    INSERT INTO users (id, username, username_key, password_hash, role, team_id,
      security_question, security_answer_hash, created_at, updated_at)
    SELECT ${uuid(leaderKey('t.team_no'), salt.userId)}, t.username, t.username_key,
      ${accounts.passwordHash}, 'admin', ${uuid(teamKey('t.team_no'), salt.teamId)},
      ${accounts.securityQuestion}, ${accounts.answerHash}, at, at
    FROM unnest(${teams.map((t) => t.teamNo)}::int[], ${teams.map((t) => t.leaderUsername)}::text[],
      ${teams.map((t) => caselessKey(t.leaderUsername))}::text[])
      AS t(team_no, username, username_key)
    CROSS JOIN LATERAL (SELECT ${localInstant(firstDate, '470', '600 + t.team_no', tz)} AS at) c
  `.execute(trx);

  const agents = accounts.agents;
  await sql`
    INSERT INTO users (id, username, username_key, password_hash, role, team_id, created_at,
      updated_at)
    SELECT ${uuid(agentKey('a.agent_no'), salt.userId)}, a.username, a.username_key,
      ${accounts.passwordHash}, 'employee', ${uuid(teamKey('a.team_no'), salt.teamId)}, at, at
    FROM unnest(${agents.map((a) => a.agentNo)}::int[], ${agents.map((a) => a.teamNo)}::int[],
      ${agents.map((a) => a.username)}::text[], ${agents.map((a) => caselessKey(a.username))}::text[],
      ${agents.map((a) => a.createdDaysBefore)}::int[])
      AS a(agent_no, team_no, username, username_key, days_before)
    CROSS JOIN LATERAL (
      SELECT ${localInstant(firstDate, 'a.days_before', '540 + a.agent_no % 180', tz)} AS at) c
  `.execute(trx);

  await sql`
    INSERT INTO employee_info (user_id, full_name, updated_at)
    SELECT ${uuid(agentKey('a.agent_no'), salt.userId)}, a.full_name, u.created_at
    FROM unnest(${agents.map((a) => a.agentNo)}::int[], ${agents.map((a) => a.fullName)}::text[])
      AS a(agent_no, full_name)
    JOIN users u ON u.id = ${uuid(agentKey('a.agent_no'), salt.userId)}
  `.execute(trx);

  await sql`
    INSERT INTO team_members (id, team_id, user_id, role, created_at)
    SELECT ${uuid('m.key', salt.memberId)}, u.team_id, u.id, m.role, u.created_at
    FROM (
      SELECT ${uuid(leaderKey('t.team_no'), salt.userId)} AS user_id, ${sql.raw(leaderKey('t.team_no'))} AS key,
        'team_leader' AS role
      FROM unnest(${teams.map((t) => t.teamNo)}::int[]) AS t(team_no)
      UNION ALL
      SELECT ${uuid(agentKey('a.agent_no'), salt.userId)}, ${sql.raw(agentKey('a.agent_no'))}, 'member'
      FROM unnest(${agents.map((a) => a.agentNo)}::int[]) AS a(agent_no)
    ) m
    JOIN users u ON u.id = m.user_id
  `.execute(trx);

  await sql`
    CREATE TEMP TABLE demo_agent (
      agent_no int PRIMARY KEY,
      user_id uuid NOT NULL,
      first_day int NOT NULL,
      shift_start int NOT NULL,
      talk_median float8 NOT NULL,
      after_call_median float8 NOT NULL,
      decline_rate float8 NOT NULL,
      miss_rate float8 NOT NULL,
      outbound_share float8 NOT NULL,
      long_breaks boolean NOT NULL,
      absence_rate float8 NOT NULL,
      cycles int NOT NULL
    ) ON COMMIT DROP
  `.execute(trx);
  await sql`
    INSERT INTO demo_agent
    SELECT a.agent_no, ${uuid(agentKey('a.agent_no'), salt.userId)}, a.first_day, a.shift_start,
      a.talk_median, a.after_call_median, a.decline_rate, a.miss_rate, a.outbound_share,
      a.long_breaks, a.absence_rate, a.cycles
    FROM unnest(${agents.map((a) => a.agentNo)}::int[], ${agents.map((a) => a.firstDay)}::int[],
      ${agents.map((a) => a.shiftStart)}::int[], ${agents.map((a) => a.talkMedianSeconds)}::float8[],
      ${agents.map((a) => a.afterCallMedianSeconds)}::float8[],
      ${agents.map((a) => a.declineRate)}::float8[], ${agents.map((a) => a.missRate)}::float8[],
      ${agents.map((a) => a.outboundShare)}::float8[], ${agents.map((a) => a.takesLongBreaks)}::boolean[],
      ${agents.map((a) => a.absenceRate)}::float8[], ${agents.map(cyclesToDraw)}::int[])
      AS a(agent_no, first_day, shift_start, talk_median, after_call_median, decline_rate,
        miss_rate, outbound_share, long_breaks, absence_rate, cycles)
  `.execute(trx);

  return { superAdminId: superAdmin.rows[0]!.id };
}

/** Work-clock seconds in a planned shift: 8.5 h less a 30 min lunch and two 15 min breaks. */
const PLANNED_WORK_SECONDS = 27_000;

/**
 * How many call cycles to draw for one of the agent's days: half as many again as an average
 * day holds, and a few more (the draws past the end of the shift are discarded). A day whose
 * cycles ran out would simply end early.
 */
function cyclesToDraw(agent: DemoAgent) {
  const talkMean =
    agent.talkMedianSeconds *
    ((1 - agent.outboundShare) * Math.exp(0.65 ** 2 / 2) +
      agent.outboundShare * 0.55 * Math.exp(0.8 ** 2 / 2));
  const afterCallMean = agent.afterCallMedianSeconds * Math.exp(0.5 ** 2 / 2);
  const idleMean = (1 - agent.outboundShare) * 16 + agent.outboundShare * 52;
  const perDay = (PLANNED_WORK_SECONDS + 600) / (talkMean + afterCallMean + idleMean);
  return Math.min(1000, Math.ceil(1.5 * perDay) + 15);
}

/**
 * Every working day of every agent: weekdays from the agent's first day, less days off. A day
 * has a shift start (local time, a few minutes early or late), its work-clock length, and its
 * pauses — each a work-clock moment `t` and a length `d`: breaks about 2 h and 6 h in, lunch
 * about 4 h in, sometimes personal time or tech issues, now and then longer than the analytics
 * flag allows (over 1,800 s a day). `next_start_at` is the agent's next working day's start,
 * where tonight's Gone Home ends.
 */
export async function planWorkingDays(
  trx: Db,
  plan: { seed: number; timeZone: string; firstDate: string; days: number },
) {
  const { uniform, whole } = draws(plan.seed);
  const k = 'd.ad_key';
  await sql`
    CREATE TEMP TABLE demo_day (
      ad_key int8 PRIMARY KEY,
      agent_no int NOT NULL,
      user_id uuid NOT NULL,
      cycles int NOT NULL,
      day_no int NOT NULL,
      local_date date NOT NULL,
      start_at int8 NOT NULL,
      work_seconds int NOT NULL,
      t1 float8, d1 int NOT NULL, t2 float8, d2 int NOT NULL, t3 float8, d3 int NOT NULL,
      t4 float8, d4 int NOT NULL, t5 float8, d5 int NOT NULL,
      next_start_at int8
    ) ON COMMIT DROP
  `.execute(trx);
  const result = await sql`
    INSERT INTO demo_day
    SELECT ad_key, agent_no, user_id, cycles, day_no, local_date, start_at, work_seconds,
      t1, d1, t2, d2, t3, d3, t4, d4, t5, d5,
      lead(start_at) OVER (PARTITION BY agent_no ORDER BY day_no)
    FROM (
      SELECT d.ad_key, a.agent_no, a.user_id, a.cycles, d.day_no, d.local_date,
        extract(epoch FROM (d.local_date + (a.shift_start + ${whole(k, salt.jitter, -300, 600)})
          * interval '1 second') AT TIME ZONE ${plan.timeZone})::int8 AS start_at,
        w.work_seconds,
        ${whole(k, salt.break1At, 6300, 8100)} + 0.1 AS t1,
        CASE WHEN ${uniform(k, salt.break1Long)} < CASE WHEN a.long_breaks THEN 0.2 ELSE 0.03 END
          THEN ${whole(k, salt.break1Seconds, 960, 1500)}
          ELSE ${whole(k, salt.break1Seconds, 480, 840)} END AS d1,
        ${whole(k, salt.lunchAt, 12600, 14400)} + 0.2 AS t2,
        CASE WHEN ${uniform(k, salt.lunchLong)} < CASE WHEN a.long_breaks THEN 0.25 ELSE 0.03 END
          THEN ${whole(k, salt.lunchSeconds, 1830, 2700)}
          ELSE ${whole(k, salt.lunchSeconds, 1500, 1790)} END AS d2,
        ${whole(k, salt.break2At, 19800, 21600)} + 0.3 AS t3,
        CASE WHEN ${uniform(k, salt.break2Long)} < CASE WHEN a.long_breaks THEN 0.2 ELSE 0.03 END
          THEN ${whole(k, salt.break2Seconds, 960, 1500)}
          ELSE ${whole(k, salt.break2Seconds, 480, 840)} END AS d3,
        CASE WHEN ${uniform(k, salt.personal)} < 0.12
          THEN 1800 + floor(${uniform(k, salt.personalAt)} * (w.work_seconds - 3600)) + 0.4 END AS t4,
        CASE WHEN ${uniform(k, salt.personal)} >= 0.12 THEN 0
          WHEN ${uniform(k, salt.personalLong)} < 0.08 THEN ${whole(k, salt.personalSeconds, 1850, 2400)}
          ELSE ${whole(k, salt.personalSeconds, 180, 900)} END AS d4,
        CASE WHEN ${uniform(k, salt.techIssues)} < 0.04
          THEN 900 + floor(${uniform(k, salt.techIssuesAt)} * (w.work_seconds - 1800)) + 0.5 END AS t5,
        CASE WHEN ${uniform(k, salt.techIssues)} < 0.04
          THEN ${whole(k, salt.techIssuesSeconds, 120, 1500)} ELSE 0 END AS d5
      FROM demo_agent a
      CROSS JOIN LATERAL (
        SELECT g AS day_no, ${plan.firstDate}::date + g AS local_date,
          a.agent_no::int8 * 100000 + g AS ad_key
        FROM generate_series(a.first_day, ${plan.days - 1}::int) g
      ) d
      CROSS JOIN LATERAL (
        SELECT ${sql.lit(PLANNED_WORK_SECONDS)} + ${whole(k, salt.workSeconds, -600, 600)} AS work_seconds
      ) w
      WHERE extract(isodow FROM d.local_date) < 6
        AND ${uniform(k, salt.absent)} >= a.absence_rate
    ) planned
  `.execute(trx);
  await sql`CREATE INDEX ON demo_day (day_no, agent_no)`.execute(trx);
  // Temporary tables are never analysed automatically.
  await sql`ANALYZE demo_agent, demo_day`.execute(trx);
  await sql`
    CREATE TEMP TABLE demo_cycle (
      ad_key int8 NOT NULL, n int NOT NULL, user_id uuid NOT NULL, outbound boolean NOT NULL,
      ring_outcome text, first_ring int NOT NULL, ring_seconds int NOT NULL, offer_at int NOT NULL,
      idle int NOT NULL, talk int NOT NULL, after_call int NOT NULL, ends int NOT NULL,
      cycle_at int8 NOT NULL
    ) ON COMMIT DROP
  `.execute(trx);
  await sql`
    CREATE TEMP TABLE demo_shift (
      ad_key int8 PRIMARY KEY, user_id uuid NOT NULL, local_date date NOT NULL,
      start_at int8 NOT NULL, day_end_at int8 NOT NULL, next_start_at int8,
      e1 int, e2 int, e3 int, e4 int, e5 int
    ) ON COMMIT DROP
  `.execute(trx);
  await sql`
    CREATE TEMP TABLE demo_pause (
      user_id uuid NOT NULL, key int8 NOT NULL, status text NOT NULL, starts int8 NOT NULL,
      seconds int NOT NULL
    ) ON COMMIT DROP
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export interface HistoryChunk {
  seed: number;
  dayNo: number;
  fromAgent: number;
  toAgent: number;
}

/**
 * One chunk of history (one day, a range of agents), written in a handful of set-based
 * statements. Each day is a run of call cycles — Available (or Out Bound) until a call is
 * answered or dialled, On Call for the talk, After Call Work — laid on the work clock; the
 * pauses go in after the cycle during which their moment falls, so no call is ever cut and
 * no two intervals of an agent overlap. Gone Home runs from the last cycle to the next
 * working day (open after the agent's last day, as the app leaves it after sign-out).
 */
export async function writeHistoryChunk(trx: Db, chunk: HistoryChunk) {
  const { uniform, whole, logNormal, uuid, phone } = draws(chunk.seed);
  const k = 'cyc.k';
  const inChunk = sql`d.day_no = ${chunk.dayNo} AND d.agent_no BETWEEN ${chunk.fromAgent} AND ${chunk.toAgent}`;

  // Cycles: inbound — the first offer 5–11 s after becoming available; sometimes declined
  // (after 2–15 s) or missed (after the whole ring), then another offer 5–11 s later; answered
  // after 2–12 s of ringing. Outbound — 15–90 s in Out Bound, then dialled. Then the talk and
  // the wrap-up. `w` is the work clock at the cycle's start; cycles past the shift are dropped.
  await sql`
    INSERT INTO demo_cycle
    SELECT ad_key, n, user_id, outbound, ring_outcome, first_ring, ring_seconds, offer_at, idle,
      talk, after_call, w + idle + talk + after_call,
      start_at + w
        + CASE WHEN t1 <= w THEN d1 ELSE 0 END + CASE WHEN t2 <= w THEN d2 ELSE 0 END
        + CASE WHEN t3 <= w THEN d3 ELSE 0 END + CASE WHEN t4 <= w THEN d4 ELSE 0 END
        + CASE WHEN t5 <= w THEN d5 ELSE 0 END
    FROM (
      SELECT c.*, (sum(c.idle + c.talk + c.after_call) OVER (PARTITION BY c.ad_key ORDER BY c.n)
        - (c.idle + c.talk + c.after_call))::int AS w
      FROM (
        SELECT d.ad_key, g.n, d.user_id, d.start_at, d.work_seconds,
          d.t1, d.d1, d.t2, d.d2, d.t3, d.d3, d.t4, d.d4, d.t5, d.d5,
          x.outbound, x.ring_outcome, x.first_ring, x.ring_seconds, y.offer_at,
          y.offer_at + CASE WHEN x.outbound THEN 0 ELSE x.answer_after END AS idle,
          CASE WHEN x.outbound
            THEN ${logNormal(k, [salt.talk1, salt.talk2], sql`(0.55 * a.talk_median)`, 0.8, 15, 3600)}
            ELSE ${logNormal(k, [salt.talk1, salt.talk2], sql`a.talk_median`, 0.65, 15, 3600)}
          END AS talk,
          ${logNormal(k, [salt.afterCall1, salt.afterCall2], sql`a.after_call_median`, 0.5, 3, 900)} AS after_call
        FROM demo_day d
        JOIN demo_agent a ON a.agent_no = d.agent_no
        CROSS JOIN LATERAL generate_series(1, d.cycles) g(n)
        CROSS JOIN LATERAL (SELECT d.ad_key * 1024 + g.n AS k) cyc
        CROSS JOIN LATERAL (
          SELECT o.outbound,
            CASE WHEN o.outbound THEN NULL
              WHEN o.outcome < a.decline_rate THEN 'declined'
              WHEN o.outcome < a.decline_rate + a.miss_rate THEN 'missed' END AS ring_outcome,
            ${whole(k, salt.firstRing, 5, 11)} AS first_ring,
            CASE WHEN o.outcome < a.decline_rate THEN ${whole(k, salt.declineAfter, 2, 15)}
              ELSE ${sql.lit(RING_SECONDS)} END AS ring_seconds,
            ${whole(k, salt.nextRing, 5, 11)} AS next_ring,
            ${whole(k, salt.answerAfter, 2, 12)} AS answer_after,
            ${whole(k, salt.dialSeconds, 15, 90)} AS dial_seconds
          FROM (SELECT ${uniform(k, salt.outbound)} < a.outbound_share AS outbound,
            ${uniform(k, salt.ringOutcome)} AS outcome) o
        ) x
        CROSS JOIN LATERAL (
          SELECT CASE WHEN x.outbound THEN x.dial_seconds
            WHEN x.ring_outcome IS NULL THEN x.first_ring
            ELSE x.first_ring + x.ring_seconds + x.next_ring END AS offer_at
        ) y
        WHERE ${inChunk}
        -- OFFSET 0 keeps this a subquery: flattened, each draw would be recomputed wherever
        -- its column is used.
        OFFSET 0
      ) c
    ) s
    WHERE w < work_seconds
  `.execute(trx);

  // Where each pause goes: after the cycle during which its moment falls (the first cycle
  // ending at or after it). The day ends after the last cycle and every pause taken.
  await sql`
    INSERT INTO demo_shift
    SELECT d.ad_key, d.user_id, d.local_date, d.start_at,
      d.start_at + e.last_end + CASE WHEN e.e1 IS NULL THEN 0 ELSE d.d1 END
        + CASE WHEN e.e2 IS NULL THEN 0 ELSE d.d2 END + CASE WHEN e.e3 IS NULL THEN 0 ELSE d.d3 END
        + CASE WHEN e.e4 IS NULL THEN 0 ELSE d.d4 END + CASE WHEN e.e5 IS NULL THEN 0 ELSE d.d5 END,
      d.next_start_at, e.e1, e.e2, e.e3, e.e4, e.e5
    FROM demo_day d
    JOIN (
      SELECT c.ad_key, max(c.ends) AS last_end,
        min(c.ends) FILTER (WHERE c.ends >= d.t1) AS e1,
        min(c.ends) FILTER (WHERE c.ends >= d.t2) AS e2,
        min(c.ends) FILTER (WHERE c.ends >= d.t3) AS e3,
        min(c.ends) FILTER (WHERE c.ends >= d.t4) AS e4,
        min(c.ends) FILTER (WHERE c.ends >= d.t5) AS e5
      FROM demo_cycle c JOIN demo_day d ON d.ad_key = c.ad_key
      GROUP BY c.ad_key
    ) e ON e.ad_key = d.ad_key
  `.execute(trx);

  // A pause starts where its cycle ended, after the day's earlier pauses.
  await sql`
    INSERT INTO demo_pause
    SELECT user_id, ad_key * 8 + pause_no, status,
      start_at + ends_before + sum(seconds) OVER (PARTITION BY ad_key ORDER BY t) - seconds, seconds
    FROM (
      SELECT d.ad_key, d.user_id, d.start_at, p.*
      FROM demo_shift s
      JOIN demo_day d ON d.ad_key = s.ad_key
      CROSS JOIN LATERAL (VALUES
        (1, 'break', d.t1, d.d1, s.e1), (2, 'lunch', d.t2, d.d2, s.e2),
        (3, 'break', d.t3, d.d3, s.e3), (4, 'personal', d.t4, d.d4, s.e4),
        (5, 'tech_issues', d.t5, d.d5, s.e5)
      ) AS p(pause_no, status, t, seconds, ends_before)
      WHERE p.ends_before IS NOT NULL AND p.seconds > 0
    ) taken
  `.execute(trx);

  const statusRows = await sql`
    INSERT INTO employee_status_log (id, user_id, status, started_at, ended_at, duration_seconds)
    SELECT id, user_id, status, ${epochToTimestamp('starts')}, ${epochToTimestamp('starts + seconds')},
      seconds
    FROM (
      SELECT ${uuid('(c.ad_key * 1024 + c.n) * 4 + v.part', salt.statusId)} AS id, c.user_id,
        v.status, v.starts, v.seconds
      FROM demo_cycle c
      CROSS JOIN LATERAL (VALUES
        (0, CASE WHEN c.outbound THEN 'out_bound' ELSE 'available' END, c.cycle_at, c.idle),
        (1, 'on_call', c.cycle_at + c.idle, c.talk),
        (2, 'after_call', c.cycle_at + c.idle + c.talk, c.after_call)
      ) AS v(part, status, starts, seconds)
      UNION ALL
      SELECT ${uuid('p.key', salt.pauseId)}, p.user_id, p.status, p.starts, p.seconds
      FROM demo_pause p
      UNION ALL
      SELECT ${uuid('s.ad_key', salt.goneHomeId)}, s.user_id, 'gone_home', s.day_end_at,
        (s.next_start_at - s.day_end_at)::int
      FROM demo_shift s
    ) intervals
    ORDER BY starts
  `.execute(trx);

  const ck = '(c.ad_key * 1024 + c.n)';
  const callRows = await sql`
    INSERT INTO call_logs (id, user_id, phone_number, call_type, call_status, time_received,
      answered_at, ended_at, duration_seconds, notes, ring_deadline)
    SELECT id, user_id, phone_number, call_type, call_status, ${epochToTimestamp('received')},
      ${epochToTimestamp('answered')}, ${epochToTimestamp('ended')}, duration_seconds, notes,
      ${epochToTimestamp('deadline')}
    FROM (
      SELECT ${uuid(ck, salt.callId)} AS id, c.user_id,
        ${phone(ck, [salt.area, salt.exchange, salt.line])} AS phone_number,
        CASE WHEN c.outbound THEN 'outbound' ELSE 'inbound' END AS call_type,
        'answered' AS call_status,
        c.cycle_at + c.offer_at AS received, c.cycle_at + c.idle AS answered,
        c.cycle_at + c.idle + c.talk AS ended, c.talk AS duration_seconds,
        CASE WHEN ${uniform(ck, salt.hasNotes)} < CASE WHEN c.outbound THEN 0.3 ELSE 0.15 END THEN
          CASE WHEN c.outbound
            THEN (${outboundNotes}::text[])[${whole(ck, salt.notes, 1, outboundNotes.length)}]
            ELSE (${inboundNotes}::text[])[${whole(ck, salt.notes, 1, inboundNotes.length)}] END
        END AS notes,
        CASE WHEN c.outbound THEN NULL ELSE c.cycle_at + c.offer_at + ${sql.lit(RING_SECONDS)} END
          AS deadline
      FROM demo_cycle c
      UNION ALL
      SELECT ${uuid(ck, salt.ringId)}, c.user_id,
        ${phone(ck, [salt.ringArea, salt.ringExchange, salt.ringLine])}, 'inbound', c.ring_outcome,
        c.cycle_at + c.first_ring, NULL, c.cycle_at + c.first_ring + c.ring_seconds, NULL, NULL,
        c.cycle_at + c.first_ring + ${sql.lit(RING_SECONDS)}
      FROM demo_cycle c
      WHERE c.ring_outcome IS NOT NULL
    ) calls
    ORDER BY received
  `.execute(trx);

  // One session row per agent and working day: from the shift's start to signing out.
  const sessionRows = await sql`
    INSERT INTO employee_sessions (id, user_id, session_date, session_start, session_end)
    SELECT ${uuid('s.ad_key', salt.sessionId)}, s.user_id, s.local_date,
      ${epochToTimestamp('s.start_at')},
      ${epochToTimestamp(sql`s.day_end_at + ${whole('s.ad_key', salt.signOutAfter, 5, 120)}`)}
    FROM demo_shift s
  `.execute(trx);

  await sql`TRUNCATE demo_cycle, demo_shift, demo_pause`.execute(trx);
  return {
    statusIntervals: Number(statusRows.numAffectedRows ?? 0),
    calls: Number(callRows.numAffectedRows ?? 0),
    sessions: Number(sessionRows.numAffectedRows ?? 0),
  };
}

/** The tables the history fills by the million rows. */
const HISTORY_TABLES = ['employee_status_log', 'call_logs'];

/**
 * Their triggers that add an inserted row to the rollups: under `switchboard.bulk_load` they
 * only return, but still run once a row; `rebuild_rollups()` does their work once instead.
 */
const ROLLUP_INSERT_TRIGGERS = [
  { table: 'employee_status_log', name: 'employee_status_log_rollup_insert' },
  { table: 'call_logs', name: 'call_logs_rollup_insert' },
];

/** What `setAsideForLoad` took away from a history table, as the catalog defined it. */
export interface SetAside {
  table: string;
  name: string;
  /**
   * 'p' primary key, 'u' unique, 'f' foreign key (constraints, with their definition); 'i' an
   * index (its whole CREATE INDEX statement); 't' a trigger, disabled.
   */
  kind: 'p' | 'u' | 'f' | 'i' | 't';
  definition: string;
}

/**
 * Takes the history tables' indexes, keys and foreign keys (theirs, and those pointing at
 * them, from tables as empty) away for the load (the tables are
 * empty: truncated, or their users were none) and disables their rollup insert triggers;
 * returns what to restore, in order. With their indexes, each row would go to random pages of
 * ever larger indexes (the uuid keys, and per agent), and every day would take longer than the
 * one before; built at the end from all the rows, each is one sort, and the rows are checked
 * as inserting them would have (keys unique, every user found). Only the tables' owner may
 * alter them: for anyone else nothing is set aside and the load keeps it all. The tables stay
 * locked until the transaction ends, as `--force`'s TRUNCATE locks them anyway.
 */
export async function setAsideForLoad(trx: Db): Promise<SetAside[]> {
  const owner = await sql<{ owns: boolean }>`
    SELECT bool_and(pg_has_role(c.relowner, 'USAGE')) AS owns FROM pg_class c
    WHERE c.oid = ANY(${HISTORY_TABLES}::regclass[])
  `.execute(trx);
  if (!owner.rows[0]?.owns) return [];
  const { rows } = await sql<SetAside>`
    SELECT c.relname AS "table", con.conname AS name, con.contype AS kind,
      pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
    WHERE (con.conrelid = ANY(${HISTORY_TABLES}::regclass[]) AND con.contype IN ('p', 'u', 'f'))
      OR (con.confrelid = ANY(${HISTORY_TABLES}::regclass[]) AND con.contype = 'f')
    UNION ALL
    SELECT c.relname, i.relname, 'i', pg_get_indexdef(i.oid)
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
    WHERE x.indrelid = ANY(${HISTORY_TABLES}::regclass[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = x.indexrelid
        AND con.conrelid = x.indrelid)
    ORDER BY 1, 2
  `.execute(trx);
  // Foreign keys first: a key's index goes only after whatever used it.
  const dropOrder = { f: 0, i: 1, u: 2, p: 3, t: 4 } as const;
  for (const item of [...rows].sort((a, b) => dropOrder[a.kind] - dropOrder[b.kind])) {
    await (
      item.kind === 'i'
        ? sql`DROP INDEX ${sql.id(item.name)}`
        : sql`ALTER TABLE ${sql.id(item.table)} DROP CONSTRAINT ${sql.id(item.name)}`
    ).execute(trx);
  }
  const triggers = ROLLUP_INSERT_TRIGGERS.map((trigger) => ({
    ...trigger,
    kind: 't' as const,
    definition: '',
  }));
  for (const trigger of triggers) {
    await sql`ALTER TABLE ${sql.id(trigger.table)} DISABLE TRIGGER ${sql.id(trigger.name)}`.execute(
      trx,
    );
  }
  // Keys, then the other indexes, then the foreign keys (checked against users' own key).
  const restoreOrder = { t: 0, p: 1, u: 2, i: 3, f: 4 } as const;
  return [...rows, ...triggers].sort((a, b) => restoreOrder[a.kind] - restoreOrder[b.kind]);
}

/** Restores one thing `setAsideForLoad` took away. */
export async function restoreAfterLoad(trx: Db, item: SetAside) {
  switch (item.kind) {
    case 't':
      await sql`ALTER TABLE ${sql.id(item.table)} ENABLE TRIGGER ${sql.id(item.name)}`.execute(trx);
      return;
    case 'i':
      await sql.raw(item.definition).execute(trx);
      return;
    case 'p':
    case 'u':
    case 'f':
      await sql`ALTER TABLE ${sql.id(item.table)} ADD CONSTRAINT ${sql.id(item.name)} ${sql.raw(item.definition)}`.execute(
        trx,
      );
  }
}

/**
 * Room to sort and group in memory, for this transaction only: each day's rows are sorted by
 * time, the rollups group them all. (The index builds keep their own default: more makes
 * PGlite's sorts slower, not faster.)
 */
export async function roomToSort(trx: Db) {
  await sql`SELECT set_config('work_mem', '64MB', true)`.execute(trx);
}

/** The planner's statistics of the history tables, before the rollups are built from them. */
export async function analyseHistory(trx: Db) {
  await sql`ANALYZE employee_status_log, call_logs`.execute(trx);
}

/** Fresh statistics for the planner after a bulk load. */
export async function analyse(trx: Db) {
  await sql`ANALYZE users, teams, team_members, employee_info, call_logs, employee_status_log,
    employee_sessions, call_day_totals, status_day_totals, call_month_totals,
    status_metric_day_totals, status_metric_month_totals`.execute(trx);
}
