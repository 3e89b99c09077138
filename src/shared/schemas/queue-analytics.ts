import { z } from 'zod';
import {
  checkRange,
  queueIntervalMinutes,
  queueIntervalMinutesField,
  rangeFields,
  resolvedRangeSchema,
} from './analytics';
import { isoDateTime } from './fields';

/** At most this many intervals in one answer: 31 days of quarter hours. */
export const MAX_QUEUE_INTERVALS = 31 * 96;

/** The team of a queue's intervals. */
export const queueTeamParamsSchema = z.object({ teamId: z.uuid({ error: 'Not a valid id' }) });

/** A queue's figures by interval: the range, and `minutes` long intervals. */
export const queueIntervalsQuerySchema = z
  .object({ ...rangeFields, minutes: queueIntervalMinutesField })
  .superRefine(checkRange);
export type QueueIntervalsQuery = z.infer<typeof queueIntervalsQuerySchema>;

const count = z.number().int().nonnegative();
const seconds = z.number().nonnegative().nullable();

/**
 * A queue's figures over callers who arrived in a span (see 'About these figures'): null
 * where there is nothing to divide by, or no handled call to size the staffing by.
 */
const queueFigures = {
  callers: count,
  answered: count,
  abandoned: count,
  /** Answered within the threshold ÷ (answered + abandoned), in %. */
  serviceLevelPercent: z.number().min(0).max(100).nullable(),
  averageSpeedOfAnswerSeconds: seconds,
  averageTimeToAbandonSeconds: seconds,
  /** Erlang C's agents for the team's target at the span's rate (a team's busiest half hour). */
  agentsNeeded: count.nullable(),
};
export const queueFiguresSchema = z.object(queueFigures);
export type QueueFigures = z.infer<typeof queueFiguresSchema>;

const queueTeamFields = {
  teamId: z.uuid(),
  name: z.string(),
  serviceLevelSeconds: z.number().int().positive(),
  serviceLevelTargetPercent: z.number().int().positive(),
};

export const queueTeamAnalyticsSchema = z.object({ ...queueTeamFields, ...queueFigures });
export type QueueTeamAnalytics = z.infer<typeof queueTeamAnalyticsSchema>;

/** Each team of the scope in queue mode or with callers in the range, and the centre's sum. */
export const queueAnalyticsSchema = z.object({
  range: resolvedRangeSchema,
  teams: z.array(queueTeamAnalyticsSchema),
  centre: queueFiguresSchema,
});
export type QueueAnalytics = z.infer<typeof queueAnalyticsSchema>;

export const queueIntervalSchema = z.object({
  start: isoDateTime,
  end: isoDateTime,
  ...queueFigures,
});
export type QueueInterval = z.infer<typeof queueIntervalSchema>;

/** One team's figures by interval, from the range's start (or first caller) to its end or now. */
export const queueIntervalsSchema = z.object({
  range: resolvedRangeSchema,
  ...queueTeamFields,
  minutes: z.union(queueIntervalMinutes.map((m) => z.literal(m))),
  intervals: z.array(queueIntervalSchema),
});
export type QueueIntervals = z.infer<typeof queueIntervalsSchema>;
