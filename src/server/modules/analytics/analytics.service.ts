import {
  type RangeSelection,
  answerRate,
  averageHandleSeconds,
  deriveCallFigures,
  isStatusFlagged,
  rangeFileLabel,
  roundToTenth,
  toPercent,
} from '../../../shared/analytics';
import { employeeScope } from '../../../shared/permissions';
import { DEFAULT_QUEUE_INTERVAL_MINUTES, NO_TEAM } from '../../../shared/schemas/analytics';
import type {
  AnalyticsExportQuery,
  AnalyticsTrend,
  AnalyticsTrendQuery,
  CallFigures,
  EmployeeAnalyticsCard,
  EmployeeAnalyticsDetail,
  EmployeeAnalyticsList,
  EmployeeAnalyticsQuery,
  StatusTimeRow,
  TeamAnalyticsList,
} from '../../../shared/schemas/analytics';
import type { SessionUser } from '../../../shared/schemas/auth';
import { DEFAULT_PAGE_SIZE, servedPage } from '../../../shared/schemas/list';
import { agentStatuses, statusLabel } from '../../../shared/statuses';
import { NO_WRAP_UP_CODE } from '../../../shared/wrap-up';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EmployeeScope } from '../employees/employees.repository';
import { employeeListCsv, employeeTimelineCsv } from './analytics.csv';
import * as calls from '../calls/calls.service';
import * as queueAnalytics from '../queues/queue-analytics.service';
import { queueIntervalsCsv, queueTeamsCsv } from '../queues/queue-analytics.csv';
import * as repo from './analytics.repository';
import { windowOf } from './window';

function figuresOf(row: repo.TotalsRow): CallFigures {
  return deriveCallFigures({
    totalCalls: row.total_calls,
    answered: row.answered,
    declined: row.declined,
    missed: row.missed,
    inboundOffered: row.inbound_offered,
    inboundAnswered: row.inbound_answered,
    handledCalls: row.handled_calls,
    talkSeconds: row.talk_seconds,
    availableSeconds: row.available_seconds,
    onCallSeconds: row.on_call_seconds,
    afterCallSeconds: row.after_call_seconds,
  });
}

const teamOf = (row: { team_id: string | null; team_name: string | null }) =>
  row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null;

/**
 * The super admin's team cards (spec §2): every team, its employees' figures; and the employees
 * without a team together (`noTeam`, null when there are none), which no team card counts.
 */
export async function teamAnalytics(
  ctx: AppContext,
  selection: RangeSelection,
): Promise<TeamAnalyticsList> {
  const { window, body } = windowOf(ctx, selection);
  const rows = await repo.teamAnalytics(ctx.db, window);
  const noTeam = rows.find((row) => row.id === null);
  return {
    range: body,
    teams: rows.flatMap(({ id, name, ...row }) =>
      id === null || name === null
        ? []
        : [
            {
              id,
              name,
              description: row.description,
              employeeCount: row.employee_count,
              figures: figuresOf(row),
            },
          ],
    ),
    noTeam: noTeam ? { employeeCount: noTeam.employee_count, figures: figuresOf(noTeam) } : null,
  };
}

const statusOrder = (status: string) => {
  const index = (agentStatuses as readonly string[]).indexOf(status);
  return index === -1 ? agentStatuses.length : index;
};

/** The flagged statuses of a card, in the catalogue's order. */
const flaggedStatusesOf = (statuses: string[] | null) =>
  [...(statuses ?? [])].sort((a, b) => statusOrder(a) - statusOrder(b) || a.localeCompare(b));

/** The cards of the rows that have one (a page without cards is a row of counts alone). */
function cardsIn(rows: repo.CardRow[]): EmployeeAnalyticsCard[] {
  return rows.flatMap(({ id, ...row }) => (id === null ? [] : [cardOf(id, row)]));
}

function cardOf(id: string, row: Omit<repo.CardRow, 'id'>): EmployeeAnalyticsCard {
  return {
    id,
    username: row.username,
    full_name: row.full_name,
    team: teamOf(row),
    figures: figuresOf(row),
    flaggedStatuses: flaggedStatusesOf(row.flagged_statuses),
  };
}

/** What the cards (and their CSV) are narrowed and ordered by. */
type CardsQuery = Partial<Pick<EmployeeAnalyticsQuery, 'teamId' | 'search' | 'flagged' | 'sort'>>;

async function cardsOf(
  ctx: AppContext,
  actor: SessionUser,
  query: CardsQuery,
  wanted: repo.CardsWanted,
  selection: RangeSelection,
) {
  const { window, body } = windowOf(ctx, selection);
  const rows = await repo.employeeAnalytics(
    ctx.db,
    employeeScope(actor),
    { teamId: query.teamId, search: query.search || undefined, flagged: query.flagged },
    query.sort,
    wanted,
    window,
  );
  return { range: body, rows };
}

