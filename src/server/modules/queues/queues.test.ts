import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/live';
import type { FloorPage, FloorQueue } from '../../../shared/schemas/floor';
import { DEFAULT_INBOUND_SETTINGS, type InboundSettings } from '../../../shared/schemas/queues';
import { type LiveClient, callRowsOf, connectLive, signedInAgent } from '../../test/agent';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { describeViolations, findInvariantViolations } from '../invariants/invariants.repository';
import { exponential } from './queue-engine';

/**
 * Queues: a team's inbound settings (its leader's or a super admin's), and the engine's queue on
 * the fake clock: arrivals at the rate, first come first served to the agent idle longest,
 * declines and misses back to the queue, patience, mode changes and a deleted team.
 */
const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
const { as: asChief, cookie: chiefCookie } = await signInAs(t, await newSuperAdmin(t.db));
const tick = () => t.app.callEngine.tick();

// The test app's random source is always 0.5: every draw is its distribution's median.
const median = (mean: number) => exponential(() => 0.5, mean);

/** A new leader of the team, signed in. */
async function asLeaderCookie(teamId: string) {
  const leader = await newAdmin(t.db);
  await joinTeam(t.db, { id: teamId }, leader, 'team_leader');
  return signInAs(t, leader);
}

async function newTeamWithLeader() {
  const created = await asChief('POST', '/api/teams', { name: `Queue ${crypto.randomUUID()}` });
  const team = created.json<{ team: { id: string } }>().team;
  const { as } = await asLeaderCookie(team.id);
  return { team, as, url: `/api/teams/${team.id}/inbound` };
}

/** An agent of the team, connected and Available from now. */
async function availableAgent(teamId: string) {
  const agent = await signedInAgent(t, { agent: await newEmployee(t.db) });
  await joinTeam(t.db, { id: teamId }, agent.agent);
  const live = await agent.connect();
  expect((await agent.setStatus('available')).statusCode).toBe(200);
  return { ...agent, live };
}

function callers(teamId: string) {
  return t.db
    .selectFrom('queue_callers')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('arrived_at')
    .execute();
}

/** Ticks a second at a time until the team has had `count` callers. */
async function tickUntilCallers(teamId: string, count: number) {
  for (let second = 0; (await callers(teamId)).length < count; second++) {
    if (second === 600) throw new Error(`no ${count} callers in 10 minutes`);
    t.clock.advance(1000);
    await tick();
  }
}

const offersTo = async (userId: string) =>
  (await callRowsOf(t.db, userId)).map((row) => ({
    caller_id: row.caller_id,
    call_status: row.call_status,
  }));

