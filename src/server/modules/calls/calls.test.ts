import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_TAB_HEADER } from '../../../shared/live';
import type { AgentState } from '../../../shared/schemas/agent';
import { buildApp } from '../../app';
import {
  type LiveClient,
  callRowsOf,
  connectLive,
  connectionClosedOf,
  ringingAgent,
  signedInAgent,
} from '../../test/agent';
import { newAdmin } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

// Spec §9 timings. The test app pins the offer delay to its middle: every offer comes 8,000 ms after the
// agent became eligible (5,000 + floor(0.5 × 6,000)).
const t = await createTestApp();
const OFFER_DELAY_MS = 8000;
const RING_MS = 20_000;
const GRACE_MS = 10_000;
t.clock.set('2026-03-02T19:00:00Z');

const tick = () => t.app.callEngine.tick();
const connectionClosed = (userId: string) => connectionClosedOf(t.db, userId);
const callRows = (userId: string) => callRowsOf(t.db, userId);

describe('offers', () => {
  it('rings an Available, connected agent after the delay and pushes it live', async () => {
    const agent = await signedInAgent(t);
    const live = await agent.connect();
    await agent.setStatus('available');
    const eligibleAt = t.clock.now().getTime();

    t.clock.advance(OFFER_DELAY_MS - 1);
    await tick();
    expect(await callRows(agent.agent.id)).toHaveLength(0);

    t.clock.advance(1);
    await tick();
    const state = await live.waitFor((s) => s.call !== null);
    expect(state.call).toMatchObject({
      phase: 'ringing',
      callType: 'inbound',
      offeredAt: new Date(eligibleAt + OFFER_DELAY_MS).toISOString(),
      ringDeadline: new Date(eligibleAt + OFFER_DELAY_MS + RING_MS).toISOString(),
      answeredAt: null,
    });
    expect(state.call!.phoneNumber).toMatch(/^1\d{10}$/);
    const [row] = await callRows(agent.agent.id);
    expect(row).toMatchObject({ call_status: null, call_type: 'inbound', ended_at: null });
  });

  it('offers nothing to an agent with no live connection, or not Available', async () => {
    const offline = await signedInAgent(t);
    await offline.setStatus('available');
    const onBreak = await signedInAgent(t);
    await onBreak.connect();
    await onBreak.setStatus('break');
    t.clock.advance(60_000);
    await tick();
    await tick();
    expect(await callRows(offline.agent.id)).toHaveLength(0);
    expect(await callRows(onBreak.agent.id)).toHaveLength(0);
  });

  it('a ring that times out is logged missed once, and the next offer follows', async () => {
    const { agent, live, call } = await ringingAgent(t);
    t.clock.advance(RING_MS - 1);
    await tick();
    expect((await callRows(agent.id))[0]!.call_status).toBeNull();

    t.clock.advance(1);
    await tick();
    await tick();
    await live.waitFor((s) => s.call === null);
    const [missed] = await callRows(agent.id);
    expect(missed).toMatchObject({
      call_status: 'missed',
      ended_at: new Date(call.ringDeadline!),
    });

    t.clock.advance(OFFER_DELAY_MS);
    await tick();
    const next = await live.waitFor((s) => s.call?.phase === 'ringing' && s.call.id !== call.id);
    expect(next.status).toBe('available');
    expect(await callRows(agent.id)).toHaveLength(2);
  });

  it('two offers rung out in a row → Tech Issues set by the system, saying so; no offers', async () => {
    expect(t.config.callEngine.pauseAfterMissed).toBe(2);
    const { agent, live, as, setStatus, call } = await ringingAgent(t);
    // Each waits for the push of what it did (a state still showing the last ring is stale).
    let ringing = call;
    const ringOut = async () => {
      t.clock.advance(RING_MS);
      await tick();
      await live.waitFor((s) => s.call === null);
    };
    const nextRing = async () => {
      t.clock.advance(OFFER_DELAY_MS);
      await tick();
      const state = await live.waitFor((s) => !!s.call && s.call.id !== ringing.id);
      ringing = state.call!;
      return ringing;
    };
    const openInterval = () =>
      t.db
        .selectFrom('employee_status_log')
        .select(['status', 'set_by', 'missed_in_a_row'])
        .where('user_id', '=', agent.id)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();

    // Missed, declined, missed: no two in a row.
    await ringOut();
    await as('POST', `/api/agent/calls/${(await nextRing()).id}/decline`);
    await nextRing();
    await ringOut();
    expect(await openInterval()).toEqual({
      status: 'available',
      set_by: 'agent',
      missed_in_a_row: null,
    });

    // A second in a row: paused the moment it rang out, and told why.
    const second = await nextRing();
    await ringOut();
    const paused = await live.waitFor((s) => s.status === 'tech_issues');
    expect(paused).toMatchObject({ setBy: 'system', missedInARow: 2, call: null });
    expect(paused.since).toBe(second.ringDeadline);
    expect(await openInterval()).toEqual({
      status: 'tech_issues',
      set_by: 'system',
      missed_in_a_row: 2,
    });
    t.clock.advance(OFFER_DELAY_MS * 2);
    await tick();
    expect(await callRows(agent.id)).toHaveLength(4);

    // Choosing a status is the agent's again: the run starts over.
    const back = (await setStatus('available')).json<AgentState>();
    expect(back).toMatchObject({ status: 'available', setBy: 'agent', missedInARow: null });
    await nextRing();
    await ringOut();
    expect(await openInterval()).toMatchObject({ status: 'available', set_by: 'agent' });
  });

  it('answer: logged answered, status On Call; the deadline no longer applies', async () => {
    const { agent, as, live, call } = await ringingAgent(t);
    t.clock.advance(3000);
    const answered = await as('POST', `/api/agent/calls/${call.id}/answer`);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<AgentState>()).toMatchObject({
      status: 'on_call',
      call: { id: call.id, phase: 'active', answeredAt: t.clock.now().toISOString() },
    });
    await live.waitFor((s) => s.status === 'on_call');

    t.clock.advance(RING_MS);
    await tick();
    expect((await callRows(agent.id))[0]).toMatchObject({
      call_status: 'answered',
      ended_at: null,
    });
  });

  it('answer after the ring timed out → 409, and the call stays missed', async () => {
    const { agent, as, call } = await ringingAgent(t);
    t.clock.advance(RING_MS);
    await tick();
    const late = await as('POST', `/api/agent/calls/${call.id}/answer`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'CALL_NOT_RINGING',
      message: 'This call is no longer ringing',
    });
    expect((await callRows(agent.id))[0]!.call_status).toBe('missed');
  });

  it('answer racing the timeout: exactly one wins, the loser gets 409', async () => {
    for (let round = 0; round < 6; round++) {
      const { agent, as, call } = await ringingAgent(t);
      const deadline = new Date(call.ringDeadline!);
      t.clock.set(new Date(deadline.getTime() - 1)); // the answer is in time by its clock…
      const [answer] = await Promise.all([
        as('POST', `/api/agent/calls/${call.id}/answer`),
        t.app.callEngine.tick(deadline), // …while another tick has reached the deadline
      ]);
      const [row] = await callRows(agent.id);
      if (answer.statusCode === 200) {
        expect(row!.call_status).toBe('answered');
      } else {
        expect(answer.statusCode).toBe(409);
        expect(row!.call_status).toBe('missed');
        expect((await as('GET', '/api/agent/state')).json<AgentState>().status).toBe('available');
      }
      await as('POST', `/api/agent/calls/${call.id}/end`);
    }
  });

  it('decline: logged declined; declining again → 409', async () => {
    const { agent, as, call } = await ringingAgent(t);
    const declined = await as('POST', `/api/agent/calls/${call.id}/decline`);
    expect(declined.json<AgentState>()).toMatchObject({ status: 'available', call: null });
    expect((await callRows(agent.id))[0]!.call_status).toBe('declined');
    expect((await as('POST', `/api/agent/calls/${call.id}/decline`)).statusCode).toBe(409);
    expect((await as('POST', `/api/agent/calls/${call.id}/answer`)).statusCode).toBe(409);
  });

  it('a ring that ends without a status change still moves the state’s changedAt on', async () => {
    const { as, live, call, state } = await ringingAgent(t);
    const available = (await state()).since!;
    expect(live.latest()).toMatchObject({ changedAt: call.offeredAt });
    t.clock.advance(2000);
    const declined = (await as('POST', `/api/agent/calls/${call.id}/decline`)).json<AgentState>();
    expect(declined).toMatchObject({ since: available, call: null });
    expect(declined.changedAt).toBe(t.clock.now().toISOString());

    t.clock.advance(OFFER_DELAY_MS);
    await tick();
    const next = (await live.waitFor((s) => s.call?.phase === 'ringing' && s.call.id !== call.id))
      .call!;
    t.clock.advance(RING_MS);
    await tick();
    const missed = await live.waitFor((s) => s.call === null);
    expect(missed).toMatchObject({ since: available, changedAt: next.ringDeadline });
  });

  it('decline after the deadline → 409, and the tick logs it missed', async () => {
    const { agent, as, call } = await ringingAgent(t);
    t.clock.advance(RING_MS);
    expect((await as('POST', `/api/agent/calls/${call.id}/decline`)).statusCode).toBe(409);
    await tick();
    expect((await callRows(agent.id))[0]!.call_status).toBe('missed');
  });

  it('leaving Available while ringing → missed', async () => {
    const { agent, setStatus, live } = await ringingAgent(t);
    await setStatus('lunch');
    await live.waitFor((s) => s.status === 'lunch' && s.call === null);
    expect((await callRows(agent.id))[0]!.call_status).toBe('missed');
  });

  it('every change answers the state a read gives at that moment (the switch reads it itself)', async () => {
    const { as, setStatus, call } = await ringingAgent(t);
    const answeredAs = async (method: 'PUT' | 'POST', path: string, body?: object) => {
      const response = await as(method, path, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual((await as('GET', '/api/agent/state')).json());
      return response.json<AgentState>();
    };
    t.clock.advance(2000);
    expect(await answeredAs('POST', `/api/agent/calls/${call.id}/answer`)).toMatchObject({
      status: 'on_call',
      call: { phase: 'active' },
    });
    t.clock.advance(65_000);
    expect(await answeredAs('POST', `/api/agent/calls/${call.id}/end`)).toMatchObject({
      status: 'after_call',
      call: null,
      todaySeconds: { available: 10, on_call: 65 },
    });
    t.clock.advance(5000);
    await setStatus('out_bound');
    const dialled = await answeredAs('POST', '/api/agent/calls/outbound', {
      phoneNumber: '2125550123',
    });
    expect(dialled).toMatchObject({ status: 'on_call', call: { callType: 'outbound' } });
    t.clock.advance(1000);
    await answeredAs('POST', `/api/agent/calls/${dialled.call!.id}/end`);
    // Ringing, then away: the answer carries no call, as the read does.
    await setStatus('available');
    t.clock.advance(OFFER_DELAY_MS);
    await tick();
    expect(await answeredAs('PUT', '/api/agent/status', { status: 'break' })).toMatchObject({
      status: 'break',
      call: null,
    });
  });

  it('the last connection gone for more than 10 s while ringing → missed', async () => {
    const { agent, live } = await ringingAgent(t);
    live.socket.terminate();
    await connectionClosed(agent.id);
    t.clock.advance(GRACE_MS);
    await tick();
    expect((await callRows(agent.id))[0]!.call_status).toBeNull();
    t.clock.advance(1);
    await tick();
    expect((await callRows(agent.id))[0]).toMatchObject({
      call_status: 'missed',
      ended_at: t.clock.now(),
    });
  });

  it('a reconnect within the grace keeps the ring', async () => {
    const { agent, live, connect } = await ringingAgent(t);
    live.socket.terminate();
    await connectionClosed(agent.id);
    t.clock.advance(5000);
    const again = await connect();
    await again.waitFor((s) => s.call?.phase === 'ringing');
    t.clock.advance(GRACE_MS);
    await tick();
    expect((await callRows(agent.id))[0]!.call_status).toBeNull();
  });

  it('a restart while ringing → missed when the server comes back', async () => {
    const { agent, call } = await ringingAgent(t);
    t.clock.advance(5000);
    const restarted = await buildApp(t.config, t.database, { clock: t.clock, soleProcess: true });
    await restarted.ready();
    const [row] = await callRows(agent.id);
    expect(row).toMatchObject({ id: call.id, call_status: 'missed', ended_at: t.clock.now() });
    await restarted.close();
  });

  it('a ring whose deadline passed while the server was down ends at its deadline', async () => {
    const { agent, call } = await ringingAgent(t);
    t.clock.advance(RING_MS + 60_000);
    const restarted = await buildApp(t.config, t.database, { clock: t.clock, soleProcess: true });
    await restarted.ready();
    const [row] = await callRows(agent.id);
    expect(row).toMatchObject({ call_status: 'missed', ended_at: new Date(call.ringDeadline!) });
    await restarted.close();
  });
});

