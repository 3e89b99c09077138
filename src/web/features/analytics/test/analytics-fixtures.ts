import { deriveCallFigures } from '../../../../shared/analytics';
import type {
  AnalyticsTrend,
  CallFigures,
  EmployeeAnalyticsCard,
  EmployeeAnalyticsDetail,
  ResolvedRangeBody,
  StatusTimeRow,
  TeamAnalytics,
} from '../../../../shared/schemas/analytics';
import { nightShift } from '../../../test/fixtures';

/** The server's clock in analytics tests: Saturday, Nov 21, 2026, 10:00 Eastern. */
export const COMPUTED_AT = '2026-11-21T15:00:00.000Z';

/** `range` of an answer: all time unless overridden. */
export function resolvedRange(overrides: Partial<ResolvedRangeBody> = {}): ResolvedRangeBody {
  return {
    preset: 'all',
    from: null,
    to: null,
    start: null,
    end: null,
    timeZone: 'America/New_York',
    computedAt: COMPUTED_AT,
    ...overrides,
  };
}

/** Figures as the server derives them from its totals: no calls or time unless given. */
export function callFigures(
  totals: Partial<Parameters<typeof deriveCallFigures>[0]> = {},
): CallFigures {
  return deriveCallFigures({
    totalCalls: (totals.answered ?? 0) + (totals.declined ?? 0) + (totals.missed ?? 0),
    answered: 0,
    declined: 0,
    missed: 0,
    inboundOffered: 0,
    inboundAnswered: 0,
    handledCalls: 0,
    talkSeconds: 0,
    availableSeconds: 0,
    onCallSeconds: 0,
    afterCallSeconds: 0,
    ...totals,
  });
}

export const dayShiftTeam: TeamAnalytics = {
  id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  name: 'Day Shift',
  description: 'Weekdays 8 to 4',
  employeeCount: 2,
  figures: callFigures({ answered: 30, declined: 6, missed: 4 }),
};

export const nightShiftTeam: TeamAnalytics = {
  id: nightShift.id,
  name: nightShift.name,
  description: null,
  employeeCount: 1,
  figures: callFigures({ answered: 5, declined: 1, missed: 0 }),
};

export const gus: EmployeeAnalyticsCard = {
  id: '2b3c4d5e-0000-4000-8000-000000000001',
  username: 'gus',
  full_name: 'Gus Grissom',
  team: { id: dayShiftTeam.id, name: dayShiftTeam.name },
  figures: callFigures({
    answered: 8,
    declined: 3,
    missed: 1,
    inboundOffered: 10,
    inboundAnswered: 6,
    handledCalls: 8,
    talkSeconds: 3725,
    availableSeconds: 6000,
    onCallSeconds: 3725,
    afterCallSeconds: 800,
  }),
  flaggedStatuses: [],
};

export const hal: EmployeeAnalyticsCard = {
  id: '2b3c4d5e-0000-4000-8000-000000000002',
  username: 'hal',
  full_name: null,
  team: { id: dayShiftTeam.id, name: dayShiftTeam.name },
  figures: callFigures(),
  flaggedStatuses: [],
};

export const statusRow = (overrides: Partial<StatusTimeRow> & Pick<StatusTimeRow, 'status'>) => ({
  label: overrides.status,
  totalSeconds: 0,
  sessions: 1,
  averageSeconds: 0,
  flagged: false,
  ...overrides,
});

/** GET /api/analytics/employees/:id of `card`, with a status table and its records. */
export function employeeDetail(
  card: EmployeeAnalyticsCard,
  overrides: Partial<EmployeeAnalyticsDetail> = {},
): EmployeeAnalyticsDetail {
  return {
    range: resolvedRange(),
    employee: {
      id: card.id,
      username: card.username,
      full_name: card.full_name,
      team: card.team,
      created_at: '2026-10-01T13:00:00.000Z',
    },
    figures: card.figures,
    statusTimes: [
      statusRow({
        status: 'available',
        label: 'Available',
        totalSeconds: 6000,
        sessions: 4,
        averageSeconds: 1500,
      }),
      statusRow({
        status: 'break',
        label: 'Break',
        totalSeconds: 2400,
        sessions: 3,
        averageSeconds: 800,
        flagged: true,
      }),
      statusRow({
        status: 'lunch',
        label: 'Lunch',
        totalSeconds: 1800,
        sessions: 1,
        averageSeconds: 1800,
      }),
      statusRow({
        status: 'after_call',
        label: 'After Call Work',
        totalSeconds: 800,
        sessions: 8,
        averageSeconds: 100,
        flagged: true,
      }),
    ],
    wrapUpCodes: [
      { name: 'Resolved', calls: 5 },
      { name: 'No wrap-up code', calls: 3 },
    ],
    records: { calls: 12, statusIntervals: 16, sessions: 5 },
    ...overrides,
  };
}

/**
 * A floor of `count` agents, agent_00…, in the Day Shift: agent i has i answered and i % 4
 * missed calls (so the most calls last), and every seventh takes too long a break (flagged).
 */
export function floorOfCards(count: number): EmployeeAnalyticsCard[] {
  return Array.from({ length: count }, (_, i) => {
    const number = String(i).padStart(2, '0');
    return {
      id: `2b3c4d5e-0000-4000-8000-0000000010${number}`,
      username: `agent_${number}`,
      full_name: `Agent ${number}`,
      team: { id: dayShiftTeam.id, name: dayShiftTeam.name },
      figures: callFigures({
        answered: i,
        missed: i % 4,
        inboundOffered: i + (i % 4),
        inboundAnswered: i,
        handledCalls: i,
        talkSeconds: i * 60,
      }),
      flaggedStatuses: i % 7 === 0 ? ['break'] : [],
    };
  });
}

/** GET /api/analytics/trends: three days, the middle one without calls or status time. */
export function trendOf(overrides: Partial<AnalyticsTrend> = {}): AnalyticsTrend {
  return {
    range: resolvedRange({ preset: 'custom', from: '2026-11-19', to: '2026-11-21' }),
    unit: 'day',
    statuses: [
      { status: 'available', label: 'Available' },
      { status: 'after_call', label: 'After Call Work' },
    ],
    buckets: [
      {
        start: '2026-11-19',
        answered: 1200,
        declined: 30,
        missed: 70,
        answerRatePercent: 92.3,
        averageHandleSeconds: 185.5,
        statusSeconds: { available: 7200, after_call: 5400 },
      },
      {
        start: '2026-11-20',
        answered: 0,
        declined: 0,
        missed: 0,
        answerRatePercent: null,
        averageHandleSeconds: null,
        statusSeconds: {},
      },
      {
        start: '2026-11-21',
        answered: 900,
        declined: 10,
        missed: 90,
        answerRatePercent: 90,
        averageHandleSeconds: 240,
        statusSeconds: { available: 3600 },
      },
    ],
    ...overrides,
  };
}
