import { type RangeSelection, roundToTenth, startOfDayIn } from '../../../shared/analytics';
import { employeeScope } from '../../../shared/permissions';
import type { QueueIntervalMinutes } from '../../../shared/schemas/analytics';
import type { SessionUser } from '../../../shared/schemas/auth';
import {
  MAX_QUEUE_INTERVALS,
  type QueueAnalytics,
  type QueueFigures,
  type QueueIntervals,
} from '../../../shared/schemas/queue-analytics';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { windowOf } from '../analytics/window';
import * as repo from './queue-analytics.repository';
import { agentsNeededFor, serviceLevelPercent } from './staffing';

const MINUTE = 60_000;

/** Intervals start on the call centre's clock: from its midnight of 1 January 2000. */
const intervalOrigin = (ctx: AppContext) =>
  startOfDayIn('2000-01-01', ctx.config.callCentreTimeZone);

type Team = Pick<repo.QueueTeamRow, 'service_level_seconds' | 'service_level_target_percent'>;

/**
 * The figures of callers who arrived in a span (see 'About these figures'): the service level
 * counts every abandoned caller against it; `callsPerHour` sizes the staffing.
 */
function figuresOf(
  row: repo.QueueCountsRow,
  team: Team,
  callsPerHour: number,
  handleSeconds: number | null,
): QueueFigures {
  return {
    callers: row.callers,
    answered: row.answered,
    abandoned: row.abandoned,
    serviceLevelPercent: roundToTenth(serviceLevelPercent(row)),
    averageSpeedOfAnswerSeconds: roundToTenth(row.speed_of_answer),
    averageTimeToAbandonSeconds: roundToTenth(row.time_to_abandon),
    agentsNeeded: row.callers === 0 ? null : agentsNeededFor(callsPerHour, handleSeconds, team),
  };
}

/** The centre: every team's callers together; its agents needed, the teams' sum. */
function centreOf(rows: repo.QueueTeamRow[], teams: QueueFigures[]): QueueFigures {
  const sum = (value: (row: repo.QueueTeamRow) => number) =>
    rows.reduce((total, row) => total + value(row), 0);
  const answered = sum((row) => row.answered);
  const abandoned = sum((row) => row.abandoned);
  const answeredWithin = sum((row) => row.answered_within);
  const weighted = (average: number | null, weight: number) => (average ?? 0) * weight;
  const needs = teams.flatMap((team) => (team.agentsNeeded === null ? [] : [team.agentsNeeded]));
  return {
    callers: sum((row) => row.callers),
    answered,
    abandoned,
    serviceLevelPercent: roundToTenth(
      serviceLevelPercent({ answered_within: answeredWithin, answered, abandoned }),
    ),
    averageSpeedOfAnswerSeconds:
      answered === 0
        ? null
        : roundToTenth(sum((row) => weighted(row.speed_of_answer, row.answered)) / answered),
    averageTimeToAbandonSeconds:
      abandoned === 0
        ? null
        : roundToTenth(sum((row) => weighted(row.time_to_abandon, row.abandoned)) / abandoned),
    agentsNeeded: needs.length === 0 ? null : needs.reduce((total, n) => total + n, 0),
  };
}

/**
 * Per queue-mode team of the actor's scope (and any team with callers in the range) and for
 * the centre: the range's callers, outcomes, service level, speeds and the agents needed in
 * the team's busiest half hour.
 */
export async function queueAnalytics(
  ctx: AppContext,
  actor: SessionUser,
  selection: RangeSelection,
): Promise<QueueAnalytics> {
  const { window, body } = windowOf(ctx, selection);
  const rows = await repo.queueTeams(ctx.db, employeeScope(actor), window, intervalOrigin(ctx));
  const teams = rows.map((row) => ({
    teamId: row.team_id,
    name: row.name,
    serviceLevelSeconds: row.service_level_seconds,
    serviceLevelTargetPercent: row.service_level_target_percent,
    ...figuresOf(row, row, row.peak_callers * 2, row.handle_seconds),
  }));
  return { range: body, teams, centre: centreOf(rows, teams) };
}

/**
 * One team's figures by interval of `minutes`, every interval from the range's start (or its
 * first caller, for all time) to the range's end or now, those without callers included.
 */
export async function queueIntervals(
  ctx: AppContext,
  actor: SessionUser,
  teamId: string,
  minutes: QueueIntervalMinutes,
  selection: RangeSelection,
): Promise<QueueIntervals> {
  const { window, body } = windowOf(ctx, selection);
  const team = await repo.queueTeam(ctx.db, employeeScope(actor), teamId, window);
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  const origin = intervalOrigin(ctx).getTime();
  const step = minutes * MINUTE;
  const from = window.start ?? team.first_arrival;
  const to = Math.min(window.end?.getTime() ?? Number.POSITIVE_INFINITY, window.now.getTime());
  const first = from ? origin + Math.floor((from.getTime() - origin) / step) * step : to;
  const count = Math.max(0, Math.ceil((to - first) / step));
  if (count > MAX_QUEUE_INTERVALS) {
    throw new AppError('VALIDATION_FAILED', {
      field: 'querystring.minutes',
      message:
        `The range has more than ${MAX_QUEUE_INTERVALS.toLocaleString('en-US')} intervals ` +
        `of ${minutes} minutes: choose a shorter range or longer intervals`,
    });
  }
  const rows =
    count === 0 ? [] : await repo.queueIntervals(ctx.db, teamId, window, new Date(origin), minutes);
  const byStart = new Map(rows.map((row) => [row.start.getTime(), row]));
  const none: repo.QueueCountsRow = {
    callers: 0,
    answered: 0,
    abandoned: 0,
    answered_within: 0,
    speed_of_answer: null,
    time_to_abandon: null,
  };
  return {
    range: body,
    teamId: team.team_id,
    name: team.name,
    serviceLevelSeconds: team.service_level_seconds,
    serviceLevelTargetPercent: team.service_level_target_percent,
    minutes,
    intervals: Array.from({ length: count }, (_, n) => {
      const start = first + n * step;
      const row = byStart.get(start) ?? none;
      return {
        start: new Date(start).toISOString(),
        end: new Date(start + step).toISOString(),
        ...figuresOf(row, team, (row.callers * 60) / minutes, team.handle_seconds),
      };
    }),
  };
}
