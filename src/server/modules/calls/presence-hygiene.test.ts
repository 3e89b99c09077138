import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { AgentState } from '../../../shared/schemas/agent';
import type { StatusSetBy } from '../../../shared/statuses';
import { buildApp } from '../../app';
import { callRowsOf, connectionClosedOf, ringingAgent, signedInAgent } from '../../test/agent';
import { createTestApp } from '../../test/test-app';
import { findInvariantViolations } from '../invariants/invariants.repository';
import { type AgentAction, lockAgent } from '../presence/presence.repository';
import { performAgentActionInTransaction } from '../presence/presence.service';

/**
 * Presence hygiene: an Available agent whose every live connection has been gone
 * past the grace is set to Tech Issues by the system, and a call in progress whose agent is
 * gone ends when the agent went. The test app pins the offer delay to its middle: every offer comes
 * 8,000 ms after the agent became eligible.
 */
const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
const OFFER_DELAY_MS = 8000;
const PRESENCE_GRACE_MS = t.config.callEngine.presenceGraceMs;
const HEARTBEAT_MS = t.config.callEngine.heartbeatMs;

const tick = () => t.app.callEngine.tick();
const connectionClosed = (userId: string) => connectionClosedOf(t.db, userId);
const callRows = (userId: string) => callRowsOf(t.db, userId);

