import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/live';
import { type FloorAgent, type FloorPage, floorPageSchema } from '../../../shared/schemas/floor';
import type { AgentStatus } from '../../../shared/statuses';
import { type LiveClient, connectLive, signedInAgent } from '../../test/agent';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
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

const getFloor = async (cookie: string, query = '') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/analytics/live${query ? `?${query}` : ''}`,
      headers: { cookie },
    })
  ).json<FloorPage>();

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
    expect(floorPageSchema.parse(all)).toEqual(all);
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

describe('GET /api/analytics/live: a page of the floor', () => {
  const marker = `fl${randomBytes(3).toString('hex')}`;
  let alpha: { id: string };

  /** An agent on the floor as the database holds it: status for `inStatus` s, a call, a socket. */
  async function floorAgent(
    name: string,
    options: {
      team?: { id: string };
      fullName?: string;
      status?: AgentStatus;
      inStatus?: number;
      onCallFor?: number;
      isConnected?: boolean;
    } = {},
  ) {
    const agent = await newEmployee(t.db, { username: `${marker}_${name}` });
    const now = t.clock.now().getTime();
    const ago = (seconds: number) => new Date(now - seconds * 1000);
    if (options.team) await joinTeam(t.db, options.team, agent);
    if (options.fullName) {
      await t.db
        .insertInto('employee_info')
        .values({ user_id: agent.id, full_name: options.fullName })
        .execute();
    }
    if (options.status) {
      await t.db
        .insertInto('employee_status_log')
        .values({ user_id: agent.id, status: options.status, started_at: ago(options.inStatus!) })
        .execute();
    }
    if (options.onCallFor !== undefined) {
      await t.db
        .insertInto('call_logs')
        .values({
          user_id: agent.id,
          phone_number: '2125550100',
          call_type: 'inbound',
          call_status: 'answered',
          time_received: ago(options.onCallFor + 5),
          answered_at: ago(options.onCallFor),
        })
        .execute();
    }
    if (options.isConnected) {
      await t.db
        .insertInto('live_connections')
        .values({
          user_id: agent.id,
          session_id: randomUUID(),
          instance_id: 'floor-test',
          opened_at: ago(0),
          seen_at: ago(0),
        })
        .execute();
    }
    return agent;
  }

  // Five agents whose every column differs, so each sort has one answer.
  beforeAll(async () => {
    alpha = await newTeam(t.db, { name: `Alpha ${marker}` });
    const beta = await newTeam(t.db, { name: `Beta ${marker}` });
    await floorAgent('a', {
      team: beta,
      fullName: `Fullname${marker}`,
      status: 'break',
      inStatus: 300,
      isConnected: true,
    });
    await floorAgent('b', {
      team: alpha,
      status: 'on_call',
      inStatus: 60,
      onCallFor: 60,
      isConnected: true,
    });
    await floorAgent('c', { status: 'available', inStatus: 200 });
    await floorAgent('d', { team: alpha });
    await floorAgent('e', {
      team: beta,
      status: 'on_call',
      inStatus: 120,
      onCallFor: 100,
      isConnected: true,
    });
  });
  const names = (page: FloorPage) => page.agents.map((a) => a.username.slice(marker.length + 1));

  it.each([
    ['username', 'abcde', 'edcba'],
    // Ties by username; no team after either way.
    ['team', 'bdaec', 'aebdc'],
    // The catalogue's order: Available, On Call, Break, …, Gone Home.
    ['status', 'cbead', 'dabec'],
    // Time in status, the shortest first; never set (Gone Home) after either way.
    ['since', 'becad', 'acebd'],
    ['call', 'beacd', 'ebacd'],
    // Offline first.
    ['softphone', 'cdabe', 'abecd'],
  ])('sorts by %s both ways', async (column, ascending, descending) => {
    const up = await getFloor(cookies.super, `search=${marker}&sort=${column}`);
    expect(names(up).join('')).toBe(ascending);
    const down = await getFloor(cookies.super, `search=${marker}&sort=-${column}`);
    expect(names(down).join('')).toBe(descending);
  });

  it('searches the username, the full name and the team name; counts the scope beside', async () => {
    const all = await getFloor(cookies.super);
    const byMarker = await getFloor(cookies.super, `search=${marker.toUpperCase()}`);
    expect(names(byMarker).join('')).toBe('abcde');
    expect(byMarker).toMatchObject({ total: all.total, matching: 5, page: 1, pageSize: 50 });
    expect(names(await getFloor(cookies.super, `search=fullname${marker}`))).toEqual(['a']);
    const team = await getFloor(cookies.super, `search=${encodeURIComponent(`ALPHA ${marker}`)}`);
    expect(names(team)).toEqual(['b', 'd']);
    expect(team.matching).toBe(2);

    // The status filter narrows what matches; the counts by status stay the scope's.
    const onCall = await getFloor(cookies.super, `search=${marker}&status=on_call`);
    expect(names(onCall)).toEqual(['b', 'e']);
    expect(onCall).toMatchObject({ total: all.total, matching: 2 });
    expect(onCall.statusCounts).toEqual(all.statusCounts);
    expect(Object.values(all.statusCounts).reduce((sum, n) => sum + n, 0)).toBe(all.total);
    expect((await getFloor(cookies.super, `search=${marker}&status=lunch`)).agents).toEqual([]);
  });

  it("keeps an admin with a team to their team's agents, counted in that scope", async () => {
    const leader = await newAdmin(t.db);
    await joinTeam(t.db, alpha, leader, 'team_leader');
    const { cookie } = await signInAs(t, leader);
    const floor = await getFloor(cookie, 'sort=-username');
    expect(names(floor)).toEqual(['d', 'b']);
    expect(floor).toMatchObject({ total: 2, matching: 2 });
    expect(floor.statusCounts).toMatchObject({ on_call: 1, gone_home: 1, available: 0, break: 0 });
    expect((await getFloor(cookie, `search=${marker}_a`)).matching).toBe(0);
  });

  it('pages, and answers the last page for one past it', async () => {
    for (let i = 0; i < 30; i += 1) await floorAgent(`p${String(i).padStart(2, '0')}`);
    const query = `search=${marker}_p&pageSize=25`;
    const first = await getFloor(cookies.super, query);
    expect(first).toMatchObject({ matching: 30, page: 1, pageSize: 25 });
    expect(names(first)).toHaveLength(25);
    expect(names(first).slice(0, 2)).toEqual(['p00', 'p01']);
    const second = await getFloor(cookies.super, `${query}&page=2`);
    expect(names(second)).toEqual(['p25', 'p26', 'p27', 'p28', 'p29']);
    const past = await getFloor(cookies.super, `${query}&page=9`);
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(past.agents).toEqual(second.agents);
  });

  it.each([
    ['sort=password', 'sort'],
    ['sort=-', 'sort'],
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['status=asleep', 'status'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/live?${query}`,
      headers: { cookie: cookies.super },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(`querystring.${field}`);
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
