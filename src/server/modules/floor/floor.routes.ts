import { canManageEmployees } from '../../../shared/permissions';
import { floorSchema } from '../../../shared/schemas/floor';
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
          'The live floor: every agent in your scope with status, time in it and the call in progress; then `floor.agent` events on the live socket',
        response: { 200: floorSchema },
      },
    },
    async (request) => getFloor(ctx, actorOf(request)),
  );
};
