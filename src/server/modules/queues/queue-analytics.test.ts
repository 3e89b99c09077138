import { beforeAll, describe, expect, it } from 'vitest';
import type { QueueAnalytics, QueueIntervals } from '../../../shared/schemas/queue-analytics';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin, newTeam } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

/**
 * Queue analytics: per team and for the centre over a range, and a team's figures by
 * interval, from callers' rows laid out by hand (the engine that makes them has its own tests).
 * The call centre is in New York: 2026-03-02 is 05:00Z to 05:00Z the next day.
 */
const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
const { as: asChief } = await signInAs(t, await newSuperAdmin(t.db));

const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);

async function queueTeam(name: string, settings: object) {
  const team = await newTeam(t.db, { name });
  await asChief('PUT', `/api/teams/${team.id}/inbound`, { mode: 'queue', ...settings });
  return team;
}

interface Caller {
  arrived: string;
  outcome?: 'answered' | 'abandoned';
  afterSeconds?: number;
  /** An answered caller's call: talk seconds, and After Call Work after it. */
  talk?: number;
  afterCall?: number;
}

async function addCallers(teamId: string, agentId: string, callers: Caller[]) {
  for (const caller of callers) {
    const endedAt = caller.outcome ? at(caller.arrived, caller.afterSeconds) : null;
    const row = await t.db
      .insertInto('queue_callers')
      .values({
        team_id: teamId,
        phone_number: '+15550100',
        arrived_at: at(caller.arrived),
        outcome: caller.outcome ?? null,
        ended_at: endedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (caller.talk === undefined || !endedAt) continue;
    const callEnd = at(endedAt.toISOString(), caller.talk);
    await t.db
      .insertInto('call_logs')
      .values({
        user_id: agentId,
        phone_number: '+15550100',
        call_type: 'inbound',
        call_status: 'answered',
        time_received: endedAt,
        answered_at: endedAt,
        ended_at: callEnd,
        duration_seconds: caller.talk,
        caller_id: row.id,
      })
      .execute();
    if (caller.afterCall === undefined) continue;
    await t.db
      .insertInto('employee_status_log')
      .values({
        user_id: agentId,
        status: 'after_call',
        started_at: callEnd,
        ended_at: at(callEnd.toISOString(), caller.afterCall),
        duration_seconds: caller.afterCall,
        set_by: 'system',
      })
      .execute();
  }
}

const alpha = await queueTeam('Alpha queue', { serviceLevelSeconds: 20 });
const beta = await queueTeam('Beta queue', { serviceLevelSeconds: 30 });
await newTeam(t.db, { name: 'Per-agent, quiet' });
const drained = await newTeam(t.db, { name: 'Per-agent, drained' });
const alphaAgent = await newEmployee(t.db);
await joinTeam(t.db, alpha, alphaAgent);
const alphaLeader = await newAdmin(t.db);
await joinTeam(t.db, alpha, alphaLeader, 'team_leader');

beforeAll(async () => {
  await addCallers(alpha.id, alphaAgent.id, [
    // Yesterday: outside 'today'.
    { arrived: '2026-03-01T15:00:00Z', outcome: 'answered', afterSeconds: 1, talk: 600 },
    // 10:00–10:30 in New York: three callers, the busiest half hour.
    {
      arrived: '2026-03-02T15:00:00Z',
      outcome: 'answered',
      afterSeconds: 10,
      talk: 150,
      afterCall: 30,
    },
    { arrived: '2026-03-02T15:05:00Z', outcome: 'answered', afterSeconds: 25, talk: 180 },
    { arrived: '2026-03-02T15:10:00Z', outcome: 'abandoned', afterSeconds: 40 },
    // 11:00–11:30: one answered, one still waiting.
    { arrived: '2026-03-02T16:00:00Z', outcome: 'answered', afterSeconds: 5, talk: 180 },
    { arrived: '2026-03-02T16:01:00Z' },
  ]);
  await addCallers(beta.id, alphaAgent.id, [
    { arrived: '2026-03-02T15:00:00Z', outcome: 'answered', afterSeconds: 28 },
    { arrived: '2026-03-02T15:40:00Z', outcome: 'answered', afterSeconds: 35 },
    // Forty days ago: all time spans more than 31 days.
    { arrived: '2026-01-21T15:00:00Z', outcome: 'abandoned', afterSeconds: 3 },
  ]);
  await addCallers(drained.id, alphaAgent.id, [
    { arrived: '2026-03-02T12:00:00Z', outcome: 'abandoned', afterSeconds: 90 },
  ]);
});

describe('GET /api/analytics/queues', () => {
  it("has each queue team's figures and the centre's, with the formulas' results", async () => {
    const response = await asChief('GET', '/api/analytics/queues?range=today');
    expect(response.statusCode).toBe(200);
    const body = response.json<QueueAnalytics>();
    expect(body.range).toMatchObject({ preset: 'today', from: '2026-03-02', to: '2026-03-02' });
    expect(body.teams).toEqual([
      {
        teamId: alpha.id,
        name: 'Alpha queue',
        serviceLevelSeconds: 20,
        serviceLevelTargetPercent: 80,
        callers: 5,
        answered: 3,
        abandoned: 1,
        // Within 20 s: 2 of the 4 answered or abandoned (the one waiting is not counted).
        serviceLevelPercent: 50,
        averageSpeedOfAnswerSeconds: 13.3, // (10 + 25 + 5) / 3
        averageTimeToAbandonSeconds: 40,
        // Busiest half hour: 3 callers (6 an hour); handle time (150 + 30 + 180 + 180) / 3 =
        // 180 s: 1 agent answers 72.2 % within 20 s, 2 agents 96.8 %.
        agentsNeeded: 2,
      },
      {
        teamId: beta.id,
        name: 'Beta queue',
        serviceLevelSeconds: 30,
        serviceLevelTargetPercent: 80,
        callers: 2,
        answered: 2,
        abandoned: 0,
        serviceLevelPercent: 50, // 28 s within 30, 35 s not
        averageSpeedOfAnswerSeconds: 31.5,
        averageTimeToAbandonSeconds: null,
        agentsNeeded: null, // no handled call to size by
      },
      {
        teamId: drained.id,
        name: 'Per-agent, drained',
        serviceLevelSeconds: 20,
        serviceLevelTargetPercent: 80,
        callers: 1,
        answered: 0,
        abandoned: 1,
        serviceLevelPercent: 0,
        averageSpeedOfAnswerSeconds: null,
        averageTimeToAbandonSeconds: 90,
        agentsNeeded: null,
      },
    ]);
    expect(body.centre).toEqual({
      callers: 8,
      answered: 5,
      abandoned: 2,
      serviceLevelPercent: 42.9, // 3 of 7, each team by its own threshold
      averageSpeedOfAnswerSeconds: 20.6, // (10 + 25 + 5 + 28 + 35) / 5
      averageTimeToAbandonSeconds: 65,
      agentsNeeded: 2,
    });
  });

  it("is the team leader's team only; an admin without a team sees every team", async () => {
    const { as: asLeader } = await signInAs(t, alphaLeader);
    const mine = (
      await asLeader('GET', '/api/analytics/queues?range=today')
    ).json<QueueAnalytics>();
    expect(mine.teams.map((team) => team.name)).toEqual(['Alpha queue']);
    expect(mine.centre.callers).toBe(5);
    const { as: asAdmin } = await signInAs(t, await newAdmin(t.db));
    const all = (await asAdmin('GET', '/api/analytics/queues?range=today')).json<QueueAnalytics>();
    expect(all.teams).toHaveLength(3);
  });

  it('lists a queue team with no callers in the range, with nothing to divide', async () => {
    const body = (
      await asChief('GET', '/api/analytics/queues?from=2026-02-10&to=2026-02-11')
    ).json<QueueAnalytics>();
    expect(body.teams.map((team) => [team.name, team.callers, team.serviceLevelPercent])).toEqual([
      ['Alpha queue', 0, null],
      ['Beta queue', 0, null],
    ]);
    expect(body.centre).toMatchObject({
      callers: 0,
      serviceLevelPercent: null,
      agentsNeeded: null,
    });
  });

  it('refuses a bad range with its field named', async () => {
    const response = await asChief('GET', '/api/analytics/queues?from=2026-03-05&to=2026-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('querystring.from');
  });
});

describe('GET /api/analytics/queues/:teamId/intervals', () => {
  it('has every half hour from the range start to now, those without callers too', async () => {
    const response = await asChief(
      'GET',
      `/api/analytics/queues/${alpha.id}/intervals?range=today`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<QueueIntervals>();
    expect(body).toMatchObject({ teamId: alpha.id, name: 'Alpha queue', minutes: 30 });
    // Local midnight (05:00Z) to now (19:00Z): 28 half hours.
    expect(body.intervals).toHaveLength(28);
    expect(body.intervals[0]).toEqual({
      start: '2026-03-02T05:00:00.000Z',
      end: '2026-03-02T05:30:00.000Z',
      callers: 0,
      answered: 0,
      abandoned: 0,
      serviceLevelPercent: null,
      averageSpeedOfAnswerSeconds: null,
      averageTimeToAbandonSeconds: null,
      agentsNeeded: null,
    });
    expect(body.intervals[20]).toEqual({
      start: '2026-03-02T15:00:00.000Z',
      end: '2026-03-02T15:30:00.000Z',
      callers: 3,
      answered: 2,
      abandoned: 1,
      serviceLevelPercent: 33.3,
      averageSpeedOfAnswerSeconds: 17.5,
      averageTimeToAbandonSeconds: 40,
      agentsNeeded: 2,
    });
    // 4 callers an hour at 180 s: one agent answers 81.7 % within 20 s.
    expect(body.intervals[22]).toMatchObject({
      start: '2026-03-02T16:00:00.000Z',
      callers: 2,
      answered: 1,
      serviceLevelPercent: 100,
      agentsNeeded: 1,
    });
    const total = body.intervals.reduce((sum, interval) => sum + interval.callers, 0);
    expect(total).toBe(5);
  });

  it('comes in 15 and 60 minutes; other lengths are refused', async () => {
    const url = `/api/analytics/queues/${alpha.id}/intervals?range=today`;
    const hours = (await asChief('GET', `${url}&minutes=60`)).json<QueueIntervals>();
    expect(hours.intervals).toHaveLength(14);
    expect(hours.intervals[10]).toMatchObject({ start: '2026-03-02T15:00:00.000Z', callers: 3 });
    const quarters = (await asChief('GET', `${url}&minutes=15`)).json<QueueIntervals>();
    expect(quarters.intervals).toHaveLength(56);
    const refused = await asChief('GET', `${url}&minutes=45`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      field: 'querystring.minutes',
      message: 'querystring.minutes: Choose 15, 30 or 60 minutes',
    });
  });

  it('starts all time at the first caller and refuses more than 31 days of quarter hours', async () => {
    const url = `/api/analytics/queues/${beta.id}/intervals`;
    const hours = (await asChief('GET', `${url}?minutes=60`)).json<QueueIntervals>();
    expect(hours.intervals[0]!.start).toBe('2026-01-21T15:00:00.000Z');
    expect(hours.intervals.at(-1)!.end).toBe('2026-03-02T19:00:00.000Z');
    const refused = await asChief('GET', `${url}?minutes=15`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      field: 'querystring.minutes',
      message:
        'The range has more than 2,976 intervals of 15 minutes: choose a shorter range or ' +
        'longer intervals',
    });
  });

  it("is 404 for a team outside the viewer's scope or unknown", async () => {
    const { as: asLeader } = await signInAs(t, alphaLeader);
    expect((await asLeader('GET', `/api/analytics/queues/${beta.id}/intervals`)).statusCode).toBe(
      404,
    );
    expect((await asLeader('GET', `/api/analytics/queues/${alpha.id}/intervals`)).statusCode).toBe(
      200,
    );
    const unknown = `/api/analytics/queues/${crypto.randomUUID()}/intervals`;
    expect((await asChief('GET', unknown)).statusCode).toBe(404);
    expect((await asChief('GET', '/api/analytics/queues/nope/intervals')).statusCode).toBe(400);
  });
});

describe('the CSV export of the queue views', () => {
  it('has the queue teams and the centre, with the JSON’s numbers', async () => {
    const response = await asChief('GET', '/api/analytics/export.csv?view=queues&range=today');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-queues-2026-03-02_2026-03-02.csv"',
    );
    expect(response.body.trim().split(/\r?\n/)).toEqual([
      'Team,Callers,Answered,Abandoned,Service Level (%),Average Speed of Answer (s),' +
        'Average Time to Abandon (s),Agents Needed,Service-Level Threshold (s),' +
        'Service-Level Target (%)',
      'Alpha queue,5,3,1,50,13.3,40,2,20,80',
      'Beta queue,2,2,0,50,31.5,,,30,80',
      '"Per-agent, drained",1,0,1,0,,90,,20,80',
      'Centre,8,5,2,42.9,20.6,65,2,,',
    ]);
  });

  it("has a team's intervals in the call centre's zone; the team is required", async () => {
    const response = await asChief(
      'GET',
      `/api/analytics/export.csv?view=queue-intervals&teamId=${alpha.id}&minutes=60&range=today`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="switchboard-Alpha_queue-60-minutes-2026-03-02_2026-03-02.csv"',
    );
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(15);
    expect(lines[0]).toBe(
      'Interval Start (America/New_York),Interval End (America/New_York),Callers,Answered,' +
        'Abandoned,Service Level (%),Average Speed of Answer (s),Average Time to Abandon (s),' +
        'Agents Needed',
    );
    // 3 callers in the hour: one agent answers 86 % within 20 s.
    expect(lines[11]).toBe(
      '2026-03-02T10:00:00-05:00,2026-03-02T11:00:00-05:00,3,2,1,33.3,17.5,40,1',
    );

    const withoutTeam = await asChief('GET', '/api/analytics/export.csv?view=queue-intervals');
    expect(withoutTeam.statusCode).toBe(400);
    expect(withoutTeam.json().error.field).toBe('querystring.teamId');
    const { as: asLeader } = await signInAs(t, alphaLeader);
    const outside = `/api/analytics/export.csv?view=queue-intervals&teamId=${beta.id}`;
    expect((await asLeader('GET', outside)).statusCode).toBe(404);
  });
});
