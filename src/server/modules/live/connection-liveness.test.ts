import { describe, expect, it, vi } from 'vitest';
import type { Floor } from '../../../shared/schemas/floor';
import { signedInAgent } from '../../test/agent';
import { newSuperAdmin } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { INSTANCE_KEY_PREFIX } from './connection-liveness';

const t = await createTestApp();
t.clock.set('2026-03-02T15:00:00Z');

const superAdmin = await signInAs(t, await newSuperAdmin(t.db));

const isConnected = async (agentId: string) =>
  (await superAdmin.as('GET', '/api/analytics/live'))
    .json<Floor>()
    .agents.find((agent) => agent.id === agentId)?.isConnected;

describe('live connections are vouched for by their process', () => {
  it("keeps a socket counted through its process's heartbeats without rewriting its row", async () => {
    const agent = await signedInAgent(t);
    const live = await agent.connect();
    await vi.waitFor(async () => expect(await isConnected(agent.agent.id)).toBe(true));
    const row = () =>
      t.db
        .selectFrom('live_connections')
        .select(['seen_at'])
        .where('user_id', '=', agent.agent.id)
        .executeTakeFirstOrThrow();
    const openedAt = (await row()).seen_at;

    // Past the grace period since the socket opened, but heartbeats went on meanwhile.
    for (let beat = 0; beat < 5; beat++) {
      t.clock.advance(t.config.callEngine.heartbeatMs);
      await t.app.callEngine.tick();
    }
    expect(await isConnected(agent.agent.id)).toBe(true);
    expect((await row()).seen_at).toEqual(openedAt);
    const beats = await t.db
      .selectFrom('app_settings')
      .select('key')
      .where('key', 'like', `${INSTANCE_KEY_PREFIX}%`)
      .execute();
    expect(beats).toHaveLength(1);

    // The process stops beating (as a crashed one does): past the grace, not counted.
    t.clock.advance(t.config.callEngine.disconnectGraceMs + 1);
    expect(await isConnected(agent.agent.id)).toBe(false);
    live.socket.terminate();
  });
});
