import { describe, expect, it } from 'vitest';
import type { AgentState, CallLogEntry } from '../../../shared/schemas/agent';
import type { TeamWrapUp } from '../../../shared/schemas/wrap-up';
import { DEFAULT_WRAP_UP_CODES } from '../../../shared/wrap-up';
import { signedInAgent } from '../../test/agent';
import { joinTeam, newAdmin, newEmployee, newSuperAdmin } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';

/**
 * Wrap-up: a team's codes and rules (its leader's or a super admin's), the agent's code and
 * notes for a call during it or its After Call Work, a required code, and the After Call Work
 * limit on the engine's fake clock.
 */
const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
const { as: asChief } = await signInAs(t, await newSuperAdmin(t.db));

/** A team made through the API (so with the default codes), and its leader signed in. */
async function teamWithLeader() {
  const created = await asChief('POST', '/api/teams', { name: `Wrap ${crypto.randomUUID()}` });
  const team = created.json<{ team: { id: string } }>().team;
  const leader = await newAdmin(t.db);
  await joinTeam(t.db, team, leader, 'team_leader');
  const { as } = await signInAs(t, leader);
  return { team, as };
}

/** An agent of `teamId` who dialled out and ended the call: in After Call Work. */
async function agentInAfterCallWork(teamId: string) {
  const agent = await signedInAgent(t, { agent: await newEmployee(t.db) });
  await joinTeam(t.db, { id: teamId }, agent.agent);
  await agent.setStatus('out_bound');
  const dialled = await agent.as('POST', '/api/agent/calls/outbound', {
    phoneNumber: '12125550187',
  });
  const callId = dialled.json<AgentState>().call!.id;
  t.clock.advance(30_000);
  const ended = await agent.as('POST', `/api/agent/calls/${callId}/end`);
  expect(ended.json<AgentState>().status).toBe('after_call');
  return { ...agent, callId };
}

