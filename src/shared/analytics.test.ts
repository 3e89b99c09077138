import { describe, expect, it } from 'vitest';
import {
  addDays,
  answerRate,
  averageAfterCallSeconds,
  averageHandleSeconds,
  calendarDateIn,
  callDistribution,
  daysInRange,
  deriveCallFigures,
  formatZonedIso,
  isCalendarDate,
  isSliceLabelled,
  isStatusFlagged,
  occupancy,
  rangeFileLabel,
  resolveRange,
  startOfDayIn,
  toPercent,
} from './analytics';
import { analyticsRangeQuerySchema, rangeSelectionOf } from './schemas/analytics';

describe('flagged status rows (spec §5, §9: over 1,800 s total; after_call over 90 s average)', () => {
  it.each([
    ['break', 1800, 3, false],
    ['break', 1801, 3, true],
    ['lunch', 1800, 1, false],
    ['lunch', 1801, 1, true],
    ['personal', 1800, 2, false],
    ['personal', 1801, 2, true],
    ['after_call', 90, 1, false],
    ['after_call', 91, 1, true],
    ['after_call', 180, 2, false], // exactly 90 s a session
    ['after_call', 181, 2, true], // 90.5 s a session
    ['after_call', 0, 0, false],
    ['available', 100_000, 1, false],
    ['tech_issues', 100_000, 1, false],
    ['on_call', 100_000, 1, false],
    ['gone_home', 100_000, 1, false],
    ['something_else', 100_000, 1, false],
  ])('%s, %i s in %i session(s) → %s', (status, total, sessions, flagged) => {
    expect(isStatusFlagged(status, total, sessions)).toBe(flagged);
  });
});

describe('pie labels (spec §9: a slice over 5 % shows its percent)', () => {
  it.each([
    [5, 100, false],
    [6, 100, true],
    [1, 20, false], // exactly 5 %
    [1, 19, true], // 5.26 %
    [0, 10, false],
    [0, 0, false],
    [10, 10, true],
  ])('%i of %i → %s', (count, total, labelled) => {
    expect(isSliceLabelled(count, total)).toBe(labelled);
  });

  it('slices in the spec order and colours, empty slices left out', () => {
    expect(callDistribution({ answered: 18, declined: 1, missed: 1 })).toEqual([
      {
        outcome: 'answered',
        label: 'Answered',
        colour: 'green',
        count: 18,
        percent: 90,
        isLabelled: true,
      },
      {
        outcome: 'declined',
        label: 'Declined',
        colour: 'red',
        count: 1,
        percent: 5,
        isLabelled: false,
      },
      {
        outcome: 'missed',
        label: 'Not Answered',
        colour: 'orange',
        count: 1,
        percent: 5,
        isLabelled: false,
      },
    ]);
    expect(callDistribution({ answered: 0, declined: 3, missed: 1 }).map((s) => s.outcome)).toEqual(
      ['declined', 'missed'],
    );
  });

  it("no calls: no slices ('New Employee' placeholder)", () => {
    expect(callDistribution({ answered: 0, declined: 0, missed: 0 })).toEqual([]);
  });
});

