import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  LIVE_PATH,
  type LiveEvent,
  liveCloseCodes,
  liveCloseReasons,
  liveRetryCloseCodes,
} from '../../../shared/live';
import { signedInAgent } from '../../test/agent';
import { newAdmin, newEmployee } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

const SOCKETS_PER_USER = 3;
const t = await createTestApp({ liveSocketsPerUser: SOCKETS_PER_USER });

// Real sockets over TCP, as a browser opens them: the Origin and Host headers are the ones
// the handshake carries, not an injection's.
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as AddressInfo;
const ownOrigin = `http://127.0.0.1:${port}`;

const opened: WebSocket[] = [];
afterAll(() => {
  for (const socket of opened) socket.terminate();
});

interface RealSocket {
  socket: WebSocket;
  /** The first event, or the close if the server closed before sending one. */
  first: Promise<{ event: LiveEvent } | { code: number; reason: string }>;
  closed: Promise<{ code: number; reason: string }>;
}

function openLive(headers: Record<string, string>): RealSocket {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, { headers });
  opened.push(socket);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const first = new Promise<{ event: LiveEvent } | { code: number; reason: string }>(
    (resolve, reject) => {
      socket.once('message', (data: Buffer) =>
        resolve({ event: JSON.parse(data.toString()) as LiveEvent }),
      );
      socket.once('error', reject);
      void closed.then(resolve);
    },
  );
  return { socket, first, closed };
}

async function closeAndWait(live: RealSocket) {
  live.socket.close();
  await live.closed;
}

describe('the live socket’s Origin check', () => {
  it('closes a signed-in socket from another site’s page with 4403', async () => {
    const agent = await signedInAgent(t);
    const live = openLive({ cookie: agent.cookie, origin: 'https://evil.example' });
    expect(await live.first).toEqual({
      code: liveCloseCodes.forbidden,
      reason: liveCloseReasons.crossSite,
    });
  });

  it('closes one whose browser says cross-site (Sec-Fetch-Site) even with our Origin', async () => {
    const agent = await signedInAgent(t);
    const live = openLive({
      cookie: agent.cookie,
      origin: ownOrigin,
      'sec-fetch-site': 'cross-site',
    });
    expect(await live.first).toEqual({
      code: liveCloseCodes.forbidden,
      reason: liveCloseReasons.crossSite,
    });
  });

  it('accepts the same socket from our own origin: the agent’s state arrives', async () => {
    const agent = await signedInAgent(t);
    const live = openLive({ cookie: agent.cookie, origin: ownOrigin });
    const first = await live.first;
    expect(first).toMatchObject({ event: { type: 'agent.state' } });
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    await closeAndWait(live);
  });

  it('refuses an anonymous socket with 4401 before looking at anything else', async () => {
    const live = openLive({ origin: ownOrigin });
    expect(await live.first).toEqual({
      code: liveCloseCodes.notSignedIn,
      reason: liveCloseReasons.notSignedIn,
    });
  });
});

