import { z } from 'zod';
import {
  LIVE_PATH,
  type LiveEvent,
  liveCloseCodes,
  liveCloseReasons,
  liveEventSchema,
  liveRetryCloseCodes,
  liveTabMessageSchema,
} from '../../../shared/live';
import { SESSION_SCHEME } from '../../platform/api-docs';
import { SESSION_COOKIE } from '../auth/sessions';

/** A message's key in the document: its `type`, camel-cased ('agent.state' → 'agentState'). */
function messageKey(type: string) {
  return type.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * A message: its payload is the zod schema as JSON Schema draft-07, the base of AsyncAPI's
 * default schema format. Events are what the server outputs (`io: 'output'`); the tab message
 * is input the server parses, which drops keys it does not know rather than refusing them.
 */
function message(
  schema: z.ZodObject<{ type: z.ZodLiteral<string> }>,
  io: 'input' | 'output',
  description = schema.description,
) {
  return {
    name: schema.shape.type.value,
    contentType: 'application/json',
    description,
    payload: z.toJSONSchema(schema, { target: 'draft-07', io }),
  };
}

const LIVE_EVENTS_DESCRIPTION =
  'Server → browser events: JSON text frames, each an object whose `type` says which event ' +
  'it is. To an agent, `agent.state`; to an admin, the live floor (`floor.snapshot`, then ' +
  '`floor.agent` and `floor.queue`); to everyone, `server.database`.';

/** Each event: who gets it, and when. */
const EVENT_DESCRIPTIONS: Record<LiveEvent['type'], string> = {
  'agent.state':
    'To an agent: their whole state (status, timers, the ringing or active call), sent on ' +
    'connect and after every change to their status or calls, from any tab or server ' +
    'process — except to the tab whose action (`X-Live-Tab`) made the change: that tab has ' +
    "the state in the action's answer. The browser replaces its copy and refreshes the " +
    'Activity Log.',
  'floor.snapshot':
    'To an admin (the live floor view): every agent in their scope (the entries ' +
    '`GET /api/analytics/live` pages through) and the queues of its teams, sent on connect ' +
    "and whenever changes may have been missed (the server's listener reconnected, the " +
    "admin's scope changed); `floor.agent` and `floor.queue` events follow it, in order on " +
    'the one socket.',
  'floor.agent':
    'To an admin (the live floor view), after its `floor.snapshot`: one agent changed ' +
    '(status, call, connection); `agent` null when the agent left the floor (deleted, ' +
    'moved to another team). They come in order on the one socket.',
  'floor.queue':
    "To an admin (the live floor view), after its `floor.snapshot`: a team's queue changed " +
    '(a caller arrived, gave up or was answered, an agent of the team changed, its settings ' +
    'changed); `queue` null when the team has no queue any more (per agent with nobody ' +
    'waiting, deleted, out of scope). In order with `floor.agent` events.',
  'server.database':
    'To everyone: this server process lost its database (`reachable` false: nothing can ' +
    'change until it is back) or has it again (true: fetch what was missed). Sent only ' +
    'when that changes; a socket opened meanwhile could not have been.',
};

type CloseCode =
  | (typeof liveCloseCodes)[keyof typeof liveCloseCodes]
  | (typeof liveRetryCloseCodes)[keyof typeof liveRetryCloseCodes];

/** Why the server closes with each code: a record over the codes, so none is left out. */
function closeCauses(): Record<CloseCode, string> {
  const reason = liveCloseReasons;
  return {
    [liveCloseCodes.notSignedIn]: `"${reason.notSignedIn}": no session, or it ended (signed out, expired) while the socket was open.`,
    [liveCloseCodes.forbidden]: `"${reason.crossSite}": the upgrade came from another site's page; "${reason.forbidden}": the account is neither an agent nor an admin, or stopped being an admin while watching the floor.`,
    [liveRetryCloseCodes.tooManyConnections]: `"${reason.tooManyConnections}": the user already holds as many live sockets on this server process as it allows (\`LIVE_SOCKETS_PER_USER\`); a retry gets in once one of their tabs closes.`,
    [liveRetryCloseCodes.serverRestarting]: `"${reason.serverRestarting}": the server is shutting down; a retry reaches it once it is back, or another server on the same database.`,
    [liveRetryCloseCodes.serverError]: `"${reason.serverError}": the server could not register the connection.`,
  };
}

const finalCloseCodes: ReadonlySet<number> = new Set(Object.values(liveCloseCodes));

function channelDescription() {
  const closes = Object.entries(closeCauses()).map(
    ([code, cause]) =>
      `- \`${code}\` ${cause} ${finalCloseCodes.has(Number(code)) ? 'Final: the browser does not reconnect.' : 'The browser retries with backoff.'}`,
  );
  return [
    `The app's one WebSocket, on the host that serves its pages. The session cookie \`${SESSION_COOKIE}\` authenticates it: the upgrade is accepted, and a socket without a session is then closed. An agent's socket gets \`agent.state\`, an admin's the live floor, everyone's \`server.database\`; on open, an agent's tab sends its \`tab\` message.`,
    'An address opening more sockets a minute than the server allows (`RATE_LIMIT_LIVE_OPENS_PER_MINUTE`) is answered HTTP 429 instead of the upgrade. The server pings every socket each heartbeat and drops one that stops answering.',
    'The server closes a socket with:',
    closes.join('\n'),
    'After any other close or a drop, the browser reconnects with backoff; the first event on the new socket (`agent.state`, `floor.snapshot`) replaces whatever was missed.',
  ].join('\n\n');
}

const SESSION_REF = { $ref: `#/components/securitySchemes/${SESSION_SCHEME}` };

/**
 * The AsyncAPI document of the live socket, from the shared zod schemas: a message per member
 * of `liveEventSchema`, which the server sends, and the tab message, which it receives. It
 * describes the server, so its actions are the server's.
 */
export function liveAsyncApi() {
  const events = liveEventSchema.options.map(
    (event) =>
      [
        messageKey(event.shape.type.value),
        message(event, 'output', EVENT_DESCRIPTIONS[event.shape.type.value]),
      ] as const,
  );
  const eventKeys = events.map(([key]) => key);
  const tabKey = messageKey(liveTabMessageSchema.shape.type.value);
  const messages = {
    ...Object.fromEntries(events),
    [tabKey]: message(liveTabMessageSchema, 'input'),
  };
  const channelMessages = (keys: string[]) =>
    keys.map((key) => ({ $ref: `#/channels/live/messages/${key}` }));
  const host = {
    description: "The host (and port) serving the app's pages: the socket is on their origin.",
  };

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Switchboard live events',
      version: '1',
      description:
        "The live socket of Switchboard's server, which sends the events and receives the tab message. The HTTP API is described by the OpenAPI document `/api/openapi.json`.",
    },
    defaultContentType: 'application/json',
    servers: {
      https: {
        host: '{host}',
        protocol: 'wss',
        description: 'A page served over HTTPS (through a TLS proxy) opens the socket with wss:.',
        variables: { host },
        security: [SESSION_REF],
      },
      http: {
        host: '{host}',
        protocol: 'ws',
        description: 'A page served over HTTP opens the socket with ws:.',
        variables: { host },
        security: [SESSION_REF],
      },
    },
    channels: {
      live: {
        address: LIVE_PATH,
        title: 'The live socket',
        description: channelDescription(),
        messages: Object.fromEntries(
          Object.keys(messages).map((key) => [key, { $ref: `#/components/messages/${key}` }]),
        ),
        bindings: { ws: { method: 'GET', bindingVersion: '0.1.0' } },
      },
    },
    operations: {
      sendLiveEvents: {
        action: 'send',
        channel: { $ref: '#/channels/live' },
        title: 'Live events',
        description: LIVE_EVENTS_DESCRIPTION,
        messages: channelMessages(eventKeys),
      },
      receiveTab: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        title: 'The tab names itself',
        description: liveTabMessageSchema.description,
        messages: channelMessages([tabKey]),
      },
    },
    components: {
      messages,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'httpApiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The session cookie sign-in sets (httpOnly); the browser sends it with the upgrade.',
        },
      },
    },
  };
}

export type LiveAsyncApi = ReturnType<typeof liveAsyncApi>;