describe('metrics (null when there is nothing to divide by)', () => {
  it('answer rate: inbound answered over inbound offered', () => {
    expect(answerRate(0, 0)).toBeNull();
    expect(answerRate(3, 4)).toBe(0.75);
    expect(answerRate(0, 5)).toBe(0);
  });

  it('average handle time: talk time over handled calls', () => {
    expect(averageHandleSeconds(0, 0)).toBeNull();
    expect(averageHandleSeconds(300, 4)).toBe(75);
  });

  it('average after-call work per handled call', () => {
    expect(averageAfterCallSeconds(120, 0)).toBeNull();
    expect(averageAfterCallSeconds(100, 3)).toBeCloseTo(33.333, 3);
  });

  it('occupancy: on call + after call over available + on call + after call', () => {
    expect(occupancy(0, 0, 0)).toBeNull();
    expect(occupancy(3600, 1800, 600)).toBe(0.4);
    expect(occupancy(0, 60, 0)).toBe(1);
    expect(occupancy(60, 0, 0)).toBe(0);
  });

  it('percents keep one decimal', () => {
    expect(toPercent(2 / 3)).toBe(66.7);
    expect(toPercent(null)).toBeNull();
  });

  it('derives every figure from the totals', () => {
    expect(
      deriveCallFigures({
        totalCalls: 7,
        answered: 4,
        declined: 2,
        missed: 1,
        inboundOffered: 6,
        inboundAnswered: 3,
        handledCalls: 3,
        talkSeconds: 200,
        availableSeconds: 1000,
        onCallSeconds: 200,
        afterCallSeconds: 100,
      }),
    ).toEqual({
      totalCalls: 7,
      answered: 4,
      declined: 2,
      missed: 1,
      callDurationSeconds: 200,
      inboundOffered: 6,
      inboundAnswered: 3,
      handledCalls: 3,
      availableSeconds: 1000,
      onCallSeconds: 200,
      afterCallSeconds: 100,
      performancePercent: 57, // 4 of 7, rounded (spec)
      answerRatePercent: 50,
      averageHandleSeconds: 66.7,
      averageAfterCallSeconds: 33.3,
      occupancyPercent: 23.1, // 300 / 1300
    });
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
  ])('%s is a calendar date: %s', (date, valid) => {
    expect(isCalendarDate(date)).toBe(valid);
  });

  it('adds days across months and leap years, counts days inclusively', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysInRange('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('the call centre day of an instant follows its zone', () => {
    // 23:30 on 28 February in New York is already March in UTC.
    expect(calendarDateIn(new Date('2026-03-01T04:30:00Z'), 'America/New_York')).toBe('2026-02-28');
    expect(calendarDateIn(new Date('2026-03-01T05:00:00Z'), 'America/New_York')).toBe('2026-03-01');
  });
});

