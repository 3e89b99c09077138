import {
  MAX_RANGE_DAYS,
  type RangePreset,
  type RangeSelection,
  addDays,
  calendarDateIn,
  daysInRange,
  isCalendarDate,
  rangePresets,
} from '../../../shared/analytics';
import type { ResolvedRangeBody } from '../../../shared/schemas/analytics';

/**
 * The date range of an analytics view, kept in the page's URL (`range`, and `from`/`to` for a
 * custom range) so a reload, Refresh and the in-page Back keep it. The API takes the same
 * parameters.
 */
export const RANGE_PARAM = 'range';
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';
const CUSTOM = 'custom';

export type RangeChoice = RangePreset | typeof CUSTOM;
export const rangeChoices: readonly RangeChoice[] = [...rangePresets, CUSTOM];

export function isCustomRange(
  selection: RangeSelection,
): selection is { from: string; to: string } {
  return !('preset' in selection);
}

export function rangeChoiceOf(selection: RangeSelection): RangeChoice {
  return isCustomRange(selection) ? CUSTOM : selection.preset;
}

/** Whether `from`…`to` is a range the server accepts: real days, in order, at most a year. */
export function isValidCustomRange(from: string, to: string) {
  return (
    isCalendarDate(from) &&
    isCalendarDate(to) &&
    from <= to &&
    daysInRange(from, to) <= MAX_RANGE_DAYS
  );
}

/** The selection a page URL stands for; anything unreadable falls back to the default. */
export function rangeFromSearchParams(
  params: URLSearchParams,
  defaultPreset: RangePreset,
): RangeSelection {
  const range = params.get(RANGE_PARAM);
  const from = params.get(FROM_PARAM);
  const to = params.get(TO_PARAM);
  if (range === CUSTOM && from !== null && to !== null && isValidCustomRange(from, to)) {
    return { from, to };
  }
  const preset = rangePresets.find((candidate) => candidate === range);
  return { preset: preset ?? defaultPreset };
}

/**
 * The URL's parameters with `selection` in them, everything else kept but the page: other
 * figures make another list, read from its first page. The default preset is left out, so a
 * plain /admin/analytics means what the spec's page shows.
 */
export function withRange(
  params: URLSearchParams,
  selection: RangeSelection,
  defaultPreset: RangePreset,
) {
  const next = new URLSearchParams(params);
  next.delete('page');
  next.delete(RANGE_PARAM);
  next.delete(FROM_PARAM);
  next.delete(TO_PARAM);
  if (isCustomRange(selection)) {
    next.set(RANGE_PARAM, CUSTOM);
    next.set(FROM_PARAM, selection.from);
    next.set(TO_PARAM, selection.to);
  } else if (selection.preset !== defaultPreset) {
    next.set(RANGE_PARAM, selection.preset);
  }
  return next;
}

/** The API's query for a selection: always explicit, so a page's own default never matters. */
export function rangeApiParams(selection: RangeSelection): Record<string, string> {
  return isCustomRange(selection)
    ? { [RANGE_PARAM]: CUSTOM, [FROM_PARAM]: selection.from, [TO_PARAM]: selection.to }
    : { [RANGE_PARAM]: selection.preset };
}

/** `/api/...?range=…` with any other non-empty parameters. */
export function apiPath(path: string, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The days a newly chosen custom range starts with: the range on screen when it has days,
 * else the last 7 days of the call centre's calendar (all time has no days to start from).
 */
export function initialCustomRange(shown: ResolvedRangeBody | undefined, now: Date) {
  if (shown?.from && shown.to) return { from: shown.from, to: shown.to };
  const timeZone = shown?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = calendarDateIn(shown ? new Date(shown.computedAt) : now, timeZone);
  return { from: addDays(today, -6), to: today };
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 1, 2026 – Nov 21, 2026' (days as the server resolved them), or 'All time'. */
export function describeRange(range: Pick<ResolvedRangeBody, 'from' | 'to'>) {
  if (!range.from || !range.to) return 'All time';
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  return range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;
}
