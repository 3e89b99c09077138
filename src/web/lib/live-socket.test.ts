import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeWebSocket } from '../test/fake-web-socket';
import { type LiveSocket, connectLiveSocket, liveSocketUrl, reconnectDelay } from './live-socket';

const pingSchema = z.object({ type: z.literal('ping'), n: z.number() });
type Ping = z.infer<typeof pingSchema>;

let live: LiveSocket | undefined;

function connect(overrides: Partial<Parameters<typeof connectLiveSocket<Ping>>[0]> = {}) {
  const events: Array<{ event: Ping; receivedAt: number }> = [];
  const onReconnect = vi.fn();
  const onWake = vi.fn();
  const onFinalClose = vi.fn();
  live = connectLiveSocket<Ping>({
    url: 'ws://switchboard.test/api/live',
    schema: pingSchema,
    onEvent: (event, receivedAt) => events.push({ event, receivedAt }),
    onReconnect,
    onWake,
    onFinalClose,
    finalCloseCodes: [4401, 4403],
    // Jitter off: every wait is its full ceiling.
    random: () => 1,
    ...overrides,
  });
  return { events, onReconnect, onWake, onFinalClose };
}

/** How many sockets were opened after `ms` more milliseconds. */
function socketsAfter(ms: number) {
  vi.advanceTimersByTime(ms);
  return FakeWebSocket.instances.length;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
});

afterEach(() => {
  live?.close();
  live = undefined;
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from half a second up to ten seconds', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, () => 1));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('jitters each wait to between half and all of its ceiling', () => {
    expect(reconnectDelay(2, () => 0)).toBe(1000);
    expect(reconnectDelay(2, () => 0.5)).toBe(1500);
    expect(reconnectDelay(9, () => 0)).toBe(5000);
  });
});

