import {
  inboundSettingsChangesSchema,
  inboundSettingsSchema,
} from '../../../shared/schemas/queues';
import { canSeeEmployeeAnalytics } from '../../../shared/permissions';
import { analyticsRangeQuerySchema, rangeSelectionOf } from '../../../shared/schemas/analytics';
import {
  MAX_QUEUE_INTERVALS,
  queueAnalyticsSchema,
  queueIntervalsQuerySchema,
  queueIntervalsSchema,
  queueTeamParamsSchema,
} from '../../../shared/schemas/queue-analytics';
import { teamParamsSchema } from '../../../shared/schemas/teams';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { RANGE_HELP } from '../analytics/analytics.routes';
import { leaderOfTeam } from '../auth/access';
import { actorOf, changeAuthorOf } from '../auth/sessions';
import * as queueAnalytics from './queue-analytics.service';
import * as queues from './queues.service';

export const queueRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/teams/:id/inbound',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'getTeamInbound',
        tags: ['teams'],
        summary:
          "How a team's inbound calls come: per agent (the default) or through a queue, with " +
          'its arrival rate, patience and service-level goal (super admin, or the team leader)',
        params: teamParamsSchema,
        response: { 200: inboundSettingsSchema, ...errorResponses(404) },
      },
    },
    async (request) => queues.teamInbound(ctx, request.params.id),
  );

  app.put(
    '/api/teams/:id/inbound',
    {
      config: { access: leaderOfTeam },
      schema: {
        operationId: 'setTeamInbound',
        tags: ['teams'],
        summary:
          "Set a team's inbound settings (a field left out keeps its value). Callers already " +
          'waiting keep their place whatever the mode; in per-agent mode they are offered first',
        params: teamParamsSchema,
        body: inboundSettingsChangesSchema,
        response: { 200: inboundSettingsSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      queues.setTeamInbound(ctx, request.params.id, request.body, changeAuthorOf(request)),
  );

  app.get(
    '/api/analytics/queues',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'listQueueAnalytics',
        tags: ['analytics'],
        summary:
          'Per team of your scope in queue mode (or with callers in the range) and for the ' +
          'centre: callers by arrival, answered, abandoned, service level (answered within the ' +
          "team's threshold ÷ answered and abandoned), average speed of answer and time to " +
          "abandon, and the agents Erlang C needs in the team's busiest half hour (the centre: " +
          `the teams' sum). ${RANGE_HELP}`,
        querystring: analyticsRangeQuerySchema,
        response: { 200: queueAnalyticsSchema },
      },
    },
    async (request) =>
      queueAnalytics.queueAnalytics(ctx, actorOf(request), rangeSelectionOf(request.query)),
  );

  app.get(
    '/api/analytics/queues/:teamId/intervals',
    {
      config: { access: canSeeEmployeeAnalytics },
      schema: {
        operationId: 'listQueueIntervals',
        tags: ['analytics'],
        summary:
          "A queue team's figures per interval of `minutes` (15, 30 or 60; default 30) on the " +
          "call centre's clock, every interval from the range's start (all time: its first " +
          "caller) to its end or now; agents needed at each interval's rate. 404 outside your " +
          `scope; 400 past ${MAX_QUEUE_INTERVALS} intervals. ${RANGE_HELP}`,
        params: queueTeamParamsSchema,
        querystring: queueIntervalsQuerySchema,
        response: { 200: queueIntervalsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      queueAnalytics.queueIntervals(
        ctx,
        actorOf(request),
        request.params.teamId,
        request.query.minutes,
        rangeSelectionOf(request.query),
      ),
  );
};
