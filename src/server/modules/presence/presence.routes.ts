import { LIVE_TAB_HEADER, liveTabHeadersSchema } from '../../../shared/live';
import { isAgent } from '../../../shared/permissions';
import { agentStateSchema, changeStatusSchema } from '../../../shared/schemas/agent';
import { type RoutesPlugin, errorResponses } from '../../platform/routes';
import { actorOf } from '../auth/sessions';
import * as presence from './presence.service';

/** The agent's own status (employees only). */
export const presenceRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/api/agent/state',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'getAgentState',
        tags: ['agent'],
        summary: "Your status, since when, and today's time per status (server timestamps)",
        response: { 200: agentStateSchema },
      },
    },
    async (request) => presence.getAgentState(ctx, actorOf(request)),
  );

  app.put(
    '/api/agent/status',
    {
      config: { access: isAgent },
      schema: {
        operationId: 'changeAgentStatus',
        tags: ['agent'],
        summary: 'Set your status (not On Call or After Call Work: the system sets those)',
        headers: liveTabHeadersSchema,
        body: changeStatusSchema,
        response: { 200: agentStateSchema, ...errorResponses(409) },
      },
    },
    async (request) =>
      presence.changeStatus(
        ctx,
        actorOf(request),
        request.body.status,
        request.headers[LIVE_TAB_HEADER],
      ),
  );
};