describe("a team's inbound settings", () => {
  it('are per-agent by default; the leader changes some, the rest keep their values', async () => {
    const { as, url, team } = await newTeamWithLeader();
    expect((await as('GET', url)).json()).toEqual(DEFAULT_INBOUND_SETTINGS);

    const changed = await as('PUT', url, { mode: 'queue', callsPerHour: 120.5 });
    expect(changed.statusCode).toBe(200);
    const expected: InboundSettings = {
      ...DEFAULT_INBOUND_SETTINGS,
      mode: 'queue',
      callsPerHour: 120.5,
    };
    expect(changed.json()).toEqual(expected);
    expect((await asChief('GET', url)).json()).toEqual(expected);

    const whole = { ...expected, patienceSeconds: 0, serviceLevelSeconds: 30 };
    expect((await asChief('PUT', url, whole)).json()).toEqual(whole);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', team.id)
      .where('action', '=', 'team.inbound_changed')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]!.details).toEqual({ before: expected, after: whole });

    // The same settings again change nothing and write nothing.
    expect((await as('PUT', url, whole)).json()).toEqual(whole);
    const after = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('target_id', '=', team.id)
      .where('action', '=', 'team.inbound_changed')
      .execute();
    expect(after).toHaveLength(2);
  });

  it.each([
    [{ mode: 'fifo' }, 'mode', "Choose 'per-agent' or 'queue'"],
    [{ callsPerHour: 0 }, 'callsPerHour', 'Calls per hour must be more than 0'],
    [{ callsPerHour: -5 }, 'callsPerHour', 'Calls per hour must be more than 0'],
    [{ callsPerHour: 36_001 }, 'callsPerHour', 'Calls per hour must be at most 36,000'],
    [{ callsPerHour: '60' }, 'callsPerHour', 'Enter the calls per hour as a number'],
    [{ patienceSeconds: -1 }, 'patienceSeconds', 'The patience must be at least 0 seconds'],
    [{ patienceSeconds: 1.5 }, 'patienceSeconds', 'Enter the patience in whole seconds'],
    [
      { serviceLevelSeconds: 0 },
      'serviceLevelSeconds',
      'The service-level threshold must be at least 1 seconds',
    ],
    [{ serviceLevelTargetPercent: 101 }, 'serviceLevelTargetPercent', 'at most 100 %'],
  ])('refuse %j with the field named', async (body, field, message) => {
    const { as, url } = await newTeamWithLeader();
    const response = await as('PUT', url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(field);
    expect(response.json().error.message).toContain(message);
    expect((await as('GET', url)).json()).toEqual(DEFAULT_INBOUND_SETTINGS);
  });

  it("are another team's leader's to neither read nor change; an unknown team is 404", async () => {
    const { url } = await newTeamWithLeader();
    const { as: otherLeader } = await newTeamWithLeader();
    expect((await otherLeader('GET', url)).statusCode).toBe(403);
    expect((await otherLeader('PUT', url, { mode: 'queue' })).statusCode).toBe(403);
    const unknown = `/api/teams/${crypto.randomUUID()}/inbound`;
    expect((await asChief('GET', unknown)).statusCode).toBe(404);
    expect((await asChief('PUT', unknown, { mode: 'queue' })).statusCode).toBe(404);
  });
});

