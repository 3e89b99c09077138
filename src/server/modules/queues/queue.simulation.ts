import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { testConfig } from '../../config';
import { seededRandom } from '../../demo/roster';
import { signedInAgent } from '../../test/agent';
import { joinTeam, newEmployee, newSuperAdmin } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { describeViolations, findInvariantViolations } from '../invariants/invariants.repository';
import { performAgentActionBatched } from '../presence/presence.service';
import { averageSpeedOfAnswerSeconds, serviceLevelPercent } from './erlang-c';
import { exponential } from './queue-engine';

/**
 * The queue engine against queueing theory: one queue on the fake clock, callers who never
 * give up, exponential handle times, no after-call work, agents who answer at once — Erlang
 * C's assumptions — for 20,000 callers. The clock jumps from event to event (an arrival, a
 * call's end), so every wait is exact, not rounded to a tick. A small queue: its measured
 * speed of answer settles within 10 % in far fewer callers than a large one's.
 */
const AGENTS = 2;
const CALLERS = 20_000;
const load = { callsPerHour: 60, handleSeconds: 60 }; // half of each agent's time
const THRESHOLD_SECONDS = 20;
const HOUR = 3_600_000;

const defaults = testConfig().callEngine;
// Presence is checked once a simulated hour, not at every jump of the clock; the agents'
// sessions last the simulated months.
const t = await createTestApp(
  {
    sessionIdleHours: 24 * 366,
    callEngine: {
      ...defaults,
      heartbeatMs: HOUR,
      presenceGraceMs: 3 * HOUR,
      disconnectGraceMs: 3 * HOUR,
    },
  },
  { random: seededRandom(2026) },
);

it(
  `${CALLERS} callers: service level and speed of answer as Erlang C predicts`,
  { timeout: 2_400_000 },
  async () => {
    t.clock.set('2026-03-02T00:00:00Z');
    const { as } = await signInAs(t, await newSuperAdmin(t.db));
    const team = (await as('POST', '/api/teams', { name: 'Simulated' })).json<{
      team: { id: string };
    }>().team;
    for (let n = 0; n < AGENTS; n++) {
      const agent = await signedInAgent(t, { agent: await newEmployee(t.db) });
      await joinTeam(t.db, team, agent.agent);
      await agent.connect();
      expect((await agent.setStatus('available')).statusCode).toBe(200);
    }
    const settings = {
      mode: 'queue',
      callsPerHour: load.callsPerHour,
      patienceSeconds: 0,
      serviceLevelSeconds: THRESHOLD_SECONDS,
    };
    expect((await as('PUT', `/api/teams/${team.id}/inbound`, settings)).statusCode).toBe(200);

    const handleMs = seededRandom(7);
    /** Calls in progress: when each ends. */
    const ends: { at: number; agentId: string; callId: string }[] = [];
    let answered = 0;
    const queue = () =>
      t.db
        .selectFrom('teams')
        .select((eb) => [
          'next_caller_at',
          eb
            .selectFrom('queue_callers')
            .select((count) => count.fn.countAll<number>().as('n'))
            .where('team_id', '=', team.id)
            .where('ended_at', 'is', null)
            .as('waiting'),
        ])
        .where('id', '=', team.id)
        .executeTakeFirstOrThrow();
    await t.app.callEngine.tick(); // draws the first arrival
    while (answered < CALLERS) {
      const { next_caller_at: nextCaller, waiting } = await queue();
      const at = Math.min(nextCaller!.getTime(), ...ends.map((end) => end.at));
      t.clock.set(new Date(at));
      const due = ends.filter((end) => end.at === at);
      ends.splice(0, ends.length, ...ends.filter((end) => end.at !== at));
      for (const { agentId, callId } of due) {
        await performAgentActionBatched(t.ctx, agentId, { kind: 'end', callId });
        await performAgentActionBatched(t.ctx, agentId, { kind: 'status', status: 'available' });
      }
      // A tick at each arrival, and at an end with callers waiting: otherwise nobody is there
      // to route.
      if (at < nextCaller!.getTime() && Number(waiting) === 0) continue;
      await t.app.callEngine.tick();
      const offers = await t.db
        .selectFrom('call_logs')
        .select(['id', 'user_id'])
        .where('call_status', 'is', null)
        .execute();
      for (const offer of offers) {
        await performAgentActionBatched(t.ctx, offer.user_id, { kind: 'answer', callId: offer.id });
        const lasts = Math.max(1, Math.round(exponential(handleMs, load.handleSeconds * 1000)));
        ends.push({ at: at + lasts, agentId: offer.user_id, callId: offer.id });
        answered++;
      }
    }

    // The first CALLERS callers by arrival, every one answered (nobody gives up).
    const { rows } = await sql<{ callers: number; within: number; speed: number }>`
      SELECT count(*)::int AS callers,
        count(*) FILTER (WHERE ended_at - arrived_at <= make_interval(secs => ${THRESHOLD_SECONDS}))::int AS within,
        avg(extract(epoch FROM ended_at - arrived_at))::float8 AS speed
      FROM (SELECT * FROM queue_callers WHERE team_id = ${team.id}
        ORDER BY arrived_at LIMIT ${CALLERS}) first
      WHERE outcome = 'answered'
    `.execute(t.db);
    const measured = rows[0]!;
    expect(measured.callers).toBe(CALLERS);
    const level = (100 * measured.within) / measured.callers;
    const predictedLevel = serviceLevelPercent(load, AGENTS, THRESHOLD_SECONDS);
    const predictedSpeed = averageSpeedOfAnswerSeconds(load, AGENTS);
    console.info(
      `queue simulation: service level ${level.toFixed(2)} % (Erlang C ${predictedLevel.toFixed(2)} %), ` +
        `speed of answer ${measured.speed.toFixed(2)} s (Erlang C ${predictedSpeed.toFixed(2)} s)`,
    );
    expect(Math.abs(level - predictedLevel)).toBeLessThanOrEqual(3);
    expect(Math.abs(measured.speed - predictedSpeed) / predictedSpeed).toBeLessThanOrEqual(0.1);

    const found = await findInvariantViolations(t.db, { now: t.clock.now(), ringGraceMs: 0 });
    expect(found, describeViolations(found)).toEqual([]);
  },
);