describe('the first instant of a day, DST-correct', () => {
  it.each([
    ['2026-01-15', 'America/New_York', '2026-01-15T05:00:00.000Z'],
    ['2026-07-15', 'America/New_York', '2026-07-15T04:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'], // clocks spring forward at 2:00
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'], // clocks fall back at 2:00
    ['2026-11-02', 'America/New_York', '2026-11-02T05:00:00.000Z'],
    ['2026-01-01', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
    ['2026-06-01', 'UTC', '2026-06-01T00:00:00.000Z'],
    // São Paulo skipped midnight on 4 Nov 2018: the day began at 01:00 local (03:00 UTC).
    ['2018-11-04', 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
    ['2018-11-05', 'America/Sao_Paulo', '2018-11-05T02:00:00.000Z'],
  ])('%s in %s starts at %s', (date, zone, instant) => {
    expect(startOfDayIn(date, zone).toISOString()).toBe(instant);
  });
});

describe('ranges → [start, end) in the call centre zone, relative to now', () => {
  const zone = 'America/New_York';
  const at = (iso: string) => new Date(iso);
  const instants = (range: { start: Date | null; end: Date | null }) => [
    range.start?.toISOString() ?? null,
    range.end?.toISOString() ?? null,
  ];

  it('today, yesterday, last 7 days, this month, all time', () => {
    const now = at('2026-11-21T15:00:00Z'); // 10:00 in New York, 21 November
    expect(resolveRange({ preset: 'today' }, now, zone)).toEqual({
      preset: 'today',
      from: '2026-11-21',
      to: '2026-11-21',
      start: at('2026-11-21T05:00:00Z'),
      end: at('2026-11-22T05:00:00Z'),
      timeZone: zone,
    });
    expect(instants(resolveRange({ preset: 'yesterday' }, now, zone))).toEqual([
      '2026-11-20T05:00:00.000Z',
      '2026-11-21T05:00:00.000Z',
    ]);
    const last7 = resolveRange({ preset: 'last7' }, now, zone);
    expect([last7.from, last7.to]).toEqual(['2026-11-15', '2026-11-21']);
    // 1 November (DST ends) is in this month: its first instant is still EDT.
    const month = resolveRange({ preset: 'thisMonth' }, now, zone);
    expect([month.from, month.to, ...instants(month)]).toEqual([
      '2026-11-01',
      '2026-11-21',
      '2026-11-01T04:00:00.000Z',
      '2026-11-22T05:00:00.000Z',
    ]);
    expect(resolveRange({ preset: 'all' }, now, zone)).toEqual({
      preset: 'all',
      from: null,
      to: null,
      start: null,
      end: null,
      timeZone: zone,
    });
  });

  it('today is the call centre day, not the UTC day', () => {
    const lateEvening = at('2026-03-01T04:30:00Z'); // 23:30 on 28 February in New York
    const today = resolveRange({ preset: 'today' }, lateEvening, zone);
    expect([today.from, ...instants(today)]).toEqual([
      '2026-02-28',
      '2026-02-28T05:00:00.000Z',
      '2026-03-01T05:00:00.000Z',
    ]);
    const month = resolveRange({ preset: 'thisMonth' }, lateEvening, zone);
    expect([month.from, month.to]).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('a spring-forward day lasts 23 hours, a fall-back day 25', () => {
    const spring = resolveRange({ preset: 'today' }, at('2026-03-08T16:00:00Z'), zone);
    expect(spring.end!.getTime() - spring.start!.getTime()).toBe(23 * 3_600_000);
    const fall = resolveRange({ preset: 'yesterday' }, at('2026-11-02T16:00:00Z'), zone);
    expect(fall.end!.getTime() - fall.start!.getTime()).toBe(25 * 3_600_000);
    const week = resolveRange({ preset: 'last7' }, at('2026-03-10T16:00:00Z'), zone);
    expect(instants(week)).toEqual(['2026-03-04T05:00:00.000Z', '2026-03-11T04:00:00.000Z']);
  });

  it('custom days, both included', () => {
    const range = resolveRange(
      { from: '2026-11-01', to: '2026-11-21' },
      at('2026-12-05T12:00:00Z'),
      zone,
    );
    expect(range.preset).toBe('custom');
    expect(instants(range)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-22T05:00:00.000Z']);
    expect(rangeFileLabel(range)).toBe('2026-11-01_2026-11-21');
    expect(rangeFileLabel(resolveRange({ preset: 'all' }, at('2026-12-05T12:00:00Z'), zone))).toBe(
      'all-time',
    );
  });

  it('local times with their offset, for the CSV', () => {
    expect(formatZonedIso(at('2026-03-14T15:00:00Z'), zone)).toBe('2026-03-14T11:00:00-04:00');
    expect(formatZonedIso(at('2026-01-14T15:00:09.900Z'), zone)).toBe('2026-01-14T10:00:09-05:00');
    expect(formatZonedIso(at('2026-01-14T15:00:00Z'), 'Asia/Kolkata')).toBe(
      '2026-01-14T20:30:00+05:30',
    );
  });
});

describe('the range query', () => {
  const parse = (query: Record<string, string>) => analyticsRangeQuerySchema.safeParse(query);
  const messageOf = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('defaults to all time; takes a preset or two dates', () => {
    expect(rangeSelectionOf(parse({}).data!)).toEqual({ preset: 'all' });
    expect(rangeSelectionOf(parse({ range: 'last7' }).data!)).toEqual({ preset: 'last7' });
    expect(rangeSelectionOf(parse({ from: '2026-11-01', to: '2026-11-21' }).data!)).toEqual({
      from: '2026-11-01',
      to: '2026-11-21',
    });
    expect(
      rangeSelectionOf(parse({ range: 'custom', from: '2026-11-01', to: '2026-11-01' }).data!),
    ).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it.each([
    [{ range: 'forever' }, 'Choose a range'],
    [{ from: '2026-11-31', to: '2026-12-01' }, 'Must be a date YYYY-MM-DD'],
    [{ from: '1', to: '2026-01-01' }, 'Must be a date YYYY-MM-DD'],
    [{ from: '', to: '2026-01-01' }, 'Must be a date YYYY-MM-DD'],
    [{ from: '2026-01-01', to: '9999999' }, 'Must be a date YYYY-MM-DD'],
    [{ from: '2026-11-01' }, 'A custom range needs an end date'],
    [{ to: '2026-11-01' }, 'A custom range needs a start date'],
    [{ range: 'custom' }, 'A custom range needs a start date'],
    [{ range: 'today', from: '2026-11-01', to: '2026-11-02' }, 'Give a preset or dates, not both'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'The start date must not be after the end date'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'A custom range can span at most 366 days'],
  ])('refuses %o: %s', (query, message) => {
    expect(messageOf(query)).toBe(message);
  });

  it('accepts a one-day range and a 366-day range', () => {
    expect(parse({ from: '2026-11-01', to: '2026-11-01' }).success).toBe(true);
    expect(parse({ from: '2027-01-01', to: '2028-01-01' }).success).toBe(true); // 366 days
  });
});
