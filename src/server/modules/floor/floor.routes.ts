import { canManageEmployees } from '../../../shared/permissions';
import { floorListQuerySchema, floorPageSchema } from '../../../shared/schemas/floor';
import { type RoutesPlugin, plainJsonResponse } from '../../platform/routes';
import { actorOf } from '../auth/sessions';
import { getFloor } from './floor.service';

export const floorRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/analytics/live',
    {
      config: { access: canManageEmployees },
      ...plainJsonResponse,
      schema: {
        operationId: 'getLiveFloor',
        tags: ['analytics'],
        summary:
          'A page of the live floor: the agents in your scope with status, time in it and the ' +
          'call in progress, by username unless `sort` says, and how many of the scope are in ' +
          'each status; `search` matches the username, full name and team name, `status` keeps ' +
          'one status. Then `floor.agent` events on the live socket',
        querystring: floorListQuerySchema,
        response: { 200: floorPageSchema },
      },
    },
    async (request) => getFloor(ctx, actorOf(request), request.query),
  );
};
