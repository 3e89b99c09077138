/**
 * Who works in the demo call centre: teams, their leaders, the agents and each agent's habits.
 * Pure and seeded — the same seed gives the same people — so only the history is left to SQL.
 */

/** A small, fast, seedable PRNG (mulberry32): plenty for demo data, and stable everywhere. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const wholeBetween = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const teamCatalogue = [
  { name: 'Customer Care', slug: 'care', description: 'General enquiries, orders and accounts' },
  {
    name: 'Billing & Payments',
    slug: 'billing',
    description: 'Invoices, refunds and payment plans',
  },
  { name: 'Technical Support', slug: 'tech', description: 'Connectivity, devices and outages' },
  { name: 'Sales', slug: 'sales', description: 'New customers and upgrades' },
  { name: 'Retention', slug: 'retention', description: 'Cancellations and win-back offers' },
  { name: 'Onboarding', slug: 'onboarding', description: 'First weeks of new customers' },
  { name: 'Claims', slug: 'claims', description: 'Damage, loss and warranty claims' },
  { name: 'Collections', slug: 'collections', description: 'Overdue balances' },
  { name: 'Premium Accounts', slug: 'premium', description: 'Business and premium customers' },
  { name: 'Spanish Line', slug: 'spanish', description: 'Every queue, in Spanish' },
  { name: 'Escalations', slug: 'escalations', description: 'Complaints and supervisor calls' },
  { name: 'Partner Desk', slug: 'partners', description: 'Resellers and partner stores' },
] as const;

// prettier-ignore
const firstNames = [
  'Ana', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Irene', 'Jamal', 'Keiko',
  'Liam', 'Maya', 'Noah', 'Olivia', 'Pedro', 'Quinn', 'Rosa', 'Samir', 'Tara', 'Umar', 'Vera',
  'Wes', 'Ximena', 'Yusuf', 'Zoe', 'Aisha', 'Bruno', 'Chloe', 'Diego', 'Emma', 'Felix', 'Gita',
  'Hana', 'Ivan', 'Julia', 'Kofi', 'Lena', 'Marco', 'Nadia', 'Omar', 'Priya', 'Raj', 'Sofia',
  'Tomas', 'Uma', 'Victor', 'Wendy', 'Yara', 'Zain', 'Alicia', 'Brandon', 'Daniela', 'Ethan',
  'Fatima', 'Gabriel', 'Isabel', 'Jonah', 'Kira', 'Lucas',
];

// prettier-ignore
const lastNames = [
  'Silva', 'Johnson', 'Nguyen', 'Garcia', 'Smith', 'Khan', 'Brown', 'Martinez', 'Lee', 'Okafor',
  'Rossi', 'Kowalski', 'Williams', 'Patel', 'Lopez', 'Chen', 'Murphy', 'Haddad', 'Jones',
  'Nakamura', 'Davis', 'Fischer', 'Moreno', 'Ali', 'Taylor', 'Santos', 'Wilson', 'Ivanova',
  'Clark', 'Mensah', 'Walker', 'Dubois', 'Hall', 'Kim', 'Young', 'Reyes', 'King', 'Novak',
  'Wright', 'Cohen', 'Scott', 'Andersen', 'Green', 'Costa', 'Baker', 'Sato', 'Adams', 'Popescu',
  'Nelson', 'Torres', 'Hill', 'Yilmaz', 'Campbell', 'Ortiz', 'Mitchell', 'Singh', 'Roberts',
  'Moore', 'Carter', 'Diaz',
];

/** Shift starts in the call centre's local time: early, day, mid and late (8.5 h each). */
const shiftStarts = [
  { seconds: 7 * 3600, weight: 2 },
  { seconds: 8 * 3600, weight: 3 },
  { seconds: 9 * 3600, weight: 3 },
  { seconds: 11.5 * 3600, weight: 2 },
];

export interface DemoTeam {
  teamNo: number;
  name: string;
  description: string;
  /** The admin who leads the team (team_leader). */
  leaderUsername: string;
  /** Days before the history's first day the team was created. */
  createdDaysBefore: number;
}

