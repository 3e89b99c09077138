import type { z } from 'zod';

/** Spec: the first retry after half a second, doubling up to ten seconds between attempts. */
export const RECONNECT_INITIAL_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 10_000;

/** A normal close, sent when this page stops listening. */
const NORMAL_CLOSURE = 1000;

/** WebSocket.OPEN, without needing the global WebSocket (tests may pass their own). */
const OPEN = 1;

export interface LiveSocketOptions<Event> {
  url: string;
  /** Each message is JSON checked by this schema; anything else is warned about and ignored. */
  schema: z.ZodType<Event>;
  /** Sent to the server each time the socket opens (this tab's name), if given. */
  greeting?: string;
  /** A message arrived; `receivedAt` is this browser's clock when it did. */
  onEvent: (event: Event, receivedAt: number) => void;
  /** Open again after a drop: whatever happened meanwhile was missed and must be fetched. */
  onReconnect?: () => void;
  /** The connection dropped; a retry follows (a page may say it is not live meanwhile). */
  onDrop?: () => void;
  /**
   * The page became visible again or the network came back (after sleep, a network change):
   * the socket may be half-open and events missed, so fetch what matters. A socket not open
   * then is not left waiting for its backoff: it reconnects at once.
   */
  onWake?: () => void;
  /** The server closed with a final code: no more attempts are made. */
  onFinalClose?: (code: number) => void;
  /** Close codes after which trying again cannot help (not signed in, forbidden). */
  finalCloseCodes?: readonly number[];
  createSocket?: (url: string) => WebSocket;
  /** For the jitter: 0 ≤ random() < 1. */
  random?: () => number;
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export interface LiveSocket {
  /** Stops listening for good: closes the socket and cancels any pending retry. */
  close: () => void;
}

/**
 * The wait before retry number `attempt` (0 for the first): doubling from `initialDelayMs`
 * up to `maxDelayMs`, then jittered to between half and all of that, so a restarted server
 * is not hit by every agent's browser in the same instant.
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  initialDelayMs = RECONNECT_INITIAL_DELAY_MS,
  maxDelayMs = RECONNECT_MAX_DELAY_MS,
) {
  const ceiling = Math.min(maxDelayMs, initialDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** A same-origin WebSocket URL for `path`: wss: on an https: page, ws: otherwise. */
export function liveSocketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>) {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${path}`;
}

/**
 * One live connection that keeps itself up: any close or failure is retried with backoff,
 * except a final close code (signed out, forbidden). The attempt count starts over once a
 * message arrives, which proves the connection works — not on open, so a server that accepts
 * and drops at once is still retried ever more slowly. When the page wakes (visible again,
 * back online) it asks for a resync and, unless the socket is open, reconnects at once.
 */
export function connectLiveSocket<Event>(options: LiveSocketOptions<Event>): LiveSocket {
  const {
    url,
    schema,
    onEvent,
    onReconnect,
    onDrop,
    onWake,
    onFinalClose,
    greeting,
    finalCloseCodes = [],
    createSocket = (socketUrl) => new WebSocket(socketUrl),
    random = Math.random,
    initialDelayMs = RECONNECT_INITIAL_DELAY_MS,
    maxDelayMs = RECONNECT_MAX_DELAY_MS,
  } = options;

  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let hasDropped = false;
  let isStopped = false;

  function scheduleRetry() {
    hasDropped = true;
    const delay = reconnectDelay(failedAttempts, random, initialDelayMs, maxDelayMs);
    failedAttempts += 1;
    retryTimer = setTimeout(open, delay);
  }

  function handleMessage(message: MessageEvent) {
    if (isStopped) return;
    const receivedAt = Date.now();
    failedAttempts = 0;
    let payload: unknown;
    try {
      payload = JSON.parse(String(message.data)) as unknown;
    } catch {
      console.warn('Ignored a live message that is not JSON');
      return;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      console.warn('Ignored a live message of an unknown shape', parsed.error);
      return;
    }
    onEvent(parsed.data, receivedAt);
  }

  function handleClose(event: CloseEvent) {
    socket = undefined;
    if (isStopped) return;
    if (finalCloseCodes.includes(event.code)) {
      isStopped = true;
      onFinalClose?.(event.code);
      return;
    }
    onDrop?.();
    scheduleRetry();
  }

  function open() {
    retryTimer = undefined;
    if (isStopped) return;
    let opened: WebSocket;
    try {
      opened = createSocket(url);
    } catch (error) {
      console.warn('The live connection could not be opened', error);
      scheduleRetry();
      return;
    }
    socket = opened;
    // A socket given up for a new one (see `wake`) has no say any more.
    const isCurrent = () => socket === opened;
    opened.addEventListener('open', () => {
      if (!isCurrent() || isStopped) return;
      if (greeting !== undefined) opened.send(greeting);
      if (hasDropped) onReconnect?.();
    });
    opened.addEventListener('message', (message) => {
      if (isCurrent()) handleMessage(message);
    });
    // An 'error' is always followed by a 'close', which decides what happens next.
    opened.addEventListener('close', (event) => {
      if (isCurrent()) handleClose(event);
    });
  }

  /** Back from sleep or offline: resync, and reconnect now unless the socket is open. */
  function wake() {
    if (isStopped) return;
    onWake?.();
    if (socket?.readyState === OPEN) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const stale = socket;
    socket = undefined;
    // Stuck connecting on a network that is gone: start afresh rather than wait for it.
    stale?.close(NORMAL_CLOSURE);
    hasDropped = true;
    failedAttempts = 0;
    open();
  }

  function handleVisibilityChange() {
    if (document.visibilityState === 'visible') wake();
  }

  open();
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', handleVisibilityChange);

  return {
    close() {
      isStopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', handleVisibilityChange);
      const current = socket;
      socket = undefined;
      current?.close(NORMAL_CLOSURE);
    },
  };
}
