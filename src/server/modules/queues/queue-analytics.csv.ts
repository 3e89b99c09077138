import { formatZonedIso } from '../../../shared/analytics';
import { toCsv } from '../../../shared/csv';
import type {
  QueueAnalytics,
  QueueFigures,
  QueueIntervals,
} from '../../../shared/schemas/queue-analytics';

const figureHeader = [
  'Callers',
  'Answered',
  'Abandoned',
  'Service Level (%)',
  'Average Speed of Answer (s)',
  'Average Time to Abandon (s)',
  'Agents Needed',
];

const figureCells = (f: QueueFigures) => [
  f.callers,
  f.answered,
  f.abandoned,
  f.serviceLevelPercent,
  f.averageSpeedOfAnswerSeconds,
  f.averageTimeToAbandonSeconds,
  f.agentsNeeded,
];

/** The queue teams, one row each with their goal, then the centre: the JSON's numbers. */
export function queueTeamsCsv({ teams, centre }: QueueAnalytics) {
  return toCsv(
    ['Team', ...figureHeader, 'Service-Level Threshold (s)', 'Service-Level Target (%)'],
    [
      ...teams.map((team) => [
        team.name,
        ...figureCells(team),
        team.serviceLevelSeconds,
        team.serviceLevelTargetPercent,
      ]),
      ['Centre', ...figureCells(centre), null, null],
    ],
  );
}

/** A queue team's intervals, times in the call centre's zone. */
export function queueIntervalsCsv({ intervals }: QueueIntervals, timeZone: string) {
  return toCsv(
    [`Interval Start (${timeZone})`, `Interval End (${timeZone})`, ...figureHeader],
    intervals.map((interval) => [
      formatZonedIso(new Date(interval.start), timeZone),
      formatZonedIso(new Date(interval.end), timeZone),
      ...figureCells(interval),
    ]),
  );
}
