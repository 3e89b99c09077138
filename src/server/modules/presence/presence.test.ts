import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AgentState } from '../../../shared/schemas/agent';
import { buildApp } from '../../app';
import { newAdmin } from '../../test/factories';
import { signedInAgent } from '../../test/agent';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { AppError } from '../../platform/errors';
import { LIVE_CHANNEL } from '../live/live-hub';
import { type AgentAction, agentActionStatement } from './presence.repository';

const t = await createTestApp();
// 14:00 in New York on a Monday.
t.clock.set('2026-03-02T19:00:00Z');

describe('agent status', () => {
  it('starts at Gone Home with no interval, and no time counted', async () => {
    const { state } = await signedInAgent(t);
    expect(await state()).toEqual({
      status: 'gone_home',
      setBy: 'agent',
      missedInARow: null,
      since: null,
      serverNow: '2026-03-02T19:00:00.000Z',
      day: '2026-03-02',
      dayEndsAt: '2026-03-03T05:00:00.000Z',
      todaySeconds: {},
      call: null,
      changedAt: null,
      connectDelayMs: 2500,
    });
  });

  it('closes the open interval and opens the next; totals come from the intervals', async () => {
    const { agent, setStatus, state } = await signedInAgent(t);
    const start = t.clock.now();
    expect((await setStatus('available')).json()).toMatchObject({
      status: 'available',
      since: start.toISOString(),
    });
    t.clock.advanceMinutes(10);
    await setStatus('break');
    t.clock.advanceMinutes(5);

    expect(await state()).toMatchObject({
      status: 'break',
      since: new Date(start.getTime() + 600_000).toISOString(),
      todaySeconds: { available: 600, break: 300 },
    });
    const rows = await t.db
      .selectFrom('employee_status_log')
      .select(['status', 'duration_seconds', 'ended_at'])
      .where('user_id', '=', agent.id)
      .orderBy('started_at')
      .execute();
    expect(rows).toEqual([
      { status: 'available', duration_seconds: 600, ended_at: new Date(start.getTime() + 600_000) },
      { status: 'break', duration_seconds: null, ended_at: null },
    ]);
  });

  it("today's seconds are the day's rollup plus the open interval (intervals if zones differ)", async () => {
    const { agent, setStatus, state } = await signedInAgent(t);
    await setStatus('available');
    t.clock.advanceMinutes(10);
    await setStatus('break');
    t.clock.advanceMinutes(5);
    const expected = { available: 600, break: 300 };
    expect((await state()).todaySeconds).toEqual(expected);

    // The closed intervals are read from status_day_totals, not summed again…
    const addToRollup = (seconds: number) =>
      sql`UPDATE status_day_totals SET seconds = seconds + ${seconds}
        WHERE user_id = ${agent.id} AND status = 'available'`.execute(t.db);
    await addToRollup(7);
    expect((await state()).todaySeconds).toEqual({ ...expected, available: 607 });
    await addToRollup(-7);

    // …unless they count days in another zone than the call centre's: then summed.
    const zone = () => t.db.updateTable('app_settings').where('key', '=', 'rollup_time_zone');
    await zone().set({ value: 'Asia/Tokyo' }).execute();
    try {
      expect((await state()).todaySeconds).toEqual(expected);
    } finally {
      await zone().set({ value: t.config.callCentreTimeZone }).execute();
    }
  });

  it("counts each agent's own day in a statement of many agents' states, by the rollups' zone", async () => {
    const agents = await Promise.all([signedInAgent(t), signedInAgent(t), signedInAgent(t)]);
    // Different times for each, so one agent's seconds cannot pass for another's.
    for (const [index, { setStatus }] of agents.entries()) {
      await setStatus('available');
      t.clock.advanceMinutes(index + 1);
      await setStatus('break');
    }
    t.clock.advanceMinutes(1);
    const alone = await Promise.all(agents.map(async ({ state }) => (await state()).todaySeconds));
    // The states as the server reads many at once: one statement, the zone read for all.
    const together = async () =>
      (
        await sql<{ status: string; seconds: Record<string, number> }>`
          SELECT s.* FROM unnest(${agents.map(({ agent }) => agent.id)}::uuid[])
            WITH ORDINALITY AS a(id, n)
          CROSS JOIN LATERAL agent_state(a.id, ${t.clock.now()}, ${t.config.callCentreTimeZone}) AS s
          ORDER BY a.n
        `.execute(t.db)
      ).rows;
    expect(await together()).toEqual(
      alone.map((seconds) => expect.objectContaining({ status: 'break', seconds })),
    );

    // In the call centre's zone the closed intervals come from each agent's own rollup…
    const second = agents[1]!.agent.id;
    await sql`UPDATE status_day_totals SET seconds = seconds + 7
      WHERE user_id = ${second} AND status = 'available'`.execute(t.db);
    const nudged = alone.map((seconds, index) =>
      index === 1 ? { ...seconds, available: seconds.available! + 7 } : seconds,
    );
    expect((await together()).map((row) => row.seconds)).toEqual(nudged);

    // …and when the rollups count days in another zone, every agent's intervals are summed.
    const zone = () => t.db.updateTable('app_settings').where('key', '=', 'rollup_time_zone');
    await zone().set({ value: 'Asia/Tokyo' }).execute();
    try {
      expect((await together()).map((row) => row.seconds)).toEqual(alone);
    } finally {
      await zone().set({ value: t.config.callCentreTimeZone }).execute();
      await sql`UPDATE status_day_totals SET seconds = seconds - 7
        WHERE user_id = ${second} AND status = 'available'`.execute(t.db);
    }
  });

  it('restores the status and its start after a server restart', async () => {
    const { agent, setStatus } = await signedInAgent(t);
    await setStatus('lunch');
    const since = t.clock.now().toISOString();
    t.clock.advanceMinutes(7);

    const restarted = await buildApp(t.config, t.database, { clock: t.clock });
    const { as } = await signInAs(restarted, agent);
    const state = (await as('GET', '/api/agent/state')).json();
    expect(state).toMatchObject({ status: 'lunch', since, todaySeconds: { lunch: 420 } });
    await restarted.close();
  });

  it('keeps exactly one open interval when changes race', async () => {
    const { agent, setStatus } = await signedInAgent(t);
    const statuses = ['available', 'break', 'lunch', 'personal', 'tech_issues', 'out_bound'];
    const responses = await Promise.all(statuses.map((status) => setStatus(status)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const open = await t.db
      .selectFrom('employee_status_log')
      .select('id')
      .where('user_id', '=', agent.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('setting the same status again changes nothing', async () => {
    const { agent, setStatus } = await signedInAgent(t);
    await setStatus('available');
    t.clock.advanceMinutes(1);
    await setStatus('available');
    const rows = await t.db
      .selectFrom('employee_status_log')
      .select('id')
      .where('user_id', '=', agent.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the system statuses and unknown ones', async () => {
    const { setStatus } = await signedInAgent(t);
    for (const status of ['on_call', 'after_call']) {
      const response = await setStatus(status);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'status: On Call and After Call Work are set by the system',
      );
    }
    expect((await setStatus('dancing')).statusCode).toBe(400);
  });

  it('counts an interval crossing midnight in each day for its part', async () => {
    const { setStatus, state } = await signedInAgent(t);
    t.clock.set('2026-03-03T04:00:00Z'); // 23:00 in New York
    await setStatus('available');
    t.clock.set('2026-03-03T06:30:00Z'); // 01:30 the next day
    expect(await state()).toMatchObject({ day: '2026-03-03', todaySeconds: { available: 5400 } });
    // The change's own answer counts the same way as a read.
    const changed = await setStatus('break');
    expect(changed.json()).toEqual(await state());
    expect(changed.json()).toMatchObject({ day: '2026-03-03', todaySeconds: { available: 5400 } });
    t.clock.set('2026-03-02T19:00:00Z');
  });

  it('is for employees only', async () => {
    const admin = await newAdmin(t.db);
    const { as } = await signInAs(t, admin);
    expect((await as('GET', '/api/agent/state')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/agent/state' })).statusCode).toBe(401);
  });
});

describe('the order of states (changedAt)', () => {
  it.runIf(process.env.DATABASE_URL)(
    'a read computed while a change waits for the agent’s lock is older by changedAt',
    async () => {
      const agent = await signedInAgent(t);
      await agent.setStatus('lunch');
      // Another transaction holds the agent's lock (as a batch of actions or the engine may).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.db.transaction().execute(async (trx) => {
        await sql`SELECT 1 FROM users WHERE id = ${agent.agent.id} FOR UPDATE`.execute(trx);
        locked();
        await held;
      });
      await isLocked;
      t.clock.advance(1000);
      const change = agent.setStatus('break'); // stamped now, then waits
      await sql`SELECT pg_sleep(0.2)`.execute(t.db);
      t.clock.advance(1000);
      const read = await agent.state(); // computed later, without the change
      release();
      await holder;
      const answer = (await change).json<AgentState>();

      expect(read).toMatchObject({ status: 'lunch' });
      expect(answer).toMatchObject({ status: 'break' });
      expect(Date.parse(read.serverNow)).toBeGreaterThan(Date.parse(answer.serverNow));
      expect(Date.parse(answer.changedAt!)).toBeGreaterThan(Date.parse(read.changedAt!));
    },
  );

  it('moves on with every change, status or call, and stays with a read', async () => {
    const agent = await signedInAgent(t);
    expect((await agent.state()).changedAt).toBeNull();
    await agent.setStatus('available');
    const since = t.clock.now().toISOString();
    t.clock.advanceMinutes(3);
    expect(await agent.state()).toMatchObject({ since, changedAt: since });
    // The same status again changes nothing.
    expect((await agent.setStatus('available')).json<AgentState>().changedAt).toBe(since);
    await agent.setStatus('lunch');
    expect((await agent.state()).changedAt).toBe(t.clock.now().toISOString());
  });
});

describe('actions in one statement (group commit)', () => {
  it('each keeps its own outcome and order: a refusal undoes none of the others', async () => {
    const first = await signedInAgent(t);
    const second = await signedInAgent(t);
    const at = t.clock.now();
    const request = (agentId: string, action: AgentAction) => ({
      agentId,
      action,
      by: 'agent' as const,
      at,
      timeZone: t.config.callCentreTimeZone,
      channel: LIVE_CHANNEL,
    });
    const answers = await agentActionStatement.run(t.db, [
      request(first.agent.id, { kind: 'status', status: 'break' }),
      request(second.agent.id, { kind: 'status', status: 'available' }),
      request(first.agent.id, { kind: 'dial', phoneNumber: '12345678900' }),
      request(first.agent.id, { kind: 'status', status: 'lunch' }),
    ]);
    expect(
      answers.map((answer) => (answer instanceof Error ? answer : answer.state.status)),
    ).toEqual(['break', 'available', new AppError('OUTBOUND_NEEDS_OUT_BOUND'), 'lunch']);
    expect((await first.state()).status).toBe('lunch');
    expect((await second.state()).status).toBe('available');
    const intervals = await t.db
      .selectFrom('employee_status_log')
      .select('status')
      .where('user_id', '=', first.agent.id)
      .orderBy('started_at')
      .orderBy('ended_at', (ob) => ob.nullsLast())
      .execute();
    expect(intervals.map((row) => row.status)).toEqual(['break', 'lunch']);
    const calls = await t.db
      .selectFrom('call_logs')
      .select('id')
      .where('user_id', '=', first.agent.id)
      .execute();
    expect(calls).toEqual([]);
  });

  it("an agent's calls and statuses in one batch: each action sees the one before it", async () => {
    const first = await signedInAgent(t);
    const second = await signedInAgent(t);
    await first.setStatus('available');
    await second.setStatus('available');
    t.clock.advanceMinutes(1);
    const ringing = async (userId: string) =>
      (
        await t.db
          .insertInto('call_logs')
          .values({
            user_id: userId,
            phone_number: '12125550100',
            call_type: 'inbound',
            time_received: t.clock.now(),
            ring_deadline: new Date(t.clock.now().getTime() + 20_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [firstCall, secondCall] = [await ringing(first.agent.id), await ringing(second.agent.id)];
    t.clock.advance(5000);
    const request = (agentId: string, action: AgentAction) => ({
      agentId,
      action,
      by: 'agent' as const,
      at: t.clock.now(),
      timeZone: t.config.callCentreTimeZone,
      channel: LIVE_CHANNEL,
    });
    const answers = await agentActionStatement.run(t.db, [
      request(first.agent.id, { kind: 'answer', callId: firstCall }),
      request(second.agent.id, { kind: 'answer', callId: firstCall }),
      request(first.agent.id, { kind: 'end', callId: firstCall }),
      request(second.agent.id, { kind: 'decline', callId: secondCall }),
      request(first.agent.id, { kind: 'status', status: 'break' }),
      request(second.agent.id, { kind: 'end', callId: secondCall }),
    ]);
    expect(
      answers.map((answer) =>
        answer instanceof Error ? answer : [answer.state.status, answer.state.call?.id ?? null],
      ),
    ).toEqual([
      ['on_call', firstCall],
      new AppError('CALL_NOT_FOUND'),
      ['after_call', null],
      ['available', null],
      ['break', null],
      new AppError('CALL_NOT_ACTIVE'),
    ]);
    const calls = await t.db
      .selectFrom('call_logs')
      .select(['id', 'call_status', 'duration_seconds'])
      .where('id', 'in', [firstCall, secondCall])
      .orderBy(sql`id = ${firstCall}`, 'desc')
      .execute();
    expect(calls).toEqual([
      { id: firstCall, call_status: 'answered', duration_seconds: 0 },
      { id: secondCall, call_status: 'declined', duration_seconds: null },
    ]);
    const statuses = await t.db
      .selectFrom('employee_status_log')
      .select(['status', 'set_by'])
      .where('user_id', '=', first.agent.id)
      .orderBy('started_at')
      .orderBy('ended_at', (ob) => ob.nullsLast())
      .execute();
    expect(statuses).toEqual([
      { status: 'available', set_by: 'agent' },
      { status: 'on_call', set_by: 'system' },
      { status: 'after_call', set_by: 'system' },
      { status: 'break', set_by: 'agent' },
    ]);
    expect((await first.state()).todaySeconds).toEqual({
      available: 65,
      on_call: 0,
      after_call: 0,
      break: 0,
    });
  });

  it('many agents acting at once each get their own answer', async () => {
    const agents = await Promise.all(Array.from({ length: 12 }, () => signedInAgent(t)));
    // Asked together: more than the batches in flight, so some go in one statement.
    const responses = await Promise.all(
      agents.map((agent, index) =>
        index % 3 === 0
          ? agent.as('POST', '/api/agent/calls/outbound', { phoneNumber: '12345678900' })
          : agent.setStatus(index % 3 === 1 ? 'available' : 'personal'),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      agents.map((_, index) => (index % 3 === 0 ? 409 : 200)),
    );
    expect(responses[0]!.json().error.message).toBe('Set status to Out Bound to place a call');
    // Their states read together too (some in one statement), each its own.
    const statuses = await Promise.all(agents.map(async (agent) => (await agent.state()).status));
    expect(statuses).toEqual(
      agents.map((_, index) => ['gone_home', 'available', 'personal'][index % 3]),
    );
  });
});

describe('signing out', () => {
  it("is refused until the status is Gone Home: 'Set status to Gone Home to sign out'", async () => {
    const { agent, setStatus, signOut, state } = await signedInAgent(t);
    await setStatus('available');
    const refused = await signOut();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'SIGN_OUT_NOT_GONE_HOME',
      message: 'Set status to Gone Home to sign out',
    });
    expect((await state()).status).toBe('available');

    await setStatus('gone_home');
    expect((await signOut()).statusCode).toBe(200);
    const session = await t.db
      .selectFrom('employee_sessions')
      .select(['session_date', 'session_end'])
      .where('user_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ session_date: '2026-03-02', session_end: t.clock.now() });
  });

  it('an agent who never set a status may sign out', async () => {
    const { signOut } = await signedInAgent(t);
    expect((await signOut()).statusCode).toBe(200);
  });

  it('keeps one session row per day, reopened when the agent comes back', async () => {
    const first = await signedInAgent(t);
    await first.setStatus('available');
    await first.setStatus('gone_home');
    expect((await first.signOut()).statusCode).toBe(200);

    t.clock.advanceMinutes(30);
    const back = await signedInAgent(t, { agent: first.agent });
    await back.setStatus('available');
    const sessions = await t.db
      .selectFrom('employee_sessions')
      .select(['session_date', 'session_end'])
      .where('user_id', '=', first.agent.id)
      .execute();
    expect(sessions).toEqual([{ session_date: '2026-03-02', session_end: null }]);
  });

  it('leaves the day’s open session row unwritten as the status changes (not even locked)', async () => {
    const { agent, setStatus } = await signedInAgent(t);
    await setStatus('available');
    const sessionRow = () =>
      sql<{ version: string; locker: string }>`
        SELECT xmin::text AS version, xmax::text AS locker FROM employee_sessions
        WHERE user_id = ${agent.id}`
        .execute(t.db)
        .then((result) => result.rows);
    const before = await sessionRow();
    expect(before).toHaveLength(1);
    await setStatus('break');
    await setStatus('available');
    // An upsert that changes nothing still locks the row it finds: a write on every switch.
    expect(await sessionRow()).toEqual(before);
  });
});
