import { expect, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LIVE_PATH, type LiveEvent, type LiveTabMessage } from '../../shared/live';
import type { AgentState } from '../../shared/schemas/agent';
import type { App } from '../app';
import type { Db } from '../platform/database';
import { newEmployee } from './factories';
import { signInAs } from './sign-in';
import { OFFER_DELAY_FRACTION, type TestApp } from './test-app';

/** A live socket in a test: every event it got, and a way to wait for one. */
export interface LiveClient {
  socket: WebSocket;
  events: LiveEvent[];
  /** The state in the latest `agent.state` event. */
  latest(): AgentState | undefined;
  /** Waits until the latest state satisfies `check` (it may throw, as an expect does). */
  waitFor(check: (state: AgentState) => unknown, timeoutMs?: number): Promise<AgentState>;
  closed: Promise<{ code: number; reason: string }>;
}

/** `tab`: the browser tab's id the socket gives on open (see LIVE_TAB_HEADER). */
export async function connectLive(
  app: App,
  headers: Record<string, string>,
  tab?: string,
): Promise<LiveClient> {
  const events: LiveEvent[] = [];
  let resolveClosed: (value: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    resolveClosed = resolve;
  });
  const socket = await app.injectWS(
    LIVE_PATH,
    { headers },
    {
      onInit(ws) {
        ws.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()) as LiveEvent));
        if (tab !== undefined) {
          ws.once('open', () => ws.send(JSON.stringify({ type: 'tab', tab } as LiveTabMessage)));
        }
        ws.on('close', (code: number, reason: Buffer) =>
          resolveClosed({ code, reason: reason.toString() }),
        );
      },
    },
  );
  const latest = () => events.findLast((event) => event.type === 'agent.state')?.state;
  return {
    socket,
    events,
    latest,
    closed,
    waitFor: (check, timeoutMs = 1000) =>
      vi.waitFor(
        () => {
          const state = latest();
          if (!state || check(state) === false) throw new Error('not yet');
          return state;
        },
        { timeout: timeoutMs },
      ),
  };
}

/**
 * A signed-in agent (a new employee unless `agent` is given) with request helpers against the
 * test app, or against `app` (a restarted or second server on the same database).
 */
export async function signedInAgent(
  t: Pick<TestApp, 'db' | 'app'>,
  { app = t.app, agent: existing }: { app?: App; agent?: { id: string; username: string } } = {},
) {
  const agent = existing ?? (await newEmployee(t.db));
  const { cookie, as } = await signInAs(app, agent);
  return {
    agent,
    cookie,
    as,
    state: async () => (await as('GET', '/api/agent/state')).json<AgentState>(),
    setStatus: (status: string) => as('PUT', '/api/agent/status', { status }),
    signOut: () => as('POST', '/api/auth/sign-out'),
    /**
     * Resolves once the server has recorded the connection (its first event) or closed it;
     * `tab`: the id the socket gives as its browser tab's.
     */
    connect: async (tab?: string) => {
      const live = await connectLive(app, { cookie }, tab);
      let closed = false;
      void live.closed.then(() => (closed = true));
      await vi.waitFor(() => {
        if (!closed && live.events.length === 0) throw new Error('not yet');
      });
      return live;
    },
  };
}

/**
 * An agent who is connected and Available, with the call engine's offer ringing: the clock
 * moved to the test app's offer delay, rounded up to the millisecond, and the engine ticked.
 */
export async function ringingAgent(t: Pick<TestApp, 'db' | 'app' | 'clock'>) {
  const agent = await signedInAgent(t);
  const live = await agent.connect();
  await agent.setStatus('available');
  const { offerDelayMinMs, offerDelayMaxMs } = t.app.ctx.config.callEngine;
  t.clock.advance(
    Math.ceil(offerDelayMinMs + (offerDelayMaxMs - offerDelayMinMs) * OFFER_DELAY_FRACTION),
  );
  await t.app.callEngine.tick();
  const state = await live.waitFor((s) => s.call?.phase === 'ringing');
  return { ...agent, live, call: state.call! };
}

/** Waits until the server has recorded every socket of the agent as closed. */
export function connectionClosedOf(db: Db, userId: string) {
  return vi.waitFor(async () => {
    const open = await db
      .selectFrom('live_connections')
      .select('id')
      .where('user_id', '=', userId)
      .where('closed_at', 'is', null)
      .execute();
    expect(open).toHaveLength(0);
  });
}

/** The agent's call log rows, oldest first. */
export function callRowsOf(db: Db, userId: string) {
  return db
    .selectFrom('call_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('time_received')
    .execute();
}
