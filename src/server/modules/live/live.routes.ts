import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_PATH,
  liveCloseCodes,
  liveCloseReasons,
  liveRetryCloseCodes,
  liveTabMessageSchema,
} from '../../../shared/live';
import { ASYNCAPI_PATH } from '../../platform/api-docs';
import type { AppContext } from '../../platform/context';
import { canManageEmployees, employeeScope } from '../../../shared/permissions';
import { isCrossSite } from '../../platform/security';
import { toSessionUser } from '../auth/sessions';
import { liveAsyncApi } from './asyncapi';
import type { LiveHub } from './live-hub';

/**
 * How many live sockets each user holds open on this process. Counted when a socket is let in
 * and uncounted when it closes, synchronously, so sockets opened at the same moment cannot
 * slip past the limit while the first ones are still being registered.
 */
export function createSocketCounter(limit: number) {
  const held = new Map<string, number>();
  return {
    /** Counts `socket` for `userId`; false (nothing counted) when they hold `limit` already. */
    admit(socket: WebSocket, userId: string) {
      const count = held.get(userId) ?? 0;
      if (count >= limit) return false;
      held.set(userId, count + 1);
      socket.once('close', () => {
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      });
      return true;
    },
  };
}

/**
 * A live socket's error (@fastify/websocket's errorHandler). A frame the protocol refuses (over
 * the size limit, malformed: ws's `WS_ERR_*` codes) or a connection the client dropped is the
 * client's doing, noted at info without a stack: anyone can send one, and error entries are for
 * the server's own failures. Either way the socket is ended there, as the plugin's own handler
 * does; ws has already sent the client the close code for a refused frame.
 */
export function onLiveSocketError(error: Error, socket: WebSocket, request: FastifyRequest) {
  const { code } = error as NodeJS.ErrnoException;
  if (code?.startsWith('WS_ERR_') || code === 'ECONNRESET') {
    request.log.info({ code, reason: error.message }, 'live: socket closed on a client error');
  } else {
    request.log.error({ err: error }, 'live: socket error');
  }
  socket.terminate();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The live socket: the session cookie authenticates it; anonymous callers are closed with
 * 4401, other sites' pages with 4403, a user already holding `liveSocketsPerUser` sockets on
 * this process with 4429. An address opening more than `liveOpensPerMinute` sockets a minute is
 * answered 429 instead of the upgrade (the browser retries with backoff, as after a drop).
 * Agents get their own state; admins the live floor of the agents in their scope. The one
 * browser → server message, an agent's tab naming itself (`liveTabMessageSchema`, see
 * LIVE_TAB_HEADER), is kept; any other is ignored.
 */
export const liveRoutes: FastifyPluginAsync<{ ctx: AppContext; hub: LiveHub }> = async (
  app,
  { ctx, hub },
) => {
  const counter = createSocketCounter(ctx.config.liveSocketsPerUser);
  // Built once: it depends only on the shared schemas.
  const asyncApi = liveAsyncApi();
  app.get(ASYNCAPI_PATH, { config: { access: 'anyone' }, schema: { hide: true } }, () => asyncApi);
  app.get(
    LIVE_PATH,
    {
      config: {
        access: 'anyone',
        rateLimit: { max: ctx.config.rateLimits.liveOpensPerMinute, timeWindow: 60_000 },
      },
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
      if (!counter.admit(socket, auth.user.id)) {
        socket.close(liveRetryCloseCodes.tooManyConnections, liveCloseReasons.tooManyConnections);
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
      // The tab's id from its first message on, even one that comes before the socket is
      // registered.
      const browserTab: { id?: string } = {};
      socket.on('message', (data: Buffer) => {
        const message = liveTabMessageSchema.safeParse(parseJson(data.toString('utf8')));
        if (message.success) browserTab.id = message.data.tab;
      });
      const attached = hub.attach(socket, userId, auth.sessionId, ctx.clock.now(), browserTab);
      socket.on('close', () => {
        attached
          .then((local) => hub.detach(userId, local, ctx.clock.now()))
          .catch((error: unknown) => request.log.warn({ err: error }, 'live: detach failed'));
      });
      attached.catch((error: unknown) => {
        request.log.error({ err: error }, 'live: could not register the connection');
        socket.close(liveRetryCloseCodes.serverError, liveCloseReasons.serverError);
      });
    },
  );
};