/** The agent's open status interval, as stored. */
async function openInterval(userId: string) {
  return t.db
    .selectFrom('employee_status_log')
    .select(['status', 'set_by', 'started_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
}

async function expectInvariantsHold() {
  const now = t.clock.now();
  expect(await findInvariantViolations(t.db, { now, ringGraceMs: 0 })).toEqual([]);
}

/** Connected and Available, then every connection gone (before any offer). */
async function goneAvailableAgent() {
  const agent = await signedInAgent(t);
  const live = await agent.connect();
  await agent.setStatus('available');
  live.socket.terminate();
  await connectionClosed(agent.agent.id);
  return agent;
}

/**
 * A second process named `instanceName` (the test app's offer delay) and an agent signed in
 * on it, in a call it offered and they answered.
 */
async function callOnProcess(instanceName: string) {
  const config = { ...t.config, instanceName };
  const app = await buildApp(config, t.database, {
    clock: t.clock,
    random: () => 0.5,
    offerDelayFraction: () => 0.5,
  });
  await app.ready();
  const agent = await signedInAgent(t, { app });
  const live = await agent.connect();
  await agent.setStatus('available');
  t.clock.advance(OFFER_DELAY_MS);
  await app.callEngine.tick();
  const ringing = (await live.waitFor((s) => s.call?.phase === 'ringing')).call!;
  await agent.as('POST', `/api/agent/calls/${ringing.id}/answer`);
  return { app, config, agent, live };
}

it('an Available agent gone past the grace → Tech Issues, set by the system; no offers', async () => {
  expect(PRESENCE_GRACE_MS).toBe(120_000);
  const { agent, connect, setStatus } = await goneAvailableAgent();
  t.clock.advance(PRESENCE_GRACE_MS);
  await tick();
  expect(await openInterval(agent.id)).toMatchObject({ status: 'available', set_by: 'agent' });

  t.clock.advance(HEARTBEAT_MS);
  await tick();
  expect(await openInterval(agent.id)).toEqual({
    status: 'tech_issues',
    set_by: 'system',
    started_at: t.clock.now(),
  });
  await expectInvariantsHold();

  // On return they see why (the state says the system set it) and get no offers.
  const live = await connect();
  await live.waitFor((s) => s.status === 'tech_issues' && s.setBy === 'system');
  t.clock.advance(60_000);
  await tick();
  expect(await callRows(agent.id)).toHaveLength(0);

  // Choosing Tech Issues makes it their own; choosing Available brings offers back.
  const own = await setStatus('tech_issues');
  expect(own.json<AgentState>()).toMatchObject({ status: 'tech_issues', setBy: 'agent' });
  expect((await setStatus('tech_issues')).json<AgentState>().since).toBe(
    own.json<AgentState>().since,
  );
  await setStatus('available');
  t.clock.advance(OFFER_DELAY_MS);
  await tick();
  await live.waitFor((s) => s.call?.phase === 'ringing');
});

it('a reconnect within the grace keeps the agent Available', async () => {
  const { agent, connect } = await goneAvailableAgent();
  t.clock.advance(PRESENCE_GRACE_MS - 1000);
  await connect();
  t.clock.advance(PRESENCE_GRACE_MS);
  await tick();
  expect(await openInterval(agent.id)).toMatchObject({ status: 'available', set_by: 'agent' });
});

it('any other status is left alone', async () => {
  const agent = await signedInAgent(t);
  await agent.setStatus('lunch');
  t.clock.advance(PRESENCE_GRACE_MS + HEARTBEAT_MS);
  await tick();
  expect(await openInterval(agent.agent.id)).toMatchObject({ status: 'lunch', set_by: 'agent' });
});

it('a process judges presence only once it has run for the grace', async () => {
  const { agent } = await goneAvailableAgent();
  t.clock.advance(PRESENCE_GRACE_MS + HEARTBEAT_MS);
  const started = await buildApp(t.config, t.database, { clock: t.clock });
  await started.ready();
  await started.callEngine.tick();
  expect(await openInterval(agent.id)).toMatchObject({ status: 'available' });
  t.clock.advance(PRESENCE_GRACE_MS);
  await started.callEngine.tick();
  expect(await openInterval(agent.id)).toMatchObject({ status: 'tech_issues', set_by: 'system' });
  await started.close();
});

it('a call in progress whose agent is gone past the grace ends when the agent went', async () => {
  const { agent, as, call, live } = await ringingAgent(t);
  await as('POST', `/api/agent/calls/${call.id}/answer`);
  t.clock.advance(21_000);
  const droppedAt = t.clock.now();
  live.socket.terminate();
  await connectionClosed(agent.id);
  t.clock.advance(PRESENCE_GRACE_MS + HEARTBEAT_MS);
  await tick();
  // 21 s long, as it was: the grace waited for the agent to come back, it is not call time.
  expect((await callRows(agent.id))[0]).toMatchObject({
    call_status: 'answered',
    ended_at: droppedAt,
    duration_seconds: 21,
  });
  expect(await openInterval(agent.id)).toMatchObject({
    status: 'after_call',
    set_by: 'system',
    started_at: droppedAt,
  });
  await expectInvariantsHold();
});

it("a call whose agent's process died ends at that process's last heartbeat", async () => {
  const { app: other, agent, live } = await callOnProcess('host-b:3000');
  // Its last heartbeat 5 s into the call; then the process is gone, its socket never closed.
  t.clock.advance(5000);
  await other.callEngine.tick();
  const lastBeat = t.clock.now();
  t.clock.advance(PRESENCE_GRACE_MS + HEARTBEAT_MS);
  await tick();
  expect((await callRows(agent.agent.id))[0]).toMatchObject({
    ended_at: lastBeat,
    duration_seconds: 5,
  });
  live.socket.terminate();
  await other.close();
});

it('a restart ends every call in progress at the restart; statuses keep their start', async () => {
  const { agent, as, call } = await ringingAgent(t);
  await as('POST', `/api/agent/calls/${call.id}/answer`);
  const onCall = await openInterval(agent.id);
  const lunch = await signedInAgent(t);
  await lunch.setStatus('lunch');
  const atLunch = await openInterval(lunch.agent.id);
  t.clock.advance(42_000);
  const restarted = await buildApp(t.config, t.database, { clock: t.clock, soleProcess: true });
  await restarted.ready();
  expect((await callRows(agent.id))[0]).toMatchObject({
    ended_at: t.clock.now(),
    duration_seconds: 42,
  });
  expect(onCall.status).toBe('on_call');
  expect(await openInterval(agent.id)).toMatchObject({ status: 'after_call', set_by: 'system' });
  expect(await openInterval(lunch.agent.id)).toEqual(atLunch);
  await expectInvariantsHold();
  await restarted.close();
});

it('a restart with no other process alive ends calls in progress at once; with one, the grace decides', async () => {
  const { agent, as, call } = await ringingAgent(t);
  await as('POST', `/api/agent/calls/${call.id}/answer`);
  const answeredAt = t.clock.now().getTime();

  // This test's app beat its heartbeat at the last tick: a second process leaves the call be.
  t.clock.advance(5000);
  const second = await buildApp(t.config, t.database, { clock: t.clock });
  await second.ready();
  expect((await callRows(agent.id))[0]).toMatchObject({ ended_at: null });
  await second.close();

  // No heartbeat within the disconnect grace: every process is gone, the call ends now.
  t.clock.advance(t.config.callEngine.disconnectGraceMs);
  const restarted = await buildApp(t.config, t.database, { clock: t.clock });
  await restarted.ready();
  expect((await callRows(agent.id))[0]).toMatchObject({
    ended_at: t.clock.now(),
    duration_seconds: (t.clock.now().getTime() - answeredAt) / 1000,
  });
  expect(await openInterval(agent.id)).toMatchObject({ status: 'after_call', set_by: 'system' });
  await expectInvariantsHold();
  await restarted.close();
});

it('a restart under the same name ends calls in progress at once, its earlier run’s heartbeat fresh', async () => {
  // Nothing else alive: this file's app last beat longer ago than the disconnect grace.
  t.clock.advance(t.config.callEngine.disconnectGraceMs + 1);
  const { app: crashed, config, agent } = await callOnProcess('host-a:3000');

  // `crashed` is never closed before its successor starts, as after a kill -9: its heartbeat
  // is 2 s old. Another name would have to wait for the grace; the same name knows.
  t.clock.advance(2000);
  const restarted = await buildApp(config, t.database, { clock: t.clock });
  await restarted.ready();
  expect((await callRows(agent.agent.id))[0]).toMatchObject({
    ended_at: t.clock.now(),
    duration_seconds: 2,
  });
  expect(await openInterval(agent.agent.id)).toMatchObject({ status: 'after_call' });
  await restarted.close();
  await crashed.close();
});

/**
 * Another transaction holds the agent's lock; Lunch is asked for and waits on it while the
 * clock moves on 1.5 s; then the holder does `action` at that later time and lets go.
 * Answers Lunch's response.
 */
async function lunchAfterHeld(
  agent: Awaited<ReturnType<typeof signedInAgent>>,
  action: AgentAction,
  by: StatusSetBy,
) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.db.transaction().execute(async (trx) => {
    await lockAgent(trx, agent.agent.id);
    locked();
    await held;
    await performAgentActionInTransaction(t.ctx, trx, agent.agent.id, action, by, t.clock.now());
  });
  await isLocked;
  const lunch = agent.setStatus('lunch');
  await vi.waitFor(async () => {
    const waiting = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`.execute(t.db);
    expect(waiting.rows[0]!.n).toBeGreaterThan(0);
  });
  t.clock.advance(1500);
  release();
  await holder;
  return lunch;
}

// PostgreSQL only: the embedded database runs one transaction at a time, so a request cannot
// be past its session check and waiting on the agent's lock while another transaction holds it.
it.runIf(process.env.DATABASE_URL)(
  'a change that waited for the agent’s lock is timed after the change that held it',
  async () => {
    const agent = await signedInAgent(t);
    await agent.setStatus('available');
    // The engine (or another process) holds the agent and sets Tech Issues, a moment later.
    const lunch = await lunchAfterHeld(agent, { kind: 'status', status: 'tech_issues' }, 'system');
    expect(lunch.json<AgentState>()).toMatchObject({
      status: 'lunch',
      since: t.clock.now().toISOString(),
    });
    await expectInvariantsHold();
  },
);

// PostgreSQL only, as above. A decline closes the call without a status change: the waiting
// change is still timed after it.
it.runIf(process.env.DATABASE_URL)(
  'a change that waited for the agent’s lock is timed after a call the holder closed',
  async () => {
    const agent = await ringingAgent(t);
    // Another tab's decline holds the agent, and is made a moment later.
    const lunch = await lunchAfterHeld(agent, { kind: 'decline', callId: agent.call.id }, 'agent');
    expect(lunch.json<AgentState>()).toMatchObject({
      status: 'lunch',
      since: t.clock.now().toISOString(),
    });
    const [call] = await callRows(agent.agent.id);
    expect(call).toMatchObject({ call_status: 'declined', ended_at: t.clock.now() });
    await expectInvariantsHold();
  },
);