/**
 * A page of the employee cards in the viewer's scope. `teamId` narrows within the scope:
 * another team's id gives an empty list, never its employees.
 */
export async function employeeAnalyticsList(
  ctx: AppContext,
  actor: SessionUser,
  query: CardsQuery & Partial<Pick<EmployeeAnalyticsQuery, 'page' | 'pageSize'>>,
  selection: RangeSelection,
): Promise<EmployeeAnalyticsList> {
  const asked = { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
  const { range, rows } = await cardsOf(ctx, actor, query, asked, selection);
  // Every row carries the counts.
  const counts = rows[0] ?? { total: 0, matching: 0 };
  const served = servedPage(asked, counts.matching);
  return {
    range,
    employees: cardsIn(rows),
    total: counts.total,
    matching: counts.matching,
    page: served.page,
    pageSize: served.pageSize,
  };
}

function statusRowsOf(records: repo.StatusTimeRecord[]): StatusTimeRow[] {
  return [...records]
    .sort(
      (a, b) => statusOrder(a.status) - statusOrder(b.status) || a.status.localeCompare(b.status),
    )
    .map((record) => {
      const totalSeconds = Number(record.seconds);
      const sessions = Number(record.sessions);
      return {
        status: record.status,
        label: statusLabel(record.status),
        totalSeconds,
        sessions,
        averageSeconds: roundToTenth(sessions === 0 ? 0 : totalSeconds / sessions) ?? 0,
        flagged: isStatusFlagged(record.status, totalSeconds, sessions),
      };
    });
}

async function detailOf(
  ctx: AppContext,
  scope: EmployeeScope,
  employeeId: string,
  selection: RangeSelection,
): Promise<EmployeeAnalyticsDetail> {
  const { window, body } = windowOf(ctx, selection);
  const row = await repo.employeeDetail(ctx.db, scope, employeeId, window);
  if (!row) throw new AppError('EMPLOYEE_NOT_FOUND');
  return {
    range: body,
    employee: {
      id: row.id,
      username: row.username,
      full_name: row.full_name,
      team: teamOf(row),
      created_at: row.created_at.toISOString(),
    },
    figures: figuresOf(row),
    statusTimes: statusRowsOf(row.statuses),
    wrapUpCodes: (await repo.callsByWrapUpCode(ctx.db, employeeId, window)).map((code) => ({
      name: code.name ?? NO_WRAP_UP_CODE,
      calls: code.calls,
    })),
    records: {
      calls: row.record_calls,
      statusIntervals: row.record_status_intervals,
      sessions: row.record_sessions,
    },
  };
}

/** One employee's detail; outside the viewer's scope an employee is not found (404). */
export function employeeAnalyticsDetail(
  ctx: AppContext,
  actor: SessionUser,
  employeeId: string,
  selection: RangeSelection,
) {
  return detailOf(ctx, employeeScope(actor), employeeId, selection);
}

/** An employee in the viewer's scope, or EMPLOYEE_NOT_FOUND (404). */
async function employeeInScope(ctx: AppContext, actor: SessionUser, employeeId: string) {
  const employee = await repo.findEmployeeInScope(ctx.db, employeeScope(actor), employeeId);
  if (!employee) throw new AppError('EMPLOYEE_NOT_FOUND');
  return employee;
}

/** An employee's latest calls with an outcome, as their Activity Log lists them. */
export async function employeeCalls(
  ctx: AppContext,
  actor: SessionUser,
  employeeId: string,
  limit: number,
) {
  const employee = await employeeInScope(ctx, actor, employeeId);
  return { calls: await calls.recentCalls(ctx, employee, limit) };
}

/** One call of an employee in scope, with its notes, wrap-up code and transcript. */
export async function employeeCall(
  ctx: AppContext,
  actor: SessionUser,
  employeeId: string,
  callId: string,
) {
  const employee = await employeeInScope(ctx, actor, employeeId);
  return { call: await calls.ownCall(ctx, employee, callId) };
}

/** The agent's own detail (the portal's Analytics page): their data only. */
export function ownAnalytics(ctx: AppContext, actor: SessionUser, selection: RangeSelection) {
  return detailOf(ctx, { all: true }, actor.id, selection);
}

/**
 * The trend charts: calls and status time per day (week, month) over the range, for the
 * viewer's scope narrowed to a team or an employee. An employee outside the scope is not found
 * (404); another team's id gives a trend of nothing, as its cards give no card.
 */
async function trends(
  ctx: AppContext,
  scope: EmployeeScope,
  query: Pick<AnalyticsTrendQuery, 'teamId' | 'employeeId'>,
  selection: RangeSelection,
): Promise<AnalyticsTrend> {
  if (query.employeeId && !(await repo.findEmployeeInScope(ctx.db, scope, query.employeeId)))
    throw new AppError('EMPLOYEE_NOT_FOUND');
  const { window, body } = windowOf(ctx, selection);
  const rows = await repo.trends(ctx.db, scope, query, window, ctx.config.callCentreTimeZone);
  const statuses = [...new Set(rows.flatMap((row) => Object.keys(row.status_seconds ?? {})))]
    .sort((a, b) => statusOrder(a) - statusOrder(b) || a.localeCompare(b))
    .map((status) => ({ status, label: statusLabel(status) }));
  return {
    range: body,
    unit: rows[0]?.unit ?? 'day',
    statuses,
    buckets: rows.map((row) => ({
      start: row.start,
      answered: row.answered,
      declined: row.declined,
      missed: row.missed,
      answerRatePercent: toPercent(answerRate(row.inbound_answered, row.inbound_offered)),
      averageHandleSeconds: roundToTenth(averageHandleSeconds(row.talk_seconds, row.handled_calls)),
      statusSeconds: Object.fromEntries(
        Object.entries(row.status_seconds ?? {}).map(([status, seconds]) => [
          status,
          Math.round(seconds),
        ]),
      ),
    })),
  };
}

/** Trends in the viewer's scope (the admin portal). */
export function scopedTrends(
  ctx: AppContext,
  actor: SessionUser,
  query: Pick<AnalyticsTrendQuery, 'teamId' | 'employeeId'>,
  selection: RangeSelection,
) {
  return trends(ctx, employeeScope(actor), query, selection);
}

/** The agent's own trends. */
export function ownTrends(ctx: AppContext, actor: SessionUser, selection: RangeSelection) {
  return trends(ctx, { all: true }, { employeeId: actor.id }, selection);
}

export interface CsvFile {
  fileName: string;
  content: string;
}

/** A file-name-safe form of a username. */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64);

