import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { AgentState } from '../../../shared/schemas/agent';
import { signedInAgent } from '../../test/agent';
import { newEmployee } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createLiveHub } from './live-hub';

const t = await createTestApp();

/** A socket that records what it is sent. */
function fakeSocket() {
  const sent: unknown[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (data: string) => sent.push(JSON.parse(data)),
    on: () => socket,
  };
  return { socket: socket as unknown as WebSocket, sent };
}

describe('live hub', () => {
  it('resends every local agent’s state when listening resumes after a lost connection', async () => {
    let relisten: (() => void) | undefined;
    const hub = createLiveHub({
      db: t.db,
      listen: async (_channel, _onPayload, onRelisten) => {
        relisten = onRelisten;
        return async () => undefined;
      },
      instanceId: 'test-instance',
      stateOf: async () => ({ status: 'break' }) as AgentState,
      floorOf: async () => [],
      scopesOf: async () => new Map(),
      now: () => new Date(),
      deadAfterMs: 10_000,
      sessionIdleMs: 3_600_000,
      log: { warn: () => undefined },
    });
    await hub.start();
    const agent = await newEmployee(t.db);
    const { socket, sent } = fakeSocket();
    const session = await signedInAgent(t, t.app, agent);
    const sessionId = (
      await t.db
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', agent.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect(session.cookie).toBeTruthy();
    await hub.attach(socket, agent.id, sessionId, t.clock.now());
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    relisten!();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ type: 'agent.state', state: { status: 'break' } });
  });

  it('closes the socket of a session that has idled out', async () => {
    const agent = await signedInAgent(t, t.app);
    const live = await agent.connect();
    await live.waitFor(() => true);
    t.clock.advance(t.config.sessionIdleHours * 3_600_000 + 1000);
    await t.app.callEngine.tick();
    expect(await live.closed).toEqual({ code: 4401, reason: 'Not signed in' });
  });
});
