import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/live';
import { type Floor, type FloorAgent, floorSchema } from '../../../shared/schemas/floor';
import { type LiveClient, connectLive, signedInAgent } from '../../test/agent';
import { joinTeam, newAdmin, newSuperAdmin, newTeam } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

const t = await createTestApp();
t.clock.set('2026-03-02T15:00:00Z');

const north = await newTeam(t.db, { name: 'North' });
const south = await newTeam(t.db, { name: 'South' });

const superAdmin = await signInAs(t, await newSuperAdmin(t.db));
const northAdmin = await newAdmin(t.db);
await joinTeam(t.db, north, northAdmin);
const cookies = { super: superAdmin.cookie, north: (await signInAs(t, northAdmin)).cookie };
/** The super admin moves and deletes agents. */
const superAs = superAdmin.as;

async function agentIn(team: { id: string }) {
  const agent = await signedInAgent(t);
  await joinTeam(t.db, team, agent.agent);
  return agent;
}

const getFloor = async (cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/analytics/live', headers: { cookie } })
  ).json<Floor>();

/** The floor events a watcher has had since `from` (an index into its events). */
function floorEvents(live: LiveClient, from = 0) {
  return live.events
    .slice(from)
    .filter(
      (event): event is Extract<LiveEvent, { type: 'floor.agent' }> => event.type === 'floor.agent',
    );
}

/** The next heartbeat: sessions and scopes of the sockets are checked again. */
async function heartbeat() {
  t.clock.advance(t.config.callEngine.heartbeatMs);
  await t.app.callEngine.tick();
}

async function watch(cookie: string) {
  const live = await connectLive(t.app, { cookie });
  await vi.waitFor(() => expect(live.events[0]?.type).toBe('floor.snapshot'));
  const snapshot = live.events[0] as Extract<LiveEvent, { type: 'floor.snapshot' }>;
  return { live, snapshot: snapshot.floor };
}

describe('GET /api/analytics/live', () => {
  it('lists each agent in scope with status, time in it, call and connection', async () => {
    const agent = await agentIn(north);
    const other = await agentIn(south);
    const named = await agent.as('PATCH', '/api/me/profile', { fullName: 'Nora North' });
    expect(named.statusCode, named.body).toBe(200);
    const live = await agent.connect();
    t.clock.advance(1000);
    await agent.setStatus('out_bound');
    t.clock.advance(1000);
    const dialled = await agent.as('POST', '/api/agent/calls/outbound', {
      phoneNumber: '2125550100',
    });
    expect(dialled.statusCode, dialled.body).toBe(200);

    const floor = await getFloor(cookies.north);
    expect(floor.serverNow).toBe(t.clock.now().toISOString());
    const entry = floor.agents.find((a) => a.id === agent.agent.id);
    expect(entry).toEqual<FloorAgent>({
      id: agent.agent.id,
      username: agent.agent.username,
      fullName: 'Nora North',
      teamId: north.id,
      teamName: 'North',
      status: 'on_call',
      since: t.clock.now().toISOString(),
      isConnected: true,
      call: {
        phase: 'active',
        callType: 'outbound',
        phoneNumber: '2125550100',
        since: t.clock.now().toISOString(),
      },
    });
    // The north team's admin sees no one from the south; the super admin sees both.
    expect(floor.agents.some((a) => a.id === other.agent.id)).toBe(false);
    expect(floor.agents.every((a) => a.teamId === north.id)).toBe(true);
    const all = await getFloor(cookies.super);
    // Sent without the zod pass (plainJsonResponse): exactly what the schema allows.
    expect(floorSchema.parse(all)).toEqual(all);
    expect(all.agents.map((a) => a.id)).toEqual(
      expect.arrayContaining([agent.agent.id, other.agent.id]),
    );
    // A never-used agent is Gone Home since nothing, and not connected.
    expect(all.agents.find((a) => a.id === other.agent.id)).toMatchObject({
      status: 'gone_home',
      since: null,
      isConnected: false,
      call: null,
    });
    live.socket.terminate();
  });

  it('does not count a connection its crashed process stopped refreshing', async () => {
    const agent = await agentIn(north);
    const live = await agent.connect();
    await vi.waitFor(async () =>
      expect(
        (await getFloor(cookies.north)).agents.find((a) => a.id === agent.agent.id)?.isConnected,
      ).toBe(true),
    );
    t.clock.advance(t.config.callEngine.disconnectGraceMs + 1);
    const entry = (await getFloor(cookies.north)).agents.find((a) => a.id === agent.agent.id);
    expect(entry?.isConnected).toBe(false);
    live.socket.terminate();
  });
});

