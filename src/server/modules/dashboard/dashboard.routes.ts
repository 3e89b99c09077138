import { canManageEmployees } from '../../../shared/permissions';
import { dashboardSchema } from '../../../shared/schemas/dashboard';
import { type RoutesPlugin } from '../../platform/routes';
import { actorOf } from '../auth/sessions';
import { getDashboard } from './dashboard.service';

export const dashboardRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: canManageEmployees },
      schema: {
        operationId: 'getDashboard',
        tags: ['dashboard'],
        summary: "The admin dashboard's figures, within your team scope",
        response: { 200: dashboardSchema },
      },
    },
    async (request) => getDashboard(ctx, actorOf(request)),
  );
};
