import {
  inboundSettingsChangesSchema,
  inboundSettingsSchema,
} from '../../../shared/schemas/queues';
import { teamParamsSchema } from '../../../shared/schemas/teams';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { leaderOfTeam } from '../auth/access';
import { changeAuthorOf } from '../auth/sessions';
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
};
