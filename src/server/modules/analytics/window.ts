import { type RangeSelection, type ResolvedRange, resolveRange } from '../../../shared/analytics';
import type { ResolvedRangeBody } from '../../../shared/schemas/analytics';
import type { AppContext } from '../../platform/context';
import type { AnalyticsWindow } from './analytics.repository';

/** The range in the call centre's zone, relative to the server's clock. */
export function windowOf(ctx: AppContext, selection: RangeSelection) {
  const now = ctx.clock.now();
  const range = resolveRange(selection, now, ctx.config.callCentreTimeZone);
  const window: AnalyticsWindow = {
    start: range.start,
    end: range.end,
    fromDay: range.from,
    toDay: range.to,
    now,
  };
  return { range, window, body: rangeBody(range, now) };
}

function rangeBody(range: ResolvedRange, now: Date): ResolvedRangeBody {
  return {
    preset: range.preset,
    from: range.from,
    to: range.to,
    start: range.start?.toISOString() ?? null,
    end: range.end?.toISOString() ?? null,
    timeZone: range.timeZone,
    computedAt: now.toISOString(),
  };
}
