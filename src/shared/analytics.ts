/**
 * The analytics page's rules and arithmetic (spec §5, §9 and the industry's call-centre metrics),
 * shared so the server computes every figure and the browser shows them by the same rules.
 * Pure: no clock, no zone of its own — callers pass `now` and the call centre's zone.
 */
import { performancePercent } from './dashboard-figures';
import type { AgentStatus } from './statuses';

export { performancePercent };

// ---------------------------------------------------------------------------------------------
// Flagged status rows (spec §5, §9)

/** Break, lunch and personal time are flagged when their total is over this (spec §9). */
export const FLAG_TOTAL_SECONDS = 1800;
/** After-call work is flagged when its average per session is over this (spec §9). */
export const FLAG_AFTER_CALL_AVERAGE_SECONDS = 90;

const flaggedByTotal: readonly string[] = ['break', 'lunch', 'personal'] satisfies AgentStatus[];

/**
 * A 'Status Time Tracking' row is highlighted red when break, lunch or personal time totals
 * over 1,800 s, or after-call work averages over 90 s a session. 'Over' is strict: exactly
 * 1,800 s or 90 s is not flagged.
 */
export function isStatusFlagged(status: string, totalSeconds: number, sessions: number) {
  if (flaggedByTotal.includes(status)) return totalSeconds > FLAG_TOTAL_SECONDS;
  if (status === 'after_call') {
    return sessions > 0 && totalSeconds / sessions > FLAG_AFTER_CALL_AVERAGE_SECONDS;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Call Distribution pie (spec §2, §9)

/** A slice gets its percent as a label only when its share is over this (spec §9). */
export const PIE_LABEL_MIN_SHARE = 0.05;

export const callOutcomes = ['answered', 'declined', 'missed'] as const;
export type CallOutcomeName = (typeof callOutcomes)[number];

/** The pie's names and colours (spec §2): a missed call reads 'Not Answered'. */
export const callOutcomeCatalogue: Record<CallOutcomeName, { label: string; colour: string }> = {
  answered: { label: 'Answered', colour: 'green' },
  declined: { label: 'Declined', colour: 'red' },
  missed: { label: 'Not Answered', colour: 'orange' },
};

/** Whether a slice of `count` out of `total` is labelled: strictly over 5 %. */
export function isSliceLabelled(count: number, total: number) {
  return total > 0 && count / total > PIE_LABEL_MIN_SHARE;
}

export interface PieSlice {
  outcome: CallOutcomeName;
  label: string;
  colour: string;
  count: number;
  /** The slice's share in whole percent (what its label reads). */
  percent: number;
  isLabelled: boolean;
}

/**
 * The Call Distribution slices, in the spec's order. Empty (no calls) means the 'New
 * Employee' placeholder; slices with no calls are left out.
 */
export function callDistribution(counts: Record<CallOutcomeName, number>): PieSlice[] {
  const total = counts.answered + counts.declined + counts.missed;
  if (total === 0) return [];
  return callOutcomes
    .filter((outcome) => counts[outcome] > 0)
    .map((outcome) => ({
      outcome,
      ...callOutcomeCatalogue[outcome],
      count: counts[outcome],
      percent: Math.round((counts[outcome] / total) * 100),
      isLabelled: isSliceLabelled(counts[outcome], total),
    }));
}

// ---------------------------------------------------------------------------------------------
// Metrics, by their industry definitions. Each is null when its denominator is 0.

/** Inbound answered ÷ inbound offered (answered, declined or missed): outbound calls are
 * logged answered and would inflate it. A fraction in [0, 1]. */
export function answerRate(inboundAnswered: number, inboundOffered: number) {
  return inboundOffered === 0 ? null : inboundAnswered / inboundOffered;
}

/** Talk time ÷ handled calls (answered calls that have ended), in seconds. */
export function averageHandleSeconds(talkSeconds: number, handledCalls: number) {
  return handledCalls === 0 ? null : talkSeconds / handledCalls;
}

/** Time in After Call Work ÷ handled calls, in seconds. */
export function averageAfterCallSeconds(afterCallSeconds: number, handledCalls: number) {
  return handledCalls === 0 ? null : afterCallSeconds / handledCalls;
}

/** (On Call + After Call Work) ÷ (Available + On Call + After Call Work). A fraction in [0, 1]. */
export function occupancy(
  availableSeconds: number,
  onCallSeconds: number,
  afterCallSeconds: number,
) {
  const staffed = availableSeconds + onCallSeconds + afterCallSeconds;
  return staffed === 0 ? null : (onCallSeconds + afterCallSeconds) / staffed;
}

/** One decimal place: 83.33… → 83.3. Null stays null. */
export function roundToTenth(value: number | null) {
  return value === null ? null : Math.round(value * 10) / 10;
}

/** A fraction as a percent with one decimal (0.8333 → 83.3). Null stays null. */
export function toPercent(fraction: number | null) {
  return fraction === null ? null : roundToTenth(fraction * 100);
}

/** The counts and times the server aggregates in SQL for an agent, a team or a list row. */
export interface CallTotals {
  /** Calls with an outcome (answered, declined, missed); a ringing offer has none yet. */
  totalCalls: number;
  answered: number;
  declined: number;
  missed: number;
  inboundOffered: number;
  inboundAnswered: number;
  /** Answered calls that have ended (they have a duration). */
  handledCalls: number;
  /** Sum of the calls' durations: talk time, the cards' 'call duration'. */
  talkSeconds: number;
  availableSeconds: number;
  onCallSeconds: number;
  afterCallSeconds: number;
}

/** Every figure of a card or detail: the spec's counts plus the derived metrics. */
export function deriveCallFigures(totals: CallTotals) {
  return {
    totalCalls: totals.totalCalls,
    answered: totals.answered,
    declined: totals.declined,
    missed: totals.missed,
    callDurationSeconds: totals.talkSeconds,
    inboundOffered: totals.inboundOffered,
    inboundAnswered: totals.inboundAnswered,
    handledCalls: totals.handledCalls,
    availableSeconds: totals.availableSeconds,
    onCallSeconds: totals.onCallSeconds,
    afterCallSeconds: totals.afterCallSeconds,
    performancePercent: performancePercent(totals.answered, totals.totalCalls),
    answerRatePercent: toPercent(answerRate(totals.inboundAnswered, totals.inboundOffered)),
    averageHandleSeconds: roundToTenth(
      averageHandleSeconds(totals.talkSeconds, totals.handledCalls),
    ),
    averageAfterCallSeconds: roundToTenth(
      averageAfterCallSeconds(totals.afterCallSeconds, totals.handledCalls),
    ),
    occupancyPercent: toPercent(
      occupancy(totals.availableSeconds, totals.onCallSeconds, totals.afterCallSeconds),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Date ranges in the call centre's time zone

export const rangePresets = ['today', 'yesterday', 'last7', 'thisMonth', 'all'] as const;
export type RangePreset = (typeof rangePresets)[number];
/** Without a range or dates, analytics cover all time, as the spec's page does. */
export const DEFAULT_RANGE_PRESET: RangePreset = 'all';
/** The longest custom range, in days (a year, leap day included). */
export const MAX_RANGE_DAYS = 366;

export const rangePresetLabels: Record<RangePreset | 'custom', string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  thisMonth: 'This month',
  all: 'All time',
  custom: 'Custom',
};

/** A preset, or calendar days `from`…`to` inclusive ('YYYY-MM-DD'). */
export type RangeSelection = { preset: RangePreset } | { from: string; to: string };

export interface ResolvedRange {
  preset: RangePreset | 'custom';
  /** First and last calendar day, inclusive; null for all time. */
  from: string | null;
  to: string | null;
  /** [start, end) instants; null for all time. */
  start: Date | null;
  end: Date | null;
  timeZone: string;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `at` in `timeZone`, as numbers. */
function wallClock(at: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in July: -4 h). */
export function zoneOffsetMs(at: Date | number, timeZone: string) {
  const ms = typeof at === 'number' ? at : at.getTime();
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  const w = wallClock(whole, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(date: string) {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Whether a string is a real calendar day 'YYYY-MM-DD' (no 30 February). */
export function isCalendarDate(date: string) {
  const match = DATE_PATTERN.exec(date);
  if (!match) return false;
  const { year, month, day } = parseDate(date);
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The calendar day 'YYYY-MM-DD' of an instant in `timeZone`. */
export function calendarDateIn(at: Date, timeZone: string) {
  const w = wallClock(at.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** A calendar day moved by whole days ('2026-03-01' − 1 → '2026-02-28'). */
export function addDays(date: string, days: number) {
  const { year, month, day } = parseDate(date);
  const at = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** Days from `from` to `to`, both counted ('2026-03-01'…'2026-03-01' is 1). */
export function daysInRange(from: string, to: string) {
  const a = parseDate(from);
  const b = parseDate(to);
  return (
    Math.round(
      (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
    ) + 1
  );
}

/**
 * The first instant of a calendar day in `timeZone`: its midnight, or — where a DST change
 * skips midnight — the moment the clocks jump. DST-correct for any IANA zone.
 */
export function startOfDayIn(date: string, timeZone: string) {
  const { year, month, day } = parseDate(date);
  const naive = Date.UTC(year, month - 1, day);
  // The offset on that day is one of those around it; try each, keep the consistent one.
  const offsets = new Set(
    [naive - DAY_MS, naive, naive + DAY_MS].map((at) => zoneOffsetMs(at, timeZone)),
  );
  const candidates = [...offsets].map((offset) => naive - offset).sort((a, b) => a - b);
  const exact = candidates.find((at) => zoneOffsetMs(at, timeZone) === naive - at);
  if (exact !== undefined) return new Date(exact);
  // Midnight does not exist that day: the day starts where the clocks jump past it.
  const onThatDay = candidates.find((at) => calendarDateIn(new Date(at), timeZone) === date);
  return new Date(onThatDay ?? candidates[0]!);
}

/**
 * A preset or custom selection as calendar days and [start, end) instants of the call
 * centre's zone, relative to `now`. 'This month' and 'Last 7 days' end with today.
 */
export function resolveRange(
  selection: RangeSelection,
  now: Date,
  timeZone: string,
): ResolvedRange {
  const days = daysOf(selection, calendarDateIn(now, timeZone));
  if (!days) {
    return { preset: 'all', from: null, to: null, start: null, end: null, timeZone };
  }
  return {
    preset: 'preset' in selection ? selection.preset : 'custom',
    from: days.from,
    to: days.to,
    start: startOfDayIn(days.from, timeZone),
    end: startOfDayIn(addDays(days.to, 1), timeZone),
    timeZone,
  };
}

function daysOf(selection: RangeSelection, today: string): { from: string; to: string } | null {
  if (!('preset' in selection)) return selection;
  switch (selection.preset) {
    case 'all':
      return null;
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The range as a file-name part: '2026-11-01_2026-11-21', or 'all-time'. */
export function rangeFileLabel(range: Pick<ResolvedRange, 'from' | 'to'>) {
  return range.from && range.to ? `${range.from}_${range.to}` : 'all-time';
}

/** An instant as local ISO 8601 with the zone's offset: '2026-03-14T11:00:00-04:00'. */
export function formatZonedIso(at: Date, timeZone: string) {
  const w = wallClock(at.getTime(), timeZone);
  const offsetMinutes = Math.round(zoneOffsetMs(at, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:` +
    `${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
