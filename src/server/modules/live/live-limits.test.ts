import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LIVE_PATH, liveCloseCodes } from '../../../shared/live';
import { testConfig } from '../../config';
import { signedInAgent } from '../../test/agent';
import { createTestApp } from '../../test/test-app';

/** Every line the server logs in this file, parsed. */
const logged: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      logged.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const OPENS_PER_MINUTE = 3;
const t = await createTestApp(
  {
    logLevel: 'info',
    rateLimits: { ...testConfig().rateLimits, liveOpensPerMinute: OPENS_PER_MINUTE },
  },
  { logStream: capture },
);

/** Pino's levels. */
const INFO = 30;
const ERROR = 50;

/**
 * Opens the live socket as a browser at `address` would (an injected upgrade has no network
 * socket: the address is the one the server reads as `request.ip`); rejects when the upgrade is
 * refused ('Unexpected server response: 429').
 */
function openLive(address: string, headers: Record<string, string> = {}) {
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  let resolveFirstEvent: () => void = () => undefined;
  const firstEvent = new Promise<void>((resolve) => (resolveFirstEvent = resolve));
  const socket = t.app.injectWS(
    LIVE_PATH,
    { headers, socket: { remoteAddress: address } as Socket },
    {
      onInit(ws: WebSocket) {
        ws.once('message', () => resolveFirstEvent());
        ws.on('close', (code: number) => resolveClosed(code));
      },
    },
  );
  return { socket, closed, firstEvent };
}

describe('a frame the live socket refuses', () => {
  it('closes that socket with 1009 and logs at info, without a stack', async () => {
    const agent = await signedInAgent(t);
    const live = openLive('192.0.2.10', { cookie: agent.cookie });
    const socket = await live.socket;
    await live.firstEvent;
    const from = logged.length;

    socket.send('x'.repeat(5000));

    expect(await live.closed).toBe(1009);
    await vi.waitFor(() =>
      expect(logged.slice(from)).toContainEqual(
        expect.objectContaining({ level: INFO, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }),
      ),
    );
    const lines = logged.slice(from);
    expect(lines.filter((line) => (line.level as number) >= ERROR)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('stack');
  });
});

describe(`at most ${OPENS_PER_MINUTE} live sockets opened per address a minute`, () => {
  it('refuses one more upgrade from that address with 429; another address still opens', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < OPENS_PER_MINUTE; i++) {
      const live = openLive(address);
      await live.socket;
      // Anonymous: let in, then closed as not signed in.
      expect(await live.closed).toBe(liveCloseCodes.notSignedIn);
    }

    await expect(openLive(address).socket).rejects.toThrow('Unexpected server response: 429');

    const other = openLive('198.51.100.8');
    await other.socket;
    expect(await other.closed).toBe(liveCloseCodes.notSignedIn);
  });
});