describe('liveSocketUrl', () => {
  it('uses the page origin, wss: under https:', () => {
    expect(liveSocketUrl('/api/live', { protocol: 'https:', host: 'calls.example:8443' })).toBe(
      'wss://calls.example:8443/api/live',
    );
    expect(liveSocketUrl('/api/live', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live',
    );
  });
});

describe('connectLiveSocket', () => {
  it('hands over each valid event with the moment it arrived', () => {
    const { events } = connect();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://switchboard.test/api/live');
    socket.accept();

    vi.advanceTimersByTime(250);
    socket.push({ type: 'ping', n: 1 });

    expect(events).toEqual([
      { event: { type: 'ping', n: 1 }, receivedAt: Date.parse('2026-11-20T12:00:00.250Z') },
    ]);
  });

  it('warns about and ignores messages that are not JSON or not an event', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { events } = connect();
    const socket = FakeWebSocket.latest();
    socket.accept();

    socket.push('not json {');
    socket.push({ type: 'pong' });
    socket.push({ type: 'ping', n: 2 });

    expect(events.map(({ event }) => event.n)).toEqual([2]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('retries a dropped connection after 0.5 s, then 1 s, 2 s … up to 10 s', () => {
    connect();
    FakeWebSocket.latest().drop();

    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        vi.advanceTimersByTime(50);
        waited += 50;
      }
      waits.push(waited);
      FakeWebSocket.latest().drop();
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('starts the backoff over once a reconnected socket delivers a message', () => {
    connect();
    FakeWebSocket.latest().drop();
    expect(socketsAfter(500)).toBe(2);
    FakeWebSocket.latest().drop();
    expect(socketsAfter(1000)).toBe(3);

    const socket = FakeWebSocket.latest();
    socket.accept();
    socket.push({ type: 'ping', n: 1 });
    socket.drop();

    expect(socketsAfter(499)).toBe(3);
    expect(socketsAfter(1)).toBe(4);
  });

  it('asks for a resync after every reconnect, not on the first connection', () => {
    const { onReconnect } = connect();
    FakeWebSocket.latest().accept();
    expect(onReconnect).not.toHaveBeenCalled();

    FakeWebSocket.latest().drop(1001);
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().accept();
    expect(onReconnect).toHaveBeenCalledTimes(1);

    // No message arrived on the reconnected socket: the next wait is 1 s.
    FakeWebSocket.latest().drop(1011);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().accept();
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });

  it('says when a connection drops, but not when it closes for good', () => {
    const onDrop = vi.fn();
    connect({ onDrop });
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().drop(1006);
    expect(onDrop).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().drop(4401);
    expect(onDrop).toHaveBeenCalledTimes(1);
  });

  it.each([4401, 4403])('never reconnects after close code %i, and says so once', (code) => {
    const { onFinalClose } = connect();
    const socket = FakeWebSocket.latest();
    socket.accept();
    socket.drop(code);

    expect(socketsAfter(60_000)).toBe(1);
    expect(onFinalClose).toHaveBeenCalledTimes(1);
    expect(onFinalClose).toHaveBeenCalledWith(code);
  });

  it('retries when the socket cannot even be created', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let attempts = 0;
    connect({
      createSocket: (url) => {
        attempts += 1;
        if (attempts === 1) throw new SyntaxError('bad url');
        return new FakeWebSocket(url) as unknown as WebSocket;
      },
    });
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(socketsAfter(500)).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('closes for good when the page stops listening: no retry, no more events', () => {
    const { events, onFinalClose } = connect();
    const socket = FakeWebSocket.latest();
    socket.accept();
    live?.close();

    expect(socket.closedWithCode).toBe(1000);
    socket.push({ type: 'ping', n: 1 });
    expect(events).toEqual([]);
    expect(socketsAfter(60_000)).toBe(1);
    expect(onFinalClose).not.toHaveBeenCalled();
  });

  it('cancels a pending retry when the page stops listening', () => {
    connect();
    FakeWebSocket.latest().drop();
    live?.close();
    expect(socketsAfter(60_000)).toBe(1);
  });
});

describe('connectLiveSocket when the page wakes', () => {
  /** The page is shown again (`visible`) or hidden. */
  function showPage(visibility: DocumentVisibilityState) {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
    document.dispatchEvent(new Event('visibilitychange'));
  }

  it('asks for a resync when shown again, keeping a socket that is open', () => {
    const { onWake } = connect();
    const socket = FakeWebSocket.latest();
    socket.accept();

    showPage('hidden');
    expect(onWake).not.toHaveBeenCalled();
    showPage('visible');
    expect(onWake).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.isClosed).toBe(false);
  });

  it('reconnects at once when the network is back, instead of waiting out the backoff', () => {
    const { onWake, onReconnect } = connect();
    FakeWebSocket.latest().drop();
    expect(socketsAfter(500)).toBe(2);
    FakeWebSocket.latest().drop();
    expect(socketsAfter(1000)).toBe(3);
    FakeWebSocket.latest().drop();
    // The next try would be 2 s away.

    window.dispatchEvent(new Event('online'));
    expect(onWake).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(4);
    FakeWebSocket.latest().accept();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    // The pending retry was cancelled, and the backoff starts over.
    expect(socketsAfter(10_000)).toBe(4);
    FakeWebSocket.latest().drop();
    expect(socketsAfter(499)).toBe(4);
    expect(socketsAfter(1)).toBe(5);
  });

  it('gives up a socket stuck connecting for a new one, and ignores the old one after', () => {
    const { events } = connect();
    const stuck = FakeWebSocket.latest();

    showPage('visible');
    expect(stuck.closedWithCode).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);

    stuck.push({ type: 'ping', n: 1 });
    stuck.drop();
    expect(events).toEqual([]);
    expect(socketsAfter(60_000)).toBe(2);
  });

  it('stops listening for wake-ups once closed for good', () => {
    const { onWake } = connect();
    live?.close();
    window.dispatchEvent(new Event('online'));
    showPage('visible');
    expect(onWake).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stays down after a final close code, waking or not', () => {
    const { onWake } = connect();
    FakeWebSocket.latest().drop(4401);
    window.dispatchEvent(new Event('online'));
    expect(onWake).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
