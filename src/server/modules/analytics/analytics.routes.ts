import { canSeeTeamAnalytics, canSeeEmployeeAnalytics, isAgent } from '../../../shared/permissions';
import { idParamsSchema } from '../../../shared/schemas/admins';
import {
  analyticsExportQuerySchema,
  analyticsRangeQuerySchema,
  analyticsTrendQuerySchema,
  analyticsTrendSchema,
  employeeAnalyticsDetailSchema,
  employeeAnalyticsListSchema,
  employeeAnalyticsQuerySchema,
  employeeCallParamsSchema,
  rangeSelectionOf,
  teamAnalyticsListSchema,
} from '../../../shared/schemas/analytics';
import {
  type RoutesPlugin,
  csvFileResponse,
  errorResponses,
  plainJsonResponse,
} from '../../platform/routes';
import {
  callDetailsSchema,
  callLogQuerySchema,
  callLogSchema,
} from '../../../shared/schemas/agent';
import { actorOf } from '../auth/sessions';
import * as analytics from './analytics.service';

export const RANGE_HELP =
  '`range` = today | yesterday | last7 | thisMonth | all (default), or `from` and `to` ' +
  "(YYYY-MM-DD, both included), in the call centre's time zone";

/**
 * The analytics page (spec §2 'Analytics page') and the agent's own analytics. Every figure
 * comes from one SQL query per view (two sent together for the team cards), scoped by role in
 * the query.
 */
export const analyticsRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/analytics/teams',
    {
      config: { access: canSeeTeamAnalytics },
      schema: {
        operationId: 'listTeamAnalytics',
        tags: ['analytics'],
        summary:
          "Team cards with their employees' figures (super admins), and `noTeam`: the " +
          `employees without a team together, or null. ${RANGE_HELP}`,
        querystring: analyticsRangeQuerySchema,
        response: { 200: teamAnalyticsListSchema },
      },
    },
    async (request) => analytics.teamAnalytics(ctx, rangeSelectionOf(request.query)),
  );

  app.get(
    '/api/analytics/employees',
    {
      config: { access: canSeeEmployeeAnalytics },
      ...plainJsonResponse,
      schema: {
        operationId: 'listEmployeeAnalytics',
        tags: ['analytics'],
        summary:
          'A page of the employee cards within your scope, by username unless `sort` says ' +
          '(name, totalCalls, answerRate, handleTime, afterCallWork, flags; `-` in front for ' +
          'descending); `teamId` narrows to a team (`none`: the employees without a team), ' +
          '`search` matches username or full name, `flagged=true` keeps the employees with a ' +
          'flagged status in the range. `total` counts the team or scope whatever the search ' +
          `and filter. ${RANGE_HELP}`,
        querystring: employeeAnalyticsQuerySchema,
        response: { 200: employeeAnalyticsListSchema },
      },
    },
    async (request) =>
      analytics.employeeAnalyticsList(
        ctx,
        actorOf(request),
        request.query,
        rangeSelectionOf(request.query),
      ),
  );

  app.get(
    '/api/analytics/employees/:id',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'getEmployeeAnalytics',
        tags: ['analytics'],
        summary: `One employee: call distribution, status time tracking, metrics. ${RANGE_HELP}`,
        params: idParamsSchema,
        querystring: analyticsRangeQuerySchema,
        response: { 200: employeeAnalyticsDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      analytics.employeeAnalyticsDetail(
        ctx,
        actorOf(request),
        request.params.id,
        rangeSelectionOf(request.query),
      ),
  );

  app.get(
    '/api/analytics/employees/:id/calls',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'listEmployeeCalls',
        tags: ['analytics'],
        summary: "An employee's latest calls with an outcome, newest first (their Activity Log)",
        params: idParamsSchema,
        querystring: callLogQuerySchema,
        response: { 200: callLogSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      analytics.employeeCalls(ctx, actorOf(request), request.params.id, request.query.limit),
  );

  app.get(
    '/api/analytics/employees/:id/calls/:callId',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'getEmployeeCall',
        tags: ['analytics'],
        summary: "One of an employee's calls with its notes, wrap-up code and transcript",
        params: employeeCallParamsSchema,
        response: { 200: callDetailsSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      analytics.employeeCall(ctx, actorOf(request), request.params.id, request.params.callId),
  );

  app.get(
    '/api/analytics/trends',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'getAnalyticsTrends',
        tags: ['analytics'],
        summary:
          'Calls by outcome, answer rate, average handle time and seconds per status, per day ' +
          'over the range (per week past 92 days, per month past two years), for your scope: ' +
          '`teamId` narrows to a team (`none`: the employees without a team), `employeeId` to ' +
          `one employee (404 outside your scope). ${RANGE_HELP}`,
        querystring: analyticsTrendQuerySchema,
        response: { 200: analyticsTrendSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      analytics.scopedTrends(ctx, actorOf(request), request.query, rangeSelectionOf(request.query)),
  );

  app.get(
    '/api/analytics/export.csv',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'exportAnalyticsCsv',
        tags: ['analytics'],
        summary:
          'CSV of the current view: every employee card of the list (`teamId`, `none` ' +
          'included, `search`, `flagged`, in the order `sort` gives), or with ' +
          "`employeeId` that employee's calls and status intervals. " +
          `The range is in the file name. ${RANGE_HELP}`,
        querystring: analyticsExportQuerySchema,
        response: {
          200: csvFileResponse,
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const file = await analytics.exportCsv(
        ctx,
        actorOf(request),
        request.query,
        rangeSelectionOf(request.query),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  app.get(
    '/api/agent/analytics',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'getMyAnalytics',
        tags: ['agent'],
        summary: `Your own analytics, the same view as an admin's employee detail. ${RANGE_HELP}`,
        querystring: analyticsRangeQuerySchema,
        response: { 200: employeeAnalyticsDetailSchema },
      },
    },
    async (request) =>
      analytics.ownAnalytics(ctx, actorOf(request), rangeSelectionOf(request.query)),
  );

  app.get(
    '/api/agent/analytics/trends',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'getMyAnalyticsTrends',
        tags: ['agent'],
        summary: `Your own trends, the same as an admin's for one employee. ${RANGE_HELP}`,
        querystring: analyticsRangeQuerySchema,
        response: { 200: analyticsTrendSchema },
      },
    },
    async (request) => analytics.ownTrends(ctx, actorOf(request), rangeSelectionOf(request.query)),
  );
};