describe(`at most ${SOCKETS_PER_USER} live sockets per user on a process`, () => {
  it('closes one more with 4429 while the others stay open; another user is unaffected', async () => {
    const agent = await signedInAgent(t);
    const tabs = Array.from({ length: SOCKETS_PER_USER }, () =>
      openLive({ cookie: agent.cookie, origin: ownOrigin }),
    );
    for (const tab of tabs) {
      expect(await tab.first).toMatchObject({ event: { type: 'agent.state' } });
    }

    const oneTooMany = openLive({ cookie: agent.cookie, origin: ownOrigin });
    expect(await oneTooMany.first).toEqual({
      code: liveRetryCloseCodes.tooManyConnections,
      reason: liveCloseReasons.tooManyConnections,
    });
    for (const tab of tabs) expect(tab.socket.readyState).toBe(WebSocket.OPEN);

    // Another agent, and the same agent's other session (counted together: it is the user).
    const other = await signedInAgent(t);
    const otherTab = openLive({ cookie: other.cookie, origin: ownOrigin });
    expect(await otherTab.first).toMatchObject({ event: { type: 'agent.state' } });
    const secondSession = await signedInAgent(t, { agent: agent.agent });
    const fromSecondSession = openLive({ cookie: secondSession.cookie, origin: ownOrigin });
    expect(await fromSecondSession.first).toMatchObject({
      code: liveRetryCloseCodes.tooManyConnections,
    });

    // A tab closed frees its place, once the server has seen it close (its connection row
    // is closed after the count is given back).
    await closeAndWait(tabs[0]!);
    await vi.waitFor(async () => {
      const closedRows = await t.db
        .selectFrom('live_connections')
        .select('id')
        .where('user_id', '=', agent.agent.id)
        .where('closed_at', 'is not', null)
        .execute();
      expect(closedRows).toHaveLength(1);
    });
    const again = openLive({ cookie: agent.cookie, origin: ownOrigin });
    expect(await again.first).toMatchObject({ event: { type: 'agent.state' } });

    for (const live of [...tabs.slice(1), otherTab, again]) await closeAndWait(live);
  });

  it('counts sockets opened at the same moment (none slips in while others register)', async () => {
    const agent = await signedInAgent(t);
    const burst = Array.from({ length: SOCKETS_PER_USER + 4 }, () =>
      openLive({ cookie: agent.cookie, origin: ownOrigin }),
    );
    const results = await Promise.all(burst.map((live) => live.first));
    const accepted = results.filter((result) => 'event' in result);
    const refused = results.filter(
      (result) => 'code' in result && result.code === liveRetryCloseCodes.tooManyConnections,
    );
    expect(accepted).toHaveLength(SOCKETS_PER_USER);
    expect(refused).toHaveLength(4);
    for (const live of burst) await closeAndWait(live);
  });

  it('counts an admin’s floor sockets the same way', async () => {
    const admin = await signedInAgent(t, { agent: await newAdmin(t.db) });
    const floors = Array.from({ length: SOCKETS_PER_USER }, () =>
      openLive({ cookie: admin.cookie, origin: ownOrigin }),
    );
    for (const floor of floors) {
      expect(await floor.first).toMatchObject({ event: { type: 'floor.snapshot' } });
    }
    const oneTooMany = openLive({ cookie: admin.cookie, origin: ownOrigin });
    expect(await oneTooMany.first).toMatchObject({
      code: liveRetryCloseCodes.tooManyConnections,
    });
    for (const floor of floors) await closeAndWait(floor);
  });

  it('records no live connection for a refused socket', async () => {
    const agent = await signedInAgent(t, { agent: await newEmployee(t.db) });
    const tabs = Array.from({ length: SOCKETS_PER_USER + 1 }, () =>
      openLive({ cookie: agent.cookie, origin: ownOrigin }),
    );
    await Promise.all(tabs.map((tab) => tab.first));
    const rows = await t.db
      .selectFrom('live_connections')
      .select('id')
      .where('user_id', '=', agent.agent.id)
      .execute();
    expect(rows).toHaveLength(SOCKETS_PER_USER);
    for (const tab of tabs) await closeAndWait(tab);
  });
});

describe('a socket the server closes', () => {
  it('is recorded closed once the browser answers the close', async () => {
    const agent = await signedInAgent(t);
    const live = openLive({ cookie: agent.cookie, origin: ownOrigin });
    await live.first;
    await agent.signOut();
    t.clock.advance(t.config.callEngine.heartbeatMs);
    await t.app.callEngine.tick();
    expect(await live.closed).toEqual({
      code: liveCloseCodes.notSignedIn,
      reason: liveCloseReasons.notSignedIn,
    });
    await vi.waitFor(async () => {
      const open = await t.db
        .selectFrom('live_connections')
        .select('id')
        .where('user_id', '=', agent.agent.id)
        .where('closed_at', 'is', null)
        .execute();
      expect(open).toEqual([]);
    });
  });
});
