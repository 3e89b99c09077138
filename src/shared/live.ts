import { z } from 'zod';
import { agentStateSchema } from './schemas/agent';
import { isoDateTime } from './schemas/fields';
import { floorAgentSchema, floorQueueSchema, floorSchema } from './schemas/floor';

/** The live socket's path (a WebSocket, authenticated by the session cookie). */
export const LIVE_PATH = '/api/live';

/** The header of an agent action naming the browser tab that asks (`liveTab` says why). */
export const LIVE_TAB_HEADER = 'x-live-tab';
// The descriptions of these schemas are what the API documents (OpenAPI, AsyncAPI) say.
const liveTab = z
  .uuid({ error: 'The live tab id must be a UUID' })
  .describe(
    "A browser tab's id (a UUID the tab picks), given to its live socket (the `tab` message) " +
      'and with the actions it asks for (the `X-Live-Tab` header): the state an action answers ' +
      'is not pushed again to the tab that asked, which has it in the answer. Optional on both; ' +
      'a tab that gives none gets every push.',
  );
/** An agent action's headers: the asking tab's id, if any (other headers pass through). */
export const liveTabHeadersSchema = z.looseObject({ [LIVE_TAB_HEADER]: liveTab.optional() });
export const liveTabMessageSchema = z
  .object({ type: z.literal('tab'), tab: liveTab })
  .describe(
    "The one browser → server message of the live socket, sent on open: the tab's id. Any " +
      'other message is ignored.',
  );
export type LiveTabMessage = z.infer<typeof liveTabMessageSchema>;

/**
 * Close codes of the live socket. 4401/4403 mirror HTTP 401/403: the browser does not
 * reconnect after them; any other close is retried with backoff.
 */
export const liveCloseCodes = {
  notSignedIn: 4401,
  forbidden: 4403,
} as const;

/**
 * Close codes after which the browser retries with backoff, as after a drop: the condition
 * may pass. 4429 mirrors HTTP 429: the user already holds `LIVE_SOCKETS_PER_USER` live
 * sockets on that server process; once one of their tabs closes, a retry gets in. It closes
 * before any message, so the browser's backoff is never reset and keeps growing to its
 * 10 s ceiling — no tight loop. 1012 (Service Restart) closes every socket of a server that
 * shuts down, 1011 (Internal Error) a socket the server could not register.
 */
export const liveRetryCloseCodes = {
  tooManyConnections: 4429,
  serverRestarting: 1012,
  serverError: 1011,
} as const;

export const liveCloseReasons = {
  notSignedIn: 'Not signed in',
  forbidden: 'This account has no live feed',
  crossSite: 'Cross-site requests are not allowed',
  tooManyConnections: 'Too many live connections',
  serverRestarting: 'Server restarting',
  serverError: 'Server error',
} as const;

/**
 * Server → browser events. What each says, to whom and when, is in the AsyncAPI document
 * (live/asyncapi.ts): server-side text, kept out of the pages' bundles.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('agent.state'), state: agentStateSchema }),
  z.object({ type: z.literal('floor.snapshot'), floor: floorSchema }),
  z.object({
    type: z.literal('floor.agent'),
    agentId: z.string(),
    agent: floorAgentSchema.nullable(),
    serverNow: isoDateTime,
  }),
  z.object({
    type: z.literal('floor.queue'),
    teamId: z.string(),
    queue: floorQueueSchema.nullable(),
    serverNow: isoDateTime,
  }),
  z.object({ type: z.literal('server.database'), reachable: z.boolean() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