describe('the queue', () => {
  afterEach(async () => {
    await tick();
    const found = await findInvariantViolations(t.db, { now: t.clock.now(), ringGraceMs: 0 });
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('callers arrive at the rate and go first come first served to the agent idle longest', async () => {
    const { team, url } = await newTeamWithLeader();
    const first = await availableAgent(team.id);
    t.clock.advance(1000);
    const second = await availableAgent(team.id);
    // Per-agent offers skip a queue team's agents, however long they wait.
    await asChief('PUT', url, { mode: 'queue', callsPerHour: 3600, patienceSeconds: 0 });
    const start = t.clock.now().getTime();
    await tick(); // draws the first arrival
    const gap = median(1000);
    t.clock.set(new Date(start + gap * 3 + 1));
    await tick();

    const arrived = await callers(team.id);
    expect(arrived.map((caller) => caller.arrived_at.getTime())).toEqual(
      [1, 2, 3].map((n) => Math.floor(start + gap * n)),
    );
    expect(arrived.every((caller) => caller.gives_up_at === null)).toBe(true);
    // The oldest caller rings at the agent idle longest, the next at the other; one waits.
    expect(await offersTo(first.agent.id)).toEqual([
      { caller_id: arrived[0]!.id, call_status: null },
    ]);
    expect(await offersTo(second.agent.id)).toEqual([
      { caller_id: arrived[1]!.id, call_status: null },
    ]);
    const ringing = await first.live.waitFor((s) => s.call?.phase === 'ringing');
    expect(ringing.call!.phoneNumber).toBe(arrived[0]!.phone_number);

    // A decline puts the caller back ahead of the third; the second agent's answer ends a wait.
    expect(
      (await first.as('POST', `/api/agent/calls/${ringing.call!.id}/decline`)).statusCode,
    ).toBe(200);
    const secondCall = (await second.state()).call!;
    const answeredAt = t.clock.now();
    await second.as('POST', `/api/agent/calls/${secondCall.id}/answer`);
    const [, answered] = await callers(team.id);
    expect(answered).toMatchObject({ outcome: 'answered', ended_at: answeredAt });

    t.clock.advance(1);
    await tick();
    // The first agent, free again, is offered the caller they declined: still first in line.
    expect(await offersTo(first.agent.id)).toEqual([
      { caller_id: arrived[0]!.id, call_status: 'declined' },
      { caller_id: arrived[0]!.id, call_status: null },
    ]);
    await asChief('DELETE', `/api/teams/${team.id}`);
  });

  it('a ring that ended after the moment a tick works at waits for the next tick', async () => {
    const { team, url } = await newTeamWithLeader();
    const agent = await availableAgent(team.id);
    await asChief('PUT', url, { mode: 'queue', callsPerHour: 60, patienceSeconds: 0 });
    await tickUntilCallers(team.id, 1);
    const ringing = (await agent.live.waitFor((s) => s.call?.phase === 'ringing')).call!;
    t.clock.advance(1000);
    await agent.as('POST', `/api/agent/calls/${ringing.id}/decline`);
    // A tick that began before the decline committed offers neither the caller nor the agent.
    await t.app.callEngine.tick(new Date(t.clock.now().getTime() - 10));
    expect(await offersTo(agent.agent.id)).toEqual([
      { caller_id: expect.any(String), call_status: 'declined' },
    ]);
    await tick();
    expect((await offersTo(agent.agent.id)).map((offer) => offer.call_status)).toEqual([
      'declined',
      null,
    ]);
    await asChief('DELETE', `/api/teams/${team.id}`);
  });

  it('offers that ring out count toward the pause after missed calls, as per-agent ones do', async () => {
    const { team, url } = await newTeamWithLeader();
    const agent = await availableAgent(team.id);
    await asChief('PUT', url, { mode: 'queue', callsPerHour: 60, patienceSeconds: 0 });
    await tickUntilCallers(team.id, 1);
    const [first] = await callRowsOf(t.db, agent.agent.id);
    t.clock.set(first!.ring_deadline!);
    await tick(); // missed; the caller, first in line, rings at the agent again
    const [, second] = await callRowsOf(t.db, agent.agent.id);
    expect(second).toMatchObject({ caller_id: first!.caller_id, call_status: null });
    t.clock.set(second!.ring_deadline!);
    await tick();
    expect(await agent.state()).toMatchObject({
      status: 'tech_issues',
      setBy: 'system',
      missedInARow: 2,
      call: null,
    });
    // The caller waits on for someone else.
    expect((await callers(team.id))[0]!.outcome).toBeNull();
    await asChief('DELETE', `/api/teams/${team.id}`);
  });

  it('a caller out of patience abandons when it ran out; a ring holds them until it ends', async () => {
    const { team, url } = await newTeamWithLeader();
    await asChief('PUT', url, { mode: 'queue', callsPerHour: 60, patienceSeconds: 10 });
    await tickUntilCallers(team.id, 1);
    const [caller] = await callers(team.id);
    const patience = caller!.gives_up_at!.getTime() - caller!.arrived_at.getTime();
    expect(patience).toBe(Math.floor(median(10_000)));

    // Nobody answers: abandoned at the moment patience ran out, even found later.
    t.clock.set(new Date(caller!.gives_up_at!.getTime() + 5000));
    await tick();
    expect((await callers(team.id))[0]).toMatchObject({
      outcome: 'abandoned',
      ended_at: caller!.gives_up_at,
    });

    // A caller ringing when their patience runs out leaves when the ring ends unanswered.
    const agent = await availableAgent(team.id);
    await tickUntilCallers(team.id, 2);
    const next = (await callers(team.id))[1]!;
    const [offer] = await callRowsOf(t.db, agent.agent.id);
    expect(offer).toMatchObject({ caller_id: next.id, call_status: null });
    t.clock.set(new Date(next.gives_up_at!.getTime() + 1));
    await tick();
    expect((await callers(team.id))[1]!.outcome).toBeNull();
    t.clock.set(offer!.ring_deadline!);
    await tick();
    expect((await callers(team.id))[1]).toMatchObject({
      outcome: 'abandoned',
      ended_at: offer!.ring_deadline,
    });
    await asChief('DELETE', `/api/teams/${team.id}`);
  });

  it('per-agent mode lets the waiting callers finish; deleting the team abandons the rest', async () => {
    const { team, url } = await newTeamWithLeader();
    await asChief('PUT', url, { mode: 'queue', callsPerHour: 3600, patienceSeconds: 0 });
    const start = t.clock.now().getTime();
    await tick();
    t.clock.set(new Date(start + median(1000) * 2 + 1));
    await tick();
    expect(await callers(team.id)).toHaveLength(2);

    await asChief('PUT', url, { mode: 'per-agent' });
    t.clock.advance(60_000);
    await tick();
    expect(await callers(team.id)).toHaveLength(2); // nobody new

    // An agent of the team is offered the waiting callers, not a per-agent call of their own.
    const agent = await availableAgent(team.id);
    t.clock.advance(1);
    await tick();
    const [oldest, other] = await callers(team.id);
    expect(await offersTo(agent.agent.id)).toEqual([{ caller_id: oldest!.id, call_status: null }]);

    t.clock.advance(500);
    const deletedAt = t.clock.now();
    expect((await asChief('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('queue_callers')
      .selectAll()
      .where('id', 'in', [oldest!.id, other!.id])
      .orderBy('arrived_at')
      .execute();
    // The one ringing finishes its ring; the one waiting hung up with the team.
    expect(rows.map((row) => [row.team_id, row.outcome, row.ended_at])).toEqual([
      [null, null, null],
      [null, 'abandoned', deletedAt],
    ]);
    const call = (await agent.state()).call!;
    t.clock.advance(500);
    const declinedAt = t.clock.now();
    await agent.as('POST', `/api/agent/calls/${call.id}/decline`);
    t.clock.advance(1);
    await tick();
    const [ended] = await t.db
      .selectFrom('queue_callers')
      .selectAll()
      .where('id', '=', oldest!.id)
      .execute();
    expect(ended).toMatchObject({ outcome: 'abandoned', ended_at: declinedAt });
  });
});

describe("the live floor's queue tiles", () => {
  type QueueEvent = Extract<LiveEvent, { type: 'floor.queue' }>;
  const queueEvents = (live: LiveClient, teamId: string) =>
    live.events.filter(
      (event): event is QueueEvent => event.type === 'floor.queue' && event.teamId === teamId,
    );
  const latestQueue = (live: LiveClient, teamId: string, check: (queue: FloorQueue) => boolean) =>
    vi.waitFor(
      () => {
        const queue = queueEvents(live, teamId).at(-1)?.queue;
        if (!queue || !check(queue)) throw new Error('not yet');
        return queue;
      },
      { timeout: 2000 },
    );

  it('need agents by Erlang C: the configured rate, then the last hour’s; the handle time', async () => {
    const { team, url } = await newTeamWithLeader();
    await asChief('PUT', url, { mode: 'queue', callsPerHour: 100, patienceSeconds: 0 });
    const tile = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/analytics/live',
          headers: { cookie: chiefCookie },
        })
      )
        .json<FloorPage>()
        .queues.find((queue) => queue.teamId === team.id)!;
    // No call handled yet: no handle time to size by.
    expect((await tile()).agentsNeeded).toBeNull();

    const agent = await availableAgent(team.id);
    await tickUntilCallers(team.id, 1);
    const call = (await agent.live.waitFor((s) => s.call?.phase === 'ringing')).call!;
    await agent.as('POST', `/api/agent/calls/${call.id}/answer`);
    t.clock.advance(150_000);
    await agent.as('POST', `/api/agent/calls/${call.id}/end`);
    t.clock.advance(30_000);
    // Talk 150 s and After Call Work 30 s: the worked example's 180 s at the configured 100
    // an hour, 80 % in 20 s.
    expect((await tile()).agentsNeeded).toBe(8);
    await agent.setStatus('available');
    expect((await tile()).agentsNeeded).toBe(8);

    // An hour on, the last hour's arrivals set the rate: 200 callers.
    t.clock.advance(3_600_000);
    await asChief('PUT', url, { patienceSeconds: 60 });
    const now = t.clock.now().getTime();
    await t.db
      .insertInto('queue_callers')
      .values(
        Array.from({ length: 200 }, (_, n) => ({
          team_id: team.id,
          phone_number: '+15550100',
          arrived_at: new Date(now - 3_500_000 + n * 1000),
          outcome: 'abandoned',
          ended_at: new Date(now - 3_400_000 + n * 1000),
        })),
      )
      .execute();
    // 10 erlangs: 13 agents answer 79.6 % within 20 s, 14 agents 88.8 %.
    expect((await tile()).agentsNeeded).toBe(14);
    await asChief('DELETE', `/api/teams/${team.id}`);
  });

  it('follow arrivals, offers, answers and settings, in the watching admin’s scope', async () => {
    const { team, url, as: asLeader } = await newTeamWithLeader();
    const { team: otherTeam } = await newTeamWithLeader();
    const chief = await connectLive(t.app, { cookie: chiefCookie });
    const leader = await connectLive(t.app, { cookie: (await asLeaderCookie(team.id)).cookie });
    const other = await connectLive(t.app, {
      cookie: (await asLeaderCookie(otherTeam.id)).cookie,
    });
    for (const live of [chief, leader, other]) {
      await vi.waitFor(() => expect(live.events[0]?.type).toBe('floor.snapshot'));
    }

    await asLeader('PUT', url, { mode: 'queue', callsPerHour: 3600, patienceSeconds: 0 });
    const opened = await latestQueue(leader, team.id, (queue) => queue.mode === 'queue');
    expect(opened).toEqual({
      teamId: team.id,
      teamName: expect.any(String),
      mode: 'queue',
      callsWaiting: 0,
      oldestArrivedAt: null,
      answeredToday: 0,
      abandonedToday: 0,
      serviceLevelPercent: null,
      serviceLevelSeconds: 20,
      serviceLevelTargetPercent: 80,
      speedOfAnswerSeconds: null,
      agentsAvailable: 0,
      agentsNeeded: null,
    });

    await tickUntilCallers(team.id, 1);
    const [caller] = await callers(team.id);
    await latestQueue(
      chief,
      team.id,
      (queue) =>
        queue.callsWaiting === 1 && queue.oldestArrivedAt === caller!.arrived_at.toISOString(),
    );

    // An agent becomes Available: the tile counts them, then rings them the caller.
    t.clock.advance(5000);
    const agent = await availableAgent(team.id);
    await latestQueue(leader, team.id, (queue) => queue.agentsAvailable === 1);
    await tick();
    await latestQueue(leader, team.id, (queue) => queue.agentsAvailable === 0);
    const call = (await agent.live.waitFor((s) => s.call?.phase === 'ringing')).call!;
    t.clock.advance(2000);
    await agent.as('POST', `/api/agent/calls/${call.id}/answer`);
    const answered = await latestQueue(leader, team.id, (queue) => queue.answeredToday === 1);
    const waited = (t.clock.now().getTime() - caller!.arrived_at.getTime()) / 1000;
    // Answered within the 20 s threshold: all of today's callers were.
    expect(waited).toBeLessThan(20);
    expect(answered).toMatchObject({ serviceLevelPercent: 100, speedOfAnswerSeconds: waited });

    // The page's read has the tiles too; another team's leader sees none of this one.
    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/analytics/live',
        headers: { cookie: chiefCookie },
      })
    ).json<FloorPage>();
    expect(page.queues.find((queue) => queue.teamId === team.id)).toMatchObject({
      answeredToday: 1,
    });
    expect(queueEvents(other, team.id)).toEqual([]);

    await asChief('DELETE', `/api/teams/${team.id}`);
    await vi.waitFor(() => expect(queueEvents(chief, team.id).at(-1)?.queue).toBeNull());
    for (const live of [chief, leader, other]) live.socket.close();
  });
});
