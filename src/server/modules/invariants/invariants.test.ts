import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AgentState } from '../../../shared/schemas/agent';
import { type LiveClient, signedInAgent } from '../../test/agent';
import { createTestApp } from '../../test/test-app';
import { describeViolations, findInvariantViolations } from './invariants.repository';

const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
/** The test app pins random() to 0.5: an offer comes 8 s after eligibility and rings 20 s. */
const OFFER_DELAY_MS = 8000;
const RING_MS = 20_000;

const violations = (options: { rollups?: boolean } = {}) =>
  findInvariantViolations(t.db, { now: t.clock.now(), ringGraceMs: 0, ...options });

async function expectInvariantsHold(options: { rollups?: boolean } = {}) {
  const found = await violations(options);
  expect(found, describeViolations(found)).toEqual([]);
}

class RolledBack extends Error {}

/** Breaks the data inside a transaction, returns the rules the checker reports, rolls back. */
async function rulesBrokenBy(breakIt: (trx: typeof t.db) => Promise<unknown>) {
  let rules: string[] = [];
  await t.db
    .transaction()
    .execute(async (trx) => {
      await breakIt(trx);
      const found = await findInvariantViolations(trx, {
        now: t.clock.now(),
        ringGraceMs: 0,
        rollups: false,
      });
      rules = found.map((violation) => violation.rule);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return rules;
}

/** An agent with a day of calls and statuses behind them, made through the API. */
async function busyAgent() {
  const agent = await signedInAgent(t);
  const live = await agent.connect();
  await agent.setStatus('available');
  t.clock.advance(OFFER_DELAY_MS);
  await t.app.callEngine.tick();
  const ringing = await live.waitFor((state) => state.call?.phase === 'ringing');
  t.clock.advance(3000);
  await agent.as('POST', `/api/agent/calls/${ringing.call!.id}/answer`);
  t.clock.advance(95_000);
  await agent.as('POST', `/api/agent/calls/${ringing.call!.id}/end`);
  t.clock.advance(30_000);
  await agent.setStatus('out_bound');
  const dialled = (
    await agent.as('POST', '/api/agent/calls/outbound', { phoneNumber: '15551234567' })
  ).json<AgentState>();
  t.clock.advance(40_000);
  await agent.as('POST', `/api/agent/calls/${dialled.call!.id}/end`);
  await agent.setStatus('break');
  live.socket.close();
  return agent;
}

describe('the invariants checker', () => {
  it('finds nothing wrong after real work through the API, rollups included', async () => {
    await busyAgent();
    await busyAgent();
    await expectInvariantsHold({ rollups: true });
  });

  it('reports each rule a broken row breaks', async () => {
    const { agent } = await busyAgent();
    const { id: intervalId, started_at: startedAt } = await t.db
      .selectFrom('employee_status_log')
      .select(['id', 'started_at'])
      .where('user_id', '=', agent.id)
      .orderBy('started_at')
      .executeTakeFirstOrThrow();

    // Two open intervals (the database's own unique index would refuse: dropped for the test).
    expect(
      await rulesBrokenBy(async (trx) => {
        await sql`DROP INDEX employee_status_log_one_open_key`.execute(trx);
        await trx
          .insertInto('employee_status_log')
          .values({ user_id: agent.id, status: 'lunch', started_at: t.clock.now() })
          .execute();
      }),
    ).toEqual(
      expect.arrayContaining([
        'one open status interval per agent',
        'status intervals of an agent do not overlap',
      ]),
    );
    expect(
      await rulesBrokenBy((trx) =>
        trx
          .updateTable('employee_status_log')
          .set({ duration_seconds: sql`duration_seconds + 1` })
          .where('id', '=', intervalId)
          .execute(),
      ),
    ).toContain('a status duration is its timestamps’ difference, an open interval has none');
    expect(
      await rulesBrokenBy((trx) =>
        trx.deleteFrom('employee_sessions').where('user_id', '=', agent.id).execute(),
      ),
    ).toContain('every day an agent changed status has its session row, started by then');
    expect(
      await rulesBrokenBy((trx) =>
        trx
          .insertInto('call_logs')
          .values({
            user_id: agent.id,
            phone_number: '15550000000',
            call_type: 'inbound',
            time_received: startedAt,
            ring_deadline: new Date(startedAt.getTime() + RING_MS),
          })
          .execute(),
      ),
    ).toEqual(
      expect.arrayContaining([
        'every offered call is ringing until its deadline or resolved with a valid outcome',
        'an agent in a call is On Call, an agent with a ringing offer is Available',
      ]),
    );
    expect(
      await rulesBrokenBy((trx) =>
        trx
          .updateTable('call_logs')
          .set({ duration_seconds: 1 })
          .where('user_id', '=', agent.id)
          .where('call_type', '=', 'outbound')
          .execute(),
      ),
    ).toContain('a call duration is its talk time, and only an ended answered call has one');
    expect(
      await rulesBrokenBy((trx) =>
        trx.updateTable('users').set({ role: 'admin' }).where('id', '=', agent.id).execute(),
      ),
    ).toContain('statuses, calls and sessions belong to employees');
  });

  it("reports the calls and queue callers that break the queue's rules", async () => {
    const { agent } = await busyAgent();
    const { agent: other } = await busyAgent();
    const at = t.clock.now();
    const later = (ms: number) => new Date(at.getTime() + ms);
    const offer = (
      userId: string,
      callerId: string,
      from: number,
      status: 'declined' | 'answered',
    ) => ({
      user_id: userId,
      caller_id: callerId,
      phone_number: '15550000000',
      call_type: 'inbound' as const,
      call_status: status,
      time_received: later(from),
      answered_at: status === 'answered' ? later(from + 1000) : null,
      ended_at: later(from + 5000),
      duration_seconds: status === 'answered' ? 4 : null,
    });
    const caller = (trx: typeof t.db, outcome: 'answered' | 'abandoned', endedAt: number) =>
      trx
        .insertInto('queue_callers')
        .values({
          phone_number: '15550000000',
          arrived_at: at,
          outcome,
          ended_at: later(endedAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

    // Two agents rung for one caller at once.
    expect(
      await rulesBrokenBy(async (trx) => {
        const { id } = await caller(trx, 'abandoned', 60_000);
        await trx
          .insertInto('call_logs')
          .values([
            offer(agent.id, id, 600_000, 'declined'),
            offer(other.id, id, 601_000, 'declined'),
          ])
          .execute();
      }),
    ).toEqual(['a queue caller rings at one agent at a time, while waiting']);
    // An abandoned caller answered; an answered one answered at another time.
    expect(
      await rulesBrokenBy(async (trx) => {
        const abandoned = await caller(trx, 'abandoned', 700_000);
        const answered = await caller(trx, 'answered', 800_000);
        await trx
          .insertInto('call_logs')
          .values([
            offer(agent.id, abandoned.id, 600_000, 'answered'),
            offer(other.id, answered.id, 600_000, 'answered'),
          ])
          .execute();
      }),
    ).toEqual(['a queue caller ends once: answered by its one answered call, or abandoned']);
    // An agent's two calls at once.
    expect(
      await rulesBrokenBy(async (trx) => {
        const { id } = await caller(trx, 'abandoned', 900_000);
        await trx
          .insertInto('call_logs')
          .values([
            offer(agent.id, id, 600_000, 'declined'),
            offer(agent.id, id, 602_000, 'declined'),
          ])
          .execute();
      }),
    ).toEqual(
      expect.arrayContaining([
        'the calls of an agent do not overlap',
        'a queue caller rings at one agent at a time, while waiting',
      ]),
    );
  });

  it('reports rollups that drifted from the raw rows', async () => {
    const { agent } = await busyAgent();
    await sql`UPDATE call_day_totals SET answered = answered + 1 WHERE user_id = ${agent.id}`.execute(
      t.db,
    );
    try {
      const found = await violations({ rollups: true });
      expect(found.map((violation) => violation.rule)).toEqual([
        'the rollups equal a rebuild from the raw rows',
      ]);
    } finally {
      await sql`SELECT rebuild_rollups()`.execute(t.db);
    }
    await expectInvariantsHold({ rollups: true });
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Model-based: random sequences of what an agent (and time) can do, each answer checked
// against a model of the softphone's rules, and the invariants after every step.

interface Model {
  status: string | null;
  call: { id: string; phase: 'ringing' | 'active'; deadline?: number } | null;
  /** Offers rung out in a row in this Available stint: at the engine's limit, calls pause. */
  missedInARow: number;
}

interface Real {
  agent: Awaited<ReturnType<typeof signedInAgent>>;
  live: LiveClient;
}

const STATUSES = ['available', 'break', 'lunch', 'personal', 'tech_issues', 'out_bound'] as const;

type Command = fc.AsyncCommand<Model, Real>;

/** Offers the sequences met (the test checks some rang: without them it proves little). */
let offersSeen = 0;

/** After each step: the server's state is the model's, and the invariants hold. */
async function settle(model: Model, real: Real) {
  const state = await real.agent.state();
  expect(state.status).toBe(model.status ?? state.status);
  expect(state.call?.id ?? null).toBe(model.call?.id ?? null);
  expect(state.call?.phase ?? null).toBe(model.call?.phase ?? null);
  const found = await violations();
  expect(found, describeViolations(found)).toEqual([]);
}

class SetStatus implements Command {
  constructor(readonly status: (typeof STATUSES)[number]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await real.agent.setStatus(this.status);
    if (model.call?.phase === 'active') {
      expect(response.statusCode).toBe(409);
    } else {
      expect(response.statusCode).toBe(200);
      if (model.status !== this.status) {
        model.call = null; // a ringing offer is missed
        model.missedInARow = 0;
      }
      model.status = this.status;
    }
    await settle(model, real);
  }
  toString = () => `status ${this.status}`;
}

class Wait implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    t.clock.advance(this.ms);
    await t.app.callEngine.tick();
    const state = await real.agent.state();
    if (model.call?.phase === 'ringing' && t.clock.now().getTime() >= model.call.deadline!) {
      // The ring timed out: missed, and the agent stays Available (the next offer may ring)
      // unless it was one too many in a row: then the system sets Tech Issues.
      expect(state.call?.id).not.toBe(model.call.id);
      model.call = null;
      model.missedInARow += 1;
      if (model.missedInARow === t.config.callEngine.pauseAfterMissed) {
        model.status = 'tech_issues';
        model.missedInARow = 0;
      }
    }
    if (!model.call && state.call) {
      // A new offer: only to an Available agent, ringing, with the spec's deadline.
      expect(model.status).toBe('available');
      expect(state.call.phase).toBe('ringing');
      model.call = {
        id: state.call.id,
        phase: 'ringing',
        deadline: Date.parse(state.call.ringDeadline!),
      };
      offersSeen++;
    }
    await settle(model, real);
  }
  toString = () => `wait ${this.ms} ms`;
}

class CallAction implements Command {
  constructor(readonly action: 'answer' | 'decline' | 'end') {}
  check = () => true;
  async run(model: Model, real: Real) {
    const callId = model.call?.id ?? '00000000-0000-4000-8000-000000000000';
    const response = await real.agent.as('POST', `/api/agent/calls/${callId}/${this.action}`);
    const phase = model.call?.phase;
    const allowed = this.action === 'end' ? phase === 'active' : phase === 'ringing';
    if (!allowed) {
      expect([404, 409]).toContain(response.statusCode);
    } else {
      expect(response.statusCode).toBe(200);
      if (this.action === 'answer') {
        model.call = { id: callId, phase: 'active' };
        model.status = 'on_call';
      } else {
        model.call = null;
        model.missedInARow = 0; // a decline breaks the run
        if (this.action === 'end') model.status = 'after_call';
      }
    }
    await settle(model, real);
  }
  toString = () => this.action;
}

class Dial implements Command {
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await real.agent.as('POST', '/api/agent/calls/outbound', {
      phoneNumber: '15559876543',
    });
    if (model.call || model.status !== 'out_bound') {
      expect([400, 409]).toContain(response.statusCode);
    } else {
      expect(response.statusCode).toBe(200);
      const call = response.json<AgentState>().call!;
      model.call = { id: call.id, phase: 'active' };
      model.status = 'on_call';
    }
    await settle(model, real);
  }
  toString = () => 'dial';
}

describe('random operation sequences (model-based)', () => {
  it('answer as the model says, and keep every invariant after every step', async () => {
    // Weighted towards what makes calls happen: Available, waits past the offer delay
    // (8 s here), and acting on the call.
    const available = fc.constant(new SetStatus('available'));
    const offerWait = fc.integer({ min: OFFER_DELAY_MS, max: OFFER_DELAY_MS + 3000 });
    const callAction = fc
      .constantFrom<'answer' | 'decline' | 'end'>('answer', 'decline', 'end')
      .map((action) => new CallAction(action));
    const commands = [
      available,
      available,
      fc.constantFrom(...STATUSES).map((status) => new SetStatus(status)),
      offerWait.map((ms) => new Wait(ms)),
      offerWait.map((ms) => new Wait(ms)),
      fc.integer({ min: 500, max: 25_000 }).map((ms) => new Wait(ms)),
      callAction,
      callAction,
      fc.constant(new Dial()),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 25, size: 'large' }),
        async (sequence) => {
          const agent = await signedInAgent(t);
          const live = await agent.connect();
          // Each sequence starts on the floor: connected and Available.
          expect((await agent.setStatus('available')).statusCode).toBe(200);
          try {
            await fc.asyncModelRun(
              () => ({
                model: { status: 'available', call: null, missedInARow: 0 },
                real: { agent, live },
              }),
              sequence,
            );
          } finally {
            live.socket.close();
          }
        },
      ),
      { numRuns: Number(process.env.MODEL_RUNS ?? 12) },
    );
    console.log(`model-based: ${offersSeen} offers rang`);
    expect(offersSeen).toBeGreaterThan(0);
    await expectInvariantsHold({ rollups: true });
  }, 120_000);
});