describe("a team's codes and rules", () => {
  it('a new team has the default codes; the leader adds, renames and deactivates', async () => {
    const { team, as } = await teamWithLeader();
    const url = `/api/teams/${team.id}/wrap-up`;
    const start = (await as('GET', url)).json<TeamWrapUp>();
    expect(start).toEqual({
      required: false,
      afterCallLimitSeconds: null,
      codes: DEFAULT_WRAP_UP_CODES.map((name) => ({ id: expect.any(String), name, active: true })),
    });

    const added = await as('POST', `${url}/codes`, { name: '  Billing  ' });
    expect(added.statusCode).toBe(201);
    const code = added.json().code;
    expect(code).toMatchObject({ name: 'Billing', active: true });
    // Names are unique in the team, whatever the case.
    const taken = await as('POST', `${url}/codes`, { name: 'RESOLVED' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'WRAP_UP_CODE_NAME_TAKEN',
      message: 'This team already has a wrap-up code with this name',
      field: 'name',
    });
    expect((await as('POST', `${url}/codes`, { name: ' ' })).json().error.message).toBe(
      'name: Enter a name for the code',
    );

    const renamed = await as('PATCH', `${url}/codes/${code.id}`, { name: 'Billing question' });
    expect(renamed.json().code).toEqual({ id: code.id, name: 'Billing question', active: true });
    const off = await as('PATCH', `${url}/codes/${code.id}`, { active: false });
    expect(off.json().code.active).toBe(false);
    expect((await as('PATCH', `${url}/codes/${code.id}`, {})).statusCode).toBe(400);
    const unknown = await as('PATCH', `${url}/codes/${crypto.randomUUID()}`, { active: false });
    expect(unknown.statusCode).toBe(404);

    const after = (await as('GET', url)).json<TeamWrapUp>();
    expect(after.codes.map((c) => [c.name, c.active])).toEqual([
      ...DEFAULT_WRAP_UP_CODES.map((name) => [name, true]),
      ['Billing question', false],
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', team.id)
      .where('action', '=', 'team.wrap_up_changed')
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('rules: a required code and an After Call Work limit of 30 s to an hour', async () => {
    const { team, as } = await teamWithLeader();
    const url = `/api/teams/${team.id}/wrap-up/rules`;
    const short = await as('PUT', url, { required: true, afterCallLimitSeconds: 29 });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(
      'afterCallLimitSeconds: The limit must be at least 30 seconds',
    );
    const set = await as('PUT', url, { required: true, afterCallLimitSeconds: 120 });
    expect(set.json()).toMatchObject({ required: true, afterCallLimitSeconds: 120 });
    expect(
      (await as('PUT', url, { required: false, afterCallLimitSeconds: null })).json(),
    ).toMatchObject({ required: false, afterCallLimitSeconds: null });
    expect(
      (
        await asChief('PUT', `/api/teams/${crypto.randomUUID()}/wrap-up/rules`, {
          required: false,
          afterCallLimitSeconds: null,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the agent's wrap-up of a call", () => {
  it('code and notes while in After Call Work: on the call, in the Activity Log; closed after', async () => {
    const { team } = await teamWithLeader();
    const agent = await agentInAfterCallWork(team.id);
    const mine = (await agent.as('GET', '/api/agent/wrap-up')).json<TeamWrapUp>();
    expect(mine.codes.map((c) => c.name)).toEqual(DEFAULT_WRAP_UP_CODES);
    const escalated = mine.codes.find((c) => c.name === 'Escalated')!;

    const saved = await agent.as('PATCH', `/api/agent/calls/${agent.callId}`, {
      notes: 'Wants a call back',
      wrapUpCodeId: escalated.id,
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      id: agent.callId,
      callType: 'outbound',
      callStatus: 'answered',
      durationSeconds: 30,
      notes: 'Wants a call back',
      wrapUpCode: { id: escalated.id, name: 'Escalated' },
    };
    expect(saved.json().call).toMatchObject(expected);
    expect((await agent.as('GET', `/api/agent/calls/${agent.callId}`)).json().call).toMatchObject(
      expected,
    );
    const log = (await agent.as('GET', '/api/agent/calls')).json<{ calls: CallLogEntry[] }>();
    expect(log.calls[0]).toMatchObject(expected);

    // Another team's code, or an inactive one, is refused.
    const other = await teamWithLeader();
    const theirs = (
      await other.as('GET', `/api/teams/${other.team.id}/wrap-up`)
    ).json<TeamWrapUp>();
    const refused = await agent.as('PATCH', `/api/agent/calls/${agent.callId}`, {
      wrapUpCodeId: theirs.codes[0]!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'WRAP_UP_CODE_UNKNOWN',
      field: 'wrapUpCodeId',
    });

    // Once After Call Work is over the code stays as it was; notes may still change.
    await agent.setStatus('available');
    const late = await agent.as('PATCH', `/api/agent/calls/${agent.callId}`, {
      wrapUpCodeId: null,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('WRAP_UP_CLOSED');
    const notes = await agent.as('PATCH', `/api/agent/calls/${agent.callId}`, { notes: 'Done' });
    expect(notes.json().call).toMatchObject({ notes: 'Done', wrapUpCode: { name: 'Escalated' } });

    // The employee's analytics count it by its code; a call without one counts as none.
    const second = await agentInAfterCallWork(team.id);
    const analytics = await asChief('GET', `/api/analytics/employees/${agent.agent.id}?range=all`);
    expect(analytics.json().wrapUpCodes).toEqual([{ name: 'Escalated', calls: 1 }]);
    const other2 = await asChief('GET', `/api/analytics/employees/${second.agent.id}?range=all`);
    expect(other2.json().wrapUpCodes).toEqual([{ name: 'No wrap-up code', calls: 1 }]);
    const csv = await asChief('GET', `/api/analytics/export.csv?employeeId=${agent.agent.id}`);
    const [header, ...lines] = csv.body.trim().split(/\r?\n/);
    expect(header!.split(',').at(-1)).toBe('Wrap-up Code');
    expect(lines.filter((line) => line.startsWith('Call,'))).toEqual([
      expect.stringMatching(/,Escalated$/),
    ]);

    // Someone else's call is not found.
    const stranger = await signedInAgent(t);
    expect((await stranger.as('GET', `/api/agent/calls/${agent.callId}`)).statusCode).toBe(404);
    expect(
      (await stranger.as('PATCH', `/api/agent/calls/${agent.callId}`, { wrapUpCodeId: null }))
        .statusCode,
    ).toBe(404);
  });

  it("the call's transcript: lines kept once each, in their order, in the call's details", async () => {
    const { team } = await teamWithLeader();
    const agent = await agentInAfterCallWork(team.id);
    const url = `/api/agent/calls/${agent.callId}/transcript`;
    const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 19, 0, seconds)).toISOString();
    const greeting = { line: 0, speaker: 'agent', text: 'Switchboard, how can I help?', at: at(1) };
    const ask = { line: 1, speaker: 'caller', text: 'My bill is wrong.', at: at(4) };
    expect((await agent.as('POST', url, { lines: [ask] })).statusCode).toBe(200);
    // A retry sends line 1 again, with line 0 that arrived late.
    await agent.as('POST', url, { lines: [greeting, { ...ask, text: 'changed' }] });
    const { call } = (await agent.as('GET', `/api/agent/calls/${agent.callId}`)).json();
    expect(call.transcript).toEqual([greeting, ask].map(({ line: _, ...kept }) => kept));

    const tooLong = await agent.as('POST', url, {
      lines: [{ ...greeting, line: 2, text: 'x'.repeat(2001) }],
    });
    expect(tooLong.statusCode).toBe(400);
    const stranger = await signedInAgent(t);
    expect((await stranger.as('POST', url, { lines: [greeting] })).statusCode).toBe(404);
  });

  it("the team's leader reads the agent's calls, notes, code and transcript; another admin not", async () => {
    const { team, as } = await teamWithLeader();
    const agent = await agentInAfterCallWork(team.id);
    const { codes } = (await agent.as('GET', '/api/agent/wrap-up')).json<TeamWrapUp>();
    await agent.as('PATCH', `/api/agent/calls/${agent.callId}`, {
      notes: 'Wants a callback',
      wrapUpCodeId: codes[1]!.id,
    });
    const at = new Date(Date.UTC(2026, 2, 2, 19, 0, 5)).toISOString();
    await agent.as('POST', `/api/agent/calls/${agent.callId}/transcript`, {
      lines: [{ line: 0, speaker: 'caller', text: 'Hello?', at }],
    });
    const base = `/api/analytics/employees/${agent.agent.id}/calls`;

    const list = (await as('GET', base)).json<{ calls: CallLogEntry[] }>().calls;
    expect(list.map((call) => [call.id, call.notes, call.wrapUpCode?.name])).toEqual([
      [agent.callId, 'Wants a callback', codes[1]!.name],
    ]);
    const { call } = (await as('GET', `${base}/${agent.callId}`)).json();
    expect(call).toMatchObject({
      id: agent.callId,
      notes: 'Wants a callback',
      wrapUpCode: { id: codes[1]!.id, name: codes[1]!.name },
      transcript: [{ speaker: 'caller', text: 'Hello?', at }],
    });

    // Another team's leader finds neither the agent nor the call; another agent's call is not
    // this agent's.
    const other = await teamWithLeader();
    expect((await other.as('GET', base)).json().error.code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await other.as('GET', `${base}/${agent.callId}`)).statusCode).toBe(404);
    const stranger = await agentInAfterCallWork(team.id);
    const notHers = await as('GET', `${base}/${stranger.callId}`);
    expect(notHers.json().error.code).toBe('CALL_NOT_FOUND');
  });

  it('a required code must be chosen before leaving After Call Work', async () => {
    const { team, as } = await teamWithLeader();
    await as('PUT', `/api/teams/${team.id}/wrap-up/rules`, {
      required: true,
      afterCallLimitSeconds: null,
    });
    const agent = await agentInAfterCallWork(team.id);
    expect((await agent.as('GET', '/api/agent/wrap-up')).json().required).toBe(true);

    const refused = await agent.setStatus('break');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'WRAP_UP_CODE_REQUIRED',
      message: 'Choose a wrap-up code before leaving After Call Work',
    });
    expect((await agent.state()).status).toBe('after_call');

    const { codes } = (await agent.as('GET', '/api/agent/wrap-up')).json<TeamWrapUp>();
    await agent.as('PATCH', `/api/agent/calls/${agent.callId}`, { wrapUpCodeId: codes[0]!.id });
    expect((await agent.setStatus('break')).json<AgentState>().status).toBe('break');
  });

  it('a team with no active code requires none', async () => {
    const { team, as } = await teamWithLeader();
    await as('PUT', `/api/teams/${team.id}/wrap-up/rules`, {
      required: true,
      afterCallLimitSeconds: null,
    });
    const { codes } = (await as('GET', `/api/teams/${team.id}/wrap-up`)).json<TeamWrapUp>();
    for (const code of codes) {
      await as('PATCH', `/api/teams/${team.id}/wrap-up/codes/${code.id}`, { active: false });
    }
    const agent = await agentInAfterCallWork(team.id);
    expect((await agent.as('GET', '/api/agent/wrap-up')).json()).toEqual({
      required: false,
      afterCallLimitSeconds: null,
      codes: [],
    });
    expect((await agent.setStatus('available')).statusCode).toBe(200);
  });

  it("After Call Work ends at the team's limit: Available, set by the system; no code recorded", async () => {
    const { team, as } = await teamWithLeader();
    await as('PUT', `/api/teams/${team.id}/wrap-up/rules`, {
      required: true,
      afterCallLimitSeconds: 60,
    });
    const agent = await agentInAfterCallWork(team.id);
    const live = await agent.connect();
    const endedAt = t.clock.now().getTime();

    t.clock.advance(59_999);
    await t.app.callEngine.tick();
    expect((await agent.state()).status).toBe('after_call');

    t.clock.advance(1);
    await t.app.callEngine.tick();
    const state = await live.waitFor((s) => s.status === 'available');
    expect(state).toMatchObject({
      setBy: 'system',
      since: new Date(endedAt + 60_000).toISOString(),
    });
    const call = (await agent.as('GET', `/api/agent/calls/${agent.callId}`)).json().call;
    expect(call.wrapUpCode).toBeNull();
    live.socket.terminate();
  });
});
