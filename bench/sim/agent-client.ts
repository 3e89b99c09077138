import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import WebSocket from 'ws';
import {
  LIVE_PATH,
  LIVE_TAB_HEADER,
  type LiveEvent,
  type LiveTabMessage,
} from '../../src/shared/live';
import type { AgentState } from '../../src/shared/schemas/agent';
import type { SimUser } from './staff';

/**
 * A simulated browser tab: HTTP requests with the session cookie (keep-alive, as a browser
 * keeps its connection) and the live socket, both naming the tab when given its id (`tab`: as
 * the softphone does, so its own actions' states come in their answers and are not pushed). Requests carry no Origin, as a non-browser client
 * (the server's cross-site check lets those through) and a JSON body as the API requires.
 */

/**
 * One keep-alive pool per server, shared by every simulated client: a connection per request
 * in flight, reused after (as http.Agent with keepAlive), through undici — node:http's client
 * took ~30 % of the load generator's CPU, which on this machine's two cores is taken from the
 * server and PostgreSQL under test (RESULTS §2).
 */
const pools = new Map<string, Pool>();

function poolFor(baseUrl: string) {
  let pool = pools.get(baseUrl);
  if (!pool) {
    pool = new Pool(baseUrl, { connections: null, pipelining: 1 });
    pools.set(baseUrl, pool);
  }
  return pool;
}

export interface HttpAnswer {
  status: number;
  body: string;
  /** performance.now() when the request was sent and when its body had arrived. */
  sentAt: number;
  doneAt: number;
}

export async function request(
  baseUrl: string,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  urlPath: string,
  cookie: string,
  body?: unknown,
  tab?: string,
): Promise<HttpAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sentAt = performance.now();
  const response = await poolFor(baseUrl).request({
    method,
    path: urlPath,
    headers: {
      cookie,
      accept: 'application/json',
      ...(payload !== undefined && { 'content-type': 'application/json' }),
      ...(tab !== undefined && { [LIVE_TAB_HEADER]: tab }),
    },
    body: payload,
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text, sentAt, doneAt: performance.now() };
}

export interface LiveSocket {
  socket: WebSocket;
  /** Resolves once open; rejects if it closes first. */
  opened: Promise<void>;
  close(): Promise<void>;
}

/**
 * The live socket (`GET /api/live`, upgraded) with the cookie; each event goes to `onEvent`
 * with the moment (performance.now()) it arrived.
 */
export function connectLive(
  baseUrl: string,
  user: SimUser,
  onEvent: (event: LiveEvent, at: number) => void,
  onClose?: (code: number) => void,
  tab?: string,
): LiveSocket {
  const url = new URL(LIVE_PATH, baseUrl);
  url.protocol = 'ws:';
  const socket = new WebSocket(url, { headers: { cookie: user.cookie }, perMessageDeflate: false });
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    onEvent(JSON.parse(data.toString('utf8')) as LiveEvent, at);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      if (tab !== undefined)
        socket.send(JSON.stringify({ type: 'tab', tab } satisfies LiveTabMessage));
      resolve();
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`live socket closed (${code}) before open`)));
  });
  // Errors after open surface as a close.
  socket.on('error', () => undefined);
  socket.on('close', (code) => onClose?.(code));
  return {
    socket,
    opened,
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

/** The parsed state of an agent endpoint's answer (they all return the agent's state). */
export function stateOf(answer: HttpAnswer): AgentState {
  return JSON.parse(answer.body) as AgentState;
}

/** Runs `work` over `items`, at most `concurrency` at a time. */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}
