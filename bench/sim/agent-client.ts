import { performance } from 'node:perf_hooks';
import { type Socket, connect } from 'node:net';
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
 * in flight, reused after (as a browser keeps its connections), each a plain TCP socket that
 * speaks HTTP/1.1 (`HttpConnection`). The load generator runs on the machine under test, so what
 * its client costs is taken from the server and PostgreSQL, and node:http's client and undici
 * both cost more CPU than this one, which writes each request as one string and reads each
 * answer by its Content-Length (the server's) or its chunks (node:http's without one).
 */
const pools = new Map<string, { host: string; port: number; idle: HttpConnection[] }>();

/** One keep-alive connection, one request at a time; closed (`isOpen` false) on any failure. */
class HttpConnection {
  private readonly socket: Socket;
  /** What has come of the answer awaited. */
  private buffered: Buffer = Buffer.alloc(0);
  private pending:
    | {
        resolve: (answer: { status: number; body: string }) => void;
        reject: (error: Error) => void;
      }
    | undefined;
  isOpen = true;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  send(request: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.ref();
      this.socket.write(request);
    });
  }

  /** Waiting in the pool, it keeps no process alive. */
  idle() {
    this.socket.unref();
  }

  private fail(error: Error) {
    this.isOpen = false;
    this.socket.destroy();
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }

  private onData(chunk: Buffer) {
    const data = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    this.buffered = data;
    const headEnd = data.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = data.toString('latin1', 0, headEnd);
    let answer: { body: string; end: number } | undefined;
    try {
      answer = bodyOf(data, head, headEnd + 4);
    } catch (error) {
      return this.fail(error as Error);
    }
    if (!answer) return;
    if (data.length > answer.end) return this.fail(new Error('bytes after the answer, unasked'));
    this.buffered = Buffer.alloc(0);
    const pending = this.pending;
    this.pending = undefined;
    if (/\r\nconnection: *close/i.test(head)) this.fail(new Error('closed after its answer'));
    pending?.resolve({ status: Number(head.slice(9, 12)), body: answer.body });
  }
}

/**
 * The body of the answer whose head is `head`, from `data` at `from` (by its Content-Length or
 * its chunks), and where it ends; undefined until all of it has come.
 */
function bodyOf(data: Buffer, head: string, from: number) {
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) {
    const end = from + Number(length);
    return data.length < end ? undefined : { body: data.toString('utf8', from, end), end };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) {
    throw new Error(`an answer of no known length: ${head}`);
  }
  const parts: Buffer[] = [];
  for (let at = from; ;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error(`a chunk of no size in: ${head}`);
    // The last chunk (size 0) is followed by an empty line: the server sends no trailers.
    const end = lineEnd + 2 + size + 2;
    if (data.length < end) return undefined;
    if (size === 0) return { body: Buffer.concat(parts).toString('utf8'), end };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = end;
  }
}

function poolFor(baseUrl: string) {
  let pool = pools.get(baseUrl);
  if (!pool) {
    const url = new URL(baseUrl);
    pool = { host: url.hostname, port: Number(url.port || 80), idle: [] };
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
  const pool = poolFor(baseUrl);
  let connection = pool.idle.pop();
  while (connection && !connection.isOpen) connection = pool.idle.pop();
  connection ??= new HttpConnection(pool.host, pool.port);
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head =
    `${method} ${urlPath} HTTP/1.1\r\nhost: ${pool.host}:${pool.port}\r\ncookie: ${cookie}\r\n` +
    `accept: application/json\r\n` +
    (body === undefined
      ? ''
      : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
    (tab === undefined ? '' : `${LIVE_TAB_HEADER}: ${tab}\r\n`);
  const sentAt = performance.now();
  const answer = await connection.send(`${head}\r\n${payload}`);
  const doneAt = performance.now();
  if (connection.isOpen) {
    connection.idle();
    pool.idle.push(connection);
  }
  return { status: answer.status, body: answer.body, sentAt, doneAt };
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