/**
 * CSV of a queue view: the queue teams and the centre, or one team's intervals (`teamId` a
 * team's id).
 */
async function queueCsv(
  ctx: AppContext,
  actor: SessionUser,
  query: Partial<Pick<AnalyticsExportQuery, 'view' | 'teamId' | 'minutes'>>,
  selection: RangeSelection,
): Promise<CsvFile> {
  if (query.view === 'queues') {
    const figures = await queueAnalytics.queueAnalytics(ctx, actor, selection);
    return {
      fileName: `switchboard-queues-${rangeFileLabel(figures.range)}.csv`,
      content: queueTeamsCsv(figures),
    };
  }
  if (query.teamId === undefined || query.teamId === NO_TEAM) {
    throw new AppError('VALIDATION_FAILED', {
      field: 'querystring.teamId',
      message: "A queue's intervals need its team: give teamId",
    });
  }
  const figures = await queueAnalytics.queueIntervals(
    ctx,
    actor,
    query.teamId,
    query.minutes ?? DEFAULT_QUEUE_INTERVAL_MINUTES,
    selection,
  );
  return {
    fileName:
      `switchboard-${fileNamePart(figures.name)}-${figures.minutes}-minutes-` +
      `${rangeFileLabel(figures.range)}.csv`,
    content: queueIntervalsCsv(figures, figures.range.timeZone),
  };
}

/**
 * CSV of the current view: the employee cards with their figures, or — with `employeeId` —
 * that employee's calls and status intervals, or a queue view (`view`). The range is in the
 * file name.
 */
export async function exportCsv(
  ctx: AppContext,
  actor: SessionUser,
  query: CardsQuery & Partial<Pick<AnalyticsExportQuery, 'employeeId' | 'view' | 'minutes'>>,
  selection: RangeSelection,
): Promise<CsvFile> {
  if (query.view === 'queues' || query.view === 'queue-intervals') {
    return queueCsv(ctx, actor, query, selection);
  }
  const scope = employeeScope(actor);
  if (query.employeeId) {
    const employee = await repo.findEmployeeInScope(ctx.db, scope, query.employeeId);
    if (!employee) throw new AppError('EMPLOYEE_NOT_FOUND');
    const { range, window } = windowOf(ctx, selection);
    const rows = await repo.employeeTimeline(ctx.db, employee.id, window);
    return {
      fileName: `switchboard-${fileNamePart(employee.username)}-${rangeFileLabel(range)}.csv`,
      content: employeeTimelineCsv(rows, range.timeZone),
    };
  }
  // Every card the view's filters keep, in its order: the whole list, not one page.
  const { range, rows } = await cardsOf(ctx, actor, query, 'all', selection);
  return {
    fileName: `switchboard-agents-${rangeFileLabel(range)}.csv`,
    content: employeeListCsv(cardsIn(rows)),
  };
}
