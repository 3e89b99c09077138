import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { LiveEvent } from '../../../shared/live';
import { connectLive, signedInAgent } from '../../test/agent';
import { joinTeam, newSuperAdmin, newTeam } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

// Two server instances on one database, each with its own live hub (its own LISTEN
// connection on PostgreSQL) and call engine: what CI's PostgreSQL pass checks across
// processes. With the offer delay pinned to its middle an offer comes 8 s after the agent is eligible.
const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
const second = await buildApp(t.config, t.database, {
  clock: t.clock,
  random: () => 0.5,
  offerDelayFraction: () => 0.5,
});
await second.ready();
afterAll(() => second.close());
const instances = [t.app, second];

describe('two server instances on one database', () => {
  it('events cross instances, each agent gets one offer, and a timeout fires without the offering instance', async () => {
    const agents = await Promise.all(Array.from({ length: 4 }, () => signedInAgent(t)));
    // Each agent has a tab on the first instance and one on the second.
    const tabs = await Promise.all(
      agents.map(async (agent) => ({
        onFirst: await agent.connect(),
        onSecond: await signedInAgent(t, { app: second, agent: agent.agent }).then((s) =>
          s.connect(),
        ),
      })),
    );
    for (const agent of agents) await agent.setStatus('available');
    // A status change made through the first instance reaches the tab on the second.
    await Promise.all(tabs.map((tab) => tab.onSecond.waitFor((s) => s.status === 'available')));

    t.clock.advance(8000);
    await Promise.all(instances.flatMap((app) => [app.callEngine.tick(), app.callEngine.tick()]));
    const rows = await t.db.selectFrom('call_logs').select(['user_id', 'ring_deadline']).execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual(
      agents.map((agent) => agent.agent.id).sort(),
    );
    await Promise.all(tabs.map((tab) => tab.onSecond.waitFor((s) => s.call?.phase === 'ringing')));

    // The first instance stops (as if it died): the second resolves every ring on time.
    await t.app.callEngine.stop();
    t.clock.advance(20_000);
    await second.callEngine.tick();
    const missed = await t.db
      .selectFrom('call_logs')
      .select('call_status')
      .where('call_status', '=', 'missed')
      .execute();
    expect(missed).toHaveLength(4);
    await Promise.all(tabs.map((tab) => tab.onSecond.waitFor((s) => s.call === null)));
  });

  it("a team's queue: each caller offered once across instances, its tile pushed from either", async () => {
    const team = await newTeam(t.db);
    const agents = await Promise.all(Array.from({ length: 2 }, () => signedInAgent(t)));
    for (const agent of agents) {
      await joinTeam(t.db, team, agent.agent);
      await agent.connect();
      await agent.setStatus('available');
    }
    // The admin watches the floor through the second instance; the change goes through the first.
    const admin = await signInAs(second, await newSuperAdmin(t.db));
    const floor = await connectLive(second, { cookie: admin.cookie });
    const tiles = () =>
      floor.events.filter(
        (event): event is Extract<LiveEvent, { type: 'floor.queue' }> =>
          event.type === 'floor.queue' && event.teamId === team.id,
      );
    await vi.waitFor(() => expect(floor.events[0]?.type).toBe('floor.snapshot'));
    await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team.id}/inbound`,
      headers: { cookie: (await signInAs(t, await newSuperAdmin(t.db))).cookie },
      payload: { mode: 'queue', callsPerHour: 7200, patienceSeconds: 0 },
    });
    await vi.waitFor(() => expect(tiles().at(-1)?.queue?.mode).toBe('queue'), { timeout: 1000 });

    // Both instances tick at once, again and again: three callers, two agents, one offer each.
    await Promise.all(instances.map((app) => app.callEngine.tick()));
    for (let i = 0; i < 6; i++) {
      t.clock.advance(500);
      await Promise.all(instances.flatMap((app) => [app.callEngine.tick(), app.callEngine.tick()]));
    }
    const callers = await t.db
      .selectFrom('queue_callers')
      .select('id')
      .where('team_id', '=', team.id)
      .execute();
    expect(callers.length).toBeGreaterThanOrEqual(3);
    const offers = await t.db
      .selectFrom('call_logs')
      .select(['user_id', 'caller_id'])
      .where('caller_id', 'is not', null)
      .execute();
    expect(offers).toHaveLength(2);
    expect(new Set(offers.map((offer) => offer.caller_id)).size).toBe(2);
    await vi.waitFor(() => expect(tiles().at(-1)?.queue?.callsWaiting).toBe(callers.length), {
      timeout: 1000,
    });
    floor.socket.close();
  });

  // Only PostgreSQL has a LISTEN connection of its own to lose.
  it.runIf(process.env.DATABASE_URL)(
    'a lost LISTEN connection is replaced and the missed changes are sent again',
    async () => {
      const agent = await signedInAgent(t);
      const onSecond = await signedInAgent(t, { app: second, agent: agent.agent }).then((s) =>
        s.connect(),
      );
      await onSecond.waitFor((s) => s.status === 'gone_home');
      const killed = await sql<{ pid: number }>`
        SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN%'
      `.execute(t.db);
      expect(killed.rows.length).toBeGreaterThanOrEqual(2); // both instances' listeners
      await agent.setStatus('lunch');
      await onSecond.waitFor((s) => s.status === 'lunch', 10_000);
    },
  );
});