/** An agent's habits: they shape that agent's whole history. */
export interface DemoAgent {
  agentNo: number;
  teamNo: number;
  username: string;
  fullName: string;
  /** Days before the history's first day the account was registered; negative: after. */
  createdDaysBefore: number;
  /** The first day (0-based, within the history) the agent works; 0 for most. */
  firstDay: number;
  /** Seconds after local midnight the agent's shift starts. */
  shiftStart: number;
  talkMedianSeconds: number;
  afterCallMedianSeconds: number;
  declineRate: number;
  missRate: number;
  outboundShare: number;
  /** Takes long breaks and lunches more often than others: flagged rows in analytics. */
  takesLongBreaks: boolean;
  /** Share of working days off (sick, holiday). */
  absenceRate: number;
}

export interface DemoRoster {
  superAdminUsername: string;
  teams: DemoTeam[];
  agents: DemoAgent[];
}

export const SUPER_ADMIN_USERNAME = 'ops.manager';

function teamOf(teamNo: number): Omit<DemoTeam, 'leaderUsername' | 'createdDaysBefore'> {
  const known = teamCatalogue[teamNo];
  if (known) return { teamNo, name: known.name, description: known.description };
  return { teamNo, name: `Team ${teamNo + 1}`, description: 'Overflow queue' };
}

function leaderOf(teamNo: number) {
  return `lead.${teamCatalogue[teamNo]?.slug ?? `team${teamNo + 1}`}`;
}

function weightedShift(random: Random) {
  const total = shiftStarts.reduce((sum, shift) => sum + shift.weight, 0);
  let left = random() * total;
  for (const shift of shiftStarts) {
    left -= shift.weight;
    if (left < 0) return shift.seconds;
  }
  return shiftStarts[0]!.seconds;
}

/**
 * The teams (with one admin leading each), and `agents` agents spread over them as evenly as
 * possible, each with habits drawn from the seed. About one agent in ten was hired during the
 * history, so the dashboard has recent registrations and some agents have shorter histories.
 */
export function buildRoster(options: {
  teams: number;
  agents: number;
  days: number;
  seed: number;
}) {
  const random = seededRandom(options.seed);
  const teams: DemoTeam[] = Array.from({ length: options.teams }, (_, teamNo) => ({
    ...teamOf(teamNo),
    leaderUsername: leaderOf(teamNo),
    createdDaysBefore: 480 - teamNo,
  }));

  const taken = new Set([SUPER_ADMIN_USERNAME, ...teams.map((team) => team.leaderUsername)]);
  const agents: DemoAgent[] = [];
  for (let agentNo = 1; agentNo <= options.agents; agentNo++) {
    const first = pick(random, firstNames);
    const last = pick(random, lastNames);
    const base = `${first}.${last}`.toLowerCase();
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
    taken.add(username);

    const hiredDuringHistory = options.days >= 14 && random() < 0.1;
    const firstDay = hiredDuringHistory
      ? wholeBetween(random, 1, Math.floor(options.days * 0.7))
      : 0;
    const slowWrapUp = random() < 0.1;
    const outboundFocus = random() < 0.2;
    agents.push({
      agentNo,
      teamNo: (agentNo - 1) % options.teams,
      username,
      fullName: `${first} ${last}`,
      createdDaysBefore: hiredDuringHistory ? 1 - firstDay : wholeBetween(random, 7, 400),
      firstDay,
      shiftStart: weightedShift(random),
      talkMedianSeconds: Math.round(between(random, 200, 380)),
      // after_call over 90 s on average is flagged (spec §5): some agents wrap up slowly.
      afterCallMedianSeconds: Math.round(
        slowWrapUp ? between(random, 80, 105) : between(random, 18, 60),
      ),
      declineRate: between(random, 0.005, 0.035),
      missRate: between(random, 0.01, 0.05),
      outboundShare: outboundFocus ? between(random, 0.2, 0.35) : between(random, 0.02, 0.08),
      takesLongBreaks: random() < 0.15,
      absenceRate: between(random, 0.01, 0.06),
    });
  }
  return { superAdminUsername: SUPER_ADMIN_USERNAME, teams, agents } satisfies DemoRoster;
}
