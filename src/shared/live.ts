import { z } from 'zod';
import { agentStateSchema } from './schemas/agent';

/** The live socket's path (a WebSocket, authenticated by the session cookie). */
export const LIVE_PATH = '/api/live';

/**
 * Close codes of the live socket. 4401/4403 mirror HTTP 401/403: the browser does not
 * reconnect after them; any other close is retried with backoff.
 */
export const liveCloseCodes = {
  notSignedIn: 4401,
  forbidden: 4403,
} as const;

export const liveCloseReasons = {
  notSignedIn: 'Not signed in',
  forbidden: 'Only agents have a live feed',
  crossSite: 'Cross-site requests are not allowed',
} as const;

/**
 * Server → browser events. `agent.state` is the agent's whole state (status, timers, the
 * ringing or active call): sent on connect and after every change to the agent's status or
 * calls, from any tab or server process. The browser replaces its copy and refreshes the
 * Activity Log.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('agent.state'), state: agentStateSchema }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
