import type { FastifyPluginAsync } from 'fastify';
import { LIVE_PATH, liveCloseCodes, liveCloseReasons } from '../../../shared/live';
import type { AppContext } from '../../platform/context';
import { canManageEmployees, employeeScope } from '../../../shared/permissions';
import { isCrossSite } from '../../platform/security';
import { toSessionUser } from '../auth/sessions';
import type { LiveHub } from './live-hub';

/**
 * The live socket: the session cookie authenticates it; anonymous callers are closed with
 * 4401, other sites' pages with 4403. Agents get their own state; admins the live floor of
 * the agents in their scope. Browser → server messages are ignored.
 */
export const liveRoutes: FastifyPluginAsync<{ ctx: AppContext; hub: LiveHub }> = async (
  app,
  { ctx, hub },
) => {
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: {
        tags: ['live'],
        summary: 'WebSocket of live events (`LiveEvent` in src/shared/live.ts)',
      },
    },
    (socket, request) => {
      const auth = request.auth;
      if (!auth) {
        socket.close(liveCloseCodes.notSignedIn, liveCloseReasons.notSignedIn);
        return;
      }
      if (isCrossSite(request)) {
        socket.close(liveCloseCodes.forbidden, liveCloseReasons.crossSite);
        return;
      }
      const actor = toSessionUser(auth.user);
      if (canManageEmployees(actor)) {
        hub.watch(socket, actor.id, auth.sessionId, employeeScope(actor));
        return;
      }
      if (actor.role !== 'employee') {
        socket.close(liveCloseCodes.forbidden, liveCloseReasons.forbidden);
        return;
      }
      const userId = auth.user.id;
      const attached = hub.attach(socket, userId, auth.sessionId, ctx.clock.now());
      socket.on('close', () => {
        attached
          .then((local) => hub.detach(userId, local, ctx.clock.now()))
          .catch((error: unknown) => request.log.warn({ err: error }, 'live: detach failed'));
      });
      attached.catch((error: unknown) => {
        request.log.error({ err: error }, 'live: could not register the connection');
        socket.close(1011, 'Server error');
      });
    },
  );
};