describe('the live floor over the socket', () => {
  it('sends the floor at once, then each change of an agent in scope only', async () => {
    const mine = await agentIn(north);
    const theirs = await agentIn(south);
    const north$ = await watch(cookies.north);
    const super$ = await watch(cookies.super);
    expect(north$.snapshot.agents.some((a) => a.id === mine.agent.id)).toBe(true);
    expect(north$.snapshot.agents.some((a) => a.id === theirs.agent.id)).toBe(false);

    const northFrom = north$.live.events.length;
    const superFrom = super$.live.events.length;
    await mine.setStatus('break');
    await theirs.setStatus('lunch');
    await vi.waitFor(() =>
      expect(floorEvents(super$.live, superFrom).map((e) => e.agent?.status)).toEqual(
        expect.arrayContaining(['break', 'lunch']),
      ),
    );
    await vi.waitFor(() =>
      expect(floorEvents(north$.live, northFrom)).toEqual([
        {
          type: 'floor.agent',
          agentId: mine.agent.id,
          agent: expect.objectContaining({ status: 'break', since: t.clock.now().toISOString() }),
          serverNow: t.clock.now().toISOString(),
        },
      ]),
    );
    // Nothing about the south agent reached the north admin.
    expect(JSON.stringify(north$.live.events)).not.toContain(theirs.agent.id);
    north$.live.socket.terminate();
    super$.live.socket.terminate();
  });

  it('shows an agent joining and leaving the team, and a deleted agent leaving', async () => {
    const north$ = await watch(cookies.north);
    const mover = await agentIn(south);
    const from = north$.live.events.length;

    // Moved into North by the super admin: it appears.
    const added = await superAs('POST', `/api/teams/${north.id}/members`, {
      userId: mover.agent.id,
      role: 'member',
    });
    expect(added.statusCode, added.body).toBe(201);
    await vi.waitFor(() =>
      expect(floorEvents(north$.live, from).at(-1)).toMatchObject({
        agentId: mover.agent.id,
        agent: { teamId: north.id },
      }),
    );
    // Moved back to South: it leaves North's floor.
    await superAs('POST', `/api/teams/${south.id}/members`, {
      userId: mover.agent.id,
      role: 'member',
    });
    await vi.waitFor(() =>
      expect(floorEvents(north$.live, from).at(-1)).toMatchObject({
        agentId: mover.agent.id,
        agent: null,
      }),
    );

    // Deleted: it leaves the super admin's floor.
    const super$ = await watch(cookies.super);
    const superFrom = super$.live.events.length;
    expect((await superAs('DELETE', `/api/employees/${mover.agent.id}`)).statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(floorEvents(super$.live, superFrom).at(-1)).toMatchObject({
        agentId: mover.agent.id,
        agent: null,
      }),
    );
    north$.live.socket.terminate();
    super$.live.socket.terminate();
  });

  it('takes a moved admin off the old scope at once, and shows a team renamed', async () => {
    const admin = await newAdmin(t.db);
    await joinTeam(t.db, north, admin);
    const { live } = await watch((await signInAs(t, admin)).cookie);

    // Moved to South by the super admin: a South snapshot, no heartbeat needed.
    const moved = await superAs('POST', `/api/teams/${south.id}/members`, {
      userId: admin.id,
      role: 'member',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await vi.waitFor(() => {
      const snapshots = live.events.filter((e) => e.type === 'floor.snapshot');
      expect(snapshots).toHaveLength(2);
      expect(snapshots[1]?.floor.agents.every((a) => a.teamId === south.id)).toBe(true);
    });

    // South renamed: its agents come again with the new name.
    const agent = await agentIn(south);
    const from = live.events.length;
    const renamed = await superAs('PATCH', `/api/teams/${south.id}`, {
      name: 'South Side',
      description: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await vi.waitFor(() =>
      expect(
        floorEvents(live, from).find((e) => e.agentId === agent.agent.id)?.agent?.teamName,
      ).toBe('South Side'),
    );
    live.socket.terminate();
  });

  it('shows the softphone opening and closing', async () => {
    const agent = await agentIn(north);
    const north$ = await watch(cookies.north);
    const from = north$.live.events.length;
    const phone = await agent.connect();
    await vi.waitFor(() =>
      expect(floorEvents(north$.live, from).at(-1)?.agent).toMatchObject({ isConnected: true }),
    );
    phone.socket.terminate();
    await vi.waitFor(() =>
      expect(floorEvents(north$.live, from).at(-1)?.agent).toMatchObject({ isConnected: false }),
    );
    north$.live.socket.terminate();
  });

  it("sends a new snapshot when the admin's team changes, and closes a signed-out admin's socket", async () => {
    const admin = await newAdmin(t.db);
    await joinTeam(t.db, north, admin);
    const { cookie } = await signInAs(t, admin);
    const { live, snapshot } = await watch(cookie);
    expect(snapshot.agents.every((a) => a.teamId === north.id)).toBe(true);

    await joinTeam(t.db, south, admin);
    await heartbeat();
    await vi.waitFor(() => {
      const last = live.events.findLast((e) => e.type === 'floor.snapshot');
      expect(last && last !== live.events[0]).toBe(true);
    });
    const latest = live.events.findLast((e) => e.type === 'floor.snapshot') as Extract<
      LiveEvent,
      { type: 'floor.snapshot' }
    >;
    expect(latest.floor.agents.every((a) => a.teamId === south.id)).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    await heartbeat();
    expect((await live.closed).code).toBe(4401);
  });
});