describe('calls in progress', () => {
  it('end: duration stored, status After Call Work, then no offers until Available', async () => {
    const { agent, as, call } = await ringingAgent(t);
    await as('POST', `/api/agent/calls/${call.id}/answer`);
    t.clock.advance(95_000);
    const ended = await as('POST', `/api/agent/calls/${call.id}/end`);
    expect(ended.json<AgentState>()).toMatchObject({ status: 'after_call', call: null });
    expect((await callRows(agent.id))[0]).toMatchObject({
      call_status: 'answered',
      duration_seconds: 95,
    });
    expect((await as('POST', `/api/agent/calls/${call.id}/end`)).statusCode).toBe(409);

    t.clock.advance(60_000);
    await tick();
    expect(await callRows(agent.id)).toHaveLength(1);
  });

  it('no status change during a call: 409 with a clear message', async () => {
    const { as, setStatus, call } = await ringingAgent(t);
    await as('POST', `/api/agent/calls/${call.id}/answer`);
    const refused = await setStatus('break');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Finish the current call first');
  });

  it('outbound needs Out Bound; it logs an answered outbound call, On Call, then After Call', async () => {
    const agent = await signedInAgent(t);
    await agent.setStatus('available');
    const refused = await agent.as('POST', '/api/agent/calls/outbound', {
      phoneNumber: '12345678900',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Set status to Out Bound to place a call');

    await agent.setStatus('out_bound');
    for (const phoneNumber of ['1', '123456789012', 'call me']) {
      const bad = await agent.as('POST', '/api/agent/calls/outbound', { phoneNumber });
      expect(bad.statusCode).toBe(400);
    }
    const dialled = await agent.as('POST', '/api/agent/calls/outbound', {
      phoneNumber: '+1 (234)-567-8900',
    });
    expect(dialled.json<AgentState>()).toMatchObject({
      status: 'on_call',
      call: { callType: 'outbound', phase: 'active', phoneNumber: '12345678900' },
    });
    const callId = dialled.json<AgentState>().call!.id;
    const twice = await agent.as('POST', '/api/agent/calls/outbound', { phoneNumber: '12' });
    expect(twice.statusCode).toBe(409);

    t.clock.advance(42_000);
    const ended = await agent.as('POST', `/api/agent/calls/${callId}/end`);
    expect(ended.json<AgentState>().status).toBe('after_call');
    expect(await callRows(agent.agent.id)).toMatchObject([
      { call_type: 'outbound', call_status: 'answered', duration_seconds: 42 },
    ]);
  });

  it('notes are saved with the call; not on a ringing offer or another agent’s call', async () => {
    const { as, call } = await ringingAgent(t);
    const ringing = await as('PATCH', `/api/agent/calls/${call.id}`, { notes: 'x' });
    expect(ringing.statusCode).toBe(409);
    await as('POST', `/api/agent/calls/${call.id}/answer`);
    const saved = await as('PATCH', `/api/agent/calls/${call.id}`, {
      notes: 'Wants a callback',
    });
    expect(saved.json().call).toMatchObject({ id: call.id, notes: 'Wants a callback' });

    const other = await signedInAgent(t);
    const foreign = await other.as('PATCH', `/api/agent/calls/${call.id}`, { notes: 'mine' });
    expect(foreign.statusCode).toBe(404);
    expect((await other.as('POST', `/api/agent/calls/${call.id}/end`)).statusCode).toBe(404);
    const tooLong = await as('PATCH', `/api/agent/calls/${call.id}`, {
      notes: 'x'.repeat(5001),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('a malformed call id is a 400, not a 500', async () => {
    const agent = await signedInAgent(t);
    expect((await agent.as('POST', '/api/agent/calls/not-a-uuid/answer')).statusCode).toBe(400);
  });
});

describe('activity log and today', () => {
  it('lists the latest calls with an outcome, newest first, 10 by default', async () => {
    const agent = await signedInAgent(t);
    const base = t.clock.now().getTime();
    await t.db
      .insertInto('call_logs')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          user_id: agent.agent.id,
          phone_number: `1555000${String(i).padStart(4, '0')}`,
          call_type: 'inbound' as const,
          call_status: 'declined' as const,
          time_received: new Date(base - (12 - i) * 60_000),
          ended_at: new Date(base - (12 - i) * 60_000),
        })),
      )
      .execute();
    const list = (await agent.as('GET', '/api/agent/calls')).json().calls;
    expect(list).toHaveLength(10);
    expect(list[0].phoneNumber).toBe('15550000011');
    expect(list[9].phoneNumber).toBe('15550000002');
    expect((await agent.as('GET', '/api/agent/calls?limit=3')).json().calls).toHaveLength(3);
    expect((await agent.as('GET', '/api/agent/calls?limit=0')).statusCode).toBe(400);
  });
});

describe('live socket', () => {
  it('closes anonymous callers with 4401; an admin gets the live floor, no agent state', async () => {
    const anonymous = await connectLive(t.app, {});
    expect(await anonymous.closed).toEqual({ code: 4401, reason: 'Not signed in' });

    const admin = await newAdmin(t.db);
    const adminSession = await signedInAgent(t, { agent: admin });
    const adminLive = await adminSession.connect();
    await vi.waitFor(() => expect(adminLive.events[0]?.type).toBe('floor.snapshot'));
    expect(adminLive.latest()).toBeUndefined();
    adminLive.socket.terminate();
  });

  it('refuses another site’s page', async () => {
    const agent = await signedInAgent(t);
    const foreign = await connectLive(t.app, {
      cookie: agent.cookie,
      origin: 'https://evil.example',
    });
    expect((await foreign.closed).code).toBe(4403);
  });

  it('two tabs: a change in one reaches the other', async () => {
    const agent = await signedInAgent(t);
    const [tabA, tabB] = [await agent.connect(), await agent.connect()];
    await tabA.waitFor((s) => s.status === 'gone_home');
    await agent.setStatus('personal');
    await tabA.waitFor((s) => s.status === 'personal');
    const state = await tabB.waitFor((s) => s.status === 'personal');
    expect(state.since).toBe(t.clock.now().toISOString());
  });

  it('a signed-out session’s socket is closed at the next heartbeat', async () => {
    const agent = await signedInAgent(t);
    const live = await agent.connect();
    await agent.signOut();
    t.clock.advance(t.config.callEngine.heartbeatMs);
    await tick();
    expect(await live.closed).toEqual({ code: 4401, reason: 'Not signed in' });
  });
});

describe('the asking tab (X-Live-Tab)', () => {
  /** Each state pushed to the socket: its status, and its call's phase if any. */
  const pushed = (live: LiveClient) =>
    live.events.flatMap((event) =>
      event.type === 'agent.state'
        ? [[event.state.status, event.state.call?.phase].filter(Boolean).join('/')]
        : [],
    );

  it("gets an action's state in the answer only; the agent's other tabs get it pushed", async () => {
    const agent = await signedInAgent(t);
    const [askingTab, otherTab] = [randomUUID(), randomUUID()];
    const asking = await agent.connect(askingTab);
    const other = await agent.connect(otherTab);
    const fromAsking = { [LIVE_TAB_HEADER]: askingTab };

    const set = await agent.as('PUT', '/api/agent/status', { status: 'available' }, fromAsking);
    expect(set.json<AgentState>().status).toBe('available');
    await other.waitFor((s) => s.status === 'available');
    t.clock.advance(OFFER_DELAY_MS);
    await tick(); // the engine's offer reaches every tab
    const { call } = await asking.waitFor((s) => s.call?.phase === 'ringing');
    const answer = await agent.as('POST', `/api/agent/calls/${call!.id}/answer`, {}, fromAsking);
    expect(answer.json<AgentState>().status).toBe('on_call');
    await other.waitFor((s) => s.status === 'on_call');
    // A change the tab did not ask for reaches it, after every push that came before it.
    expect((await agent.as('POST', `/api/agent/calls/${call!.id}/end`)).statusCode).toBe(200);
    await asking.waitFor((s) => s.status === 'after_call');
    await other.waitFor((s) => s.status === 'after_call');

    const past = (states: string[]) => states.filter((state) => state !== 'gone_home');
    expect(past(pushed(asking))).toEqual(['available/ringing', 'after_call']);
    expect(past(pushed(other))).toEqual([
      'available',
      'available/ringing',
      'on_call/active',
      'after_call',
    ]);
  });

  it('refuses a tab id that is not a UUID, changing nothing', async () => {
    const agent = await signedInAgent(t);
    const refused = await agent.as(
      'PUT',
      '/api/agent/status',
      { status: 'available' },
      { [LIVE_TAB_HEADER]: 'tab-1' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { message: expect.stringContaining('The live tab id must be a UUID') },
    });
    expect((await agent.state()).status).toBe('gone_home');
    // A socket naming itself so names nothing: it stays, and gets every push.
    const live = await agent.connect('tab-1');
    await agent.setStatus('available');
    await live.waitFor((s) => s.status === 'available');
  });
});
