import { expect, it } from 'vitest';
import { type ErrorCode, errorCatalogue } from '../../../shared/errors';
import type { AgentState } from '../../../shared/schemas/agent';
import type { AgentStatus, StatusSetBy } from '../../../shared/statuses';
import { callRowsOf, connectionClosedOf, ringingAgent, signedInAgent } from '../../test/agent';
import { createTestApp } from '../../test/test-app';

/**
 * The rules of an agent's actions (set a status, answer, decline, end, dial), one row each.
 * They are implemented once, in the database's agent-actions SQL (`perform_agent_actions`, reached
 * through presence.service); the request schemas refuse two things before it (a system
 * status asked for, a number of the wrong length: rows marked "schema"), and the call engine's
 * presence pass acts as the system. This table is their specification: each row gives an agent
 * of its own a situation, acts through the HTTP API as that agent, then checks the refusal (and
 * that it changed nothing) or the state and the call's log row that follow.
 */
const t = await createTestApp();
t.clock.set('2026-03-02T19:00:00Z');
const { ringMs, presenceGraceMs, heartbeatMs } = t.config.callEngine;
/** Every action comes this long after its situation was set up (well within a ring). */
const ACT_AFTER_MS = 5000;

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
/** A row's agent, and the call its action is about (its own, or another agent's), if any. */
interface Situation {
  agent: Agent;
  call?: string;
}

const newAgent = () => signedInAgent(t);
const tick = () => t.app.callEngine.tick();

/** Connected and Available, then the engine's offer ringing. */
async function ringing(): Promise<Situation & { call: string }> {
  const agent = await ringingAgent(t);
  return { agent, call: agent.call.id };
}

async function callAction(agent: Agent, path: string, body?: object) {
  const response = await agent.as('POST', `/api/agent/calls${path}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgentState>();
}

async function inCall(): Promise<Situation & { call: string }> {
  const situation = await ringing();
  await callAction(situation.agent, `/${situation.call}/answer`);
  return situation;
}

async function onOutboundCall(): Promise<Situation> {
  const agent = await newAgent();
  await agent.setStatus('out_bound');
  return {
    agent,
    call: (await callAction(agent, '/outbound', { phoneNumber: '12125550187' })).call!.id,
  };
}

/** Connected in `status`, then every live connection gone (closed, as the server saw it). */
async function goneIn(status: AgentStatus): Promise<Situation> {
  const agent = await newAgent();
  const live = await agent.connect();
  await agent.setStatus(status);
  live.socket.terminate();
  await connectionClosedOf(t.db, agent.agent.id);
  return { agent };
}

/** Past the presence grace, and a heartbeat later the engine's pass judges who is gone. */
async function presenceGracePasses() {
  t.clock.advance(presenceGraceMs + heartbeatMs);
  await tick();
}

/** Available (no live connection, so no offers of its own) beside another agent's call. */
async function besideAnothersCall(another: () => Promise<Situation>): Promise<Situation> {
  const { call } = await another();
  const agent = await newAgent();
  await agent.setStatus('available');
  return { agent, call };
}

const situations = {
  'Gone Home (no status yet)': async () => ({ agent: await newAgent() }),
  Available: async () => {
    const agent = await newAgent();
    await agent.setStatus('available');
    return { agent };
  },
  'Out Bound': async () => {
    const agent = await newAgent();
    await agent.setStatus('out_bound');
    return { agent };
  },
  'Available, a call ringing': ringing,
  'Available, the ring past its deadline (no engine pass since)': async () => {
    const situation = await ringing();
    t.clock.advance(ringMs);
    return situation;
  },
  'Available, the ring timed out (logged missed)': async () => {
    const situation = await ringing();
    t.clock.advance(ringMs);
    await tick();
    return situation;
  },
  'Available, the call declined': async () => {
    const situation = await ringing();
    await callAction(situation.agent, `/${situation.call}/decline`);
    return situation;
  },
  'On Call (an inbound call answered)': inCall,
  'On Call (an outbound call dialled)': onOutboundCall,
  'After Call Work (the call ended)': async () => {
    const situation = await inCall();
    await callAction(situation.agent, `/${situation.call}/end`);
    return situation;
  },
  "Available; another agent's call ringing": () => besideAnothersCall(ringing),
  "Available; another agent's call in progress": () => besideAnothersCall(inCall),
  'Available, every live connection gone': () => goneIn('available'),
  'Lunch, every live connection gone': () => goneIn('lunch'),
  'Tech Issues, set by the system': async () => {
    const situation = await goneIn('available');
    await presenceGracePasses();
    return situation;
  },
} satisfies Record<string, () => Promise<Situation>>;

type Action =
  | { set: string }
  | { call: 'answer' | 'decline' | 'end' }
  | { dial: string }
  | 'the presence grace passes';

type CallRow = Awaited<ReturnType<typeof callRowsOf>>[number];
/** Some of a call's columns; 'now' for a time: when the action happened. */
type LoggedCall = { [Column in keyof CallRow]?: CallRow[Column] | 'now' };

/** A refusal (HTTP status, code, and the message when it is not the code's own), or a state. */
type Outcome =
  | { refused: [http: number, code: ErrorCode, message?: string] }
  | {
      status: AgentStatus;
      setBy: StatusSetBy;
      /** 'now': a new interval began with the action; 'kept': the open one goes on. */
      since: 'now' | 'kept';
      call: 'none' | 'ringing' | 'active';
      /** The call's log row (the situation's call, else the one the action made). */
      logged?: LoggedCall;
    };

interface Rule {
  rule: string;
  given: keyof typeof situations;
  act: Action;
  then: Outcome;
}

const ONLY_SYSTEM = 'status: On Call and After Call Work are set by the system';
const NUMBER_LENGTH = 'phoneNumber: Enter a phone number of 2 to 11 digits';
const seconds = ACT_AFTER_MS / 1000;

const rules: Rule[] = [
  // Only the system sets On Call and After Call Work (the agent gets them by answer, dial, end).
  {
    rule: 'an agent cannot pick On Call (schema)',
    given: 'Available',
    act: { set: 'on_call' },
    then: { refused: [400, 'VALIDATION_FAILED', ONLY_SYSTEM] },
  },
  {
    rule: 'an agent cannot pick After Call Work (schema)',
    given: 'Available',
    act: { set: 'after_call' },
    then: { refused: [400, 'VALIDATION_FAILED', ONLY_SYSTEM] },
  },
  {
    rule: 'an agent picks any other status',
    given: 'Available',
    act: { set: 'break' },
    then: { status: 'break', setBy: 'agent', since: 'now', call: 'none' },
  },

  // No status change during a call.
  {
    rule: 'no status change with an inbound call in progress',
    given: 'On Call (an inbound call answered)',
    act: { set: 'break' },
    then: { refused: [409, 'CALL_IN_PROGRESS'] },
  },
  {
    rule: 'no status change with an outbound call in progress',
    given: 'On Call (an outbound call dialled)',
    act: { set: 'available' },
    then: { refused: [409, 'CALL_IN_PROGRESS'] },
  },
  {
    rule: 'once the call has ended, the agent leaves After Call Work',
    given: 'After Call Work (the call ended)',
    act: { set: 'available' },
    then: { status: 'available', setBy: 'agent', since: 'now', call: 'none' },
  },

  // Leaving Available misses a ringing call.
  {
    rule: 'leaving Available while ringing: the call is missed, the status changes',
    given: 'Available, a call ringing',
    act: { set: 'lunch' },
    then: {
      status: 'lunch',
      setBy: 'agent',
      since: 'now',
      call: 'none',
      logged: { call_status: 'missed', ended_at: 'now' },
    },
  },
  {
    rule: 'picking Available again while ringing changes nothing: it still rings',
    given: 'Available, a call ringing',
    act: { set: 'available' },
    then: {
      status: 'available',
      setBy: 'agent',
      since: 'kept',
      call: 'ringing',
      logged: { call_status: null },
    },
  },

  // Answer only a ringing call of one's own.
  {
    rule: 'answer a ringing call: On Call, set by the system',
    given: 'Available, a call ringing',
    act: { call: 'answer' },
    then: {
      status: 'on_call',
      setBy: 'system',
      since: 'now',
      call: 'active',
      logged: { call_status: 'answered', answered_at: 'now', ended_at: null },
    },
  },
  {
    rule: "answer another agent's call",
    given: "Available; another agent's call ringing",
    act: { call: 'answer' },
    then: { refused: [404, 'CALL_NOT_FOUND'] },
  },
  {
    rule: 'answer a call past its ring deadline, before the engine logged it missed',
    given: 'Available, the ring past its deadline (no engine pass since)',
    act: { call: 'answer' },
    then: { refused: [409, 'CALL_NOT_RINGING'] },
  },
  {
    rule: 'answer a call that timed out',
    given: 'Available, the ring timed out (logged missed)',
    act: { call: 'answer' },
    then: { refused: [409, 'CALL_NOT_RINGING'] },
  },
  {
    rule: 'answer a call already declined',
    given: 'Available, the call declined',
    act: { call: 'answer' },
    then: { refused: [409, 'CALL_NOT_RINGING'] },
  },
  {
    rule: 'answer a call already answered',
    given: 'On Call (an inbound call answered)',
    act: { call: 'answer' },
    then: { refused: [409, 'CALL_NOT_RINGING'] },
  },

  // Decline only a ringing call of one's own.
  {
    rule: 'decline a ringing call: declined, the agent stays Available',
    given: 'Available, a call ringing',
    act: { call: 'decline' },
    then: {
      status: 'available',
      setBy: 'agent',
      since: 'kept',
      call: 'none',
      logged: { call_status: 'declined', ended_at: 'now' },
    },
  },
  {
    rule: "decline another agent's call",
    given: "Available; another agent's call ringing",
    act: { call: 'decline' },
    then: { refused: [404, 'CALL_NOT_FOUND'] },
  },
  {
    rule: 'decline a call that timed out',
    given: 'Available, the ring timed out (logged missed)',
    act: { call: 'decline' },
    then: { refused: [409, 'CALL_NOT_RINGING'] },
  },

  // End only one's own call in progress.
  {
    rule: 'end an inbound call: After Call Work, set by the system; duration stored',
    given: 'On Call (an inbound call answered)',
    act: { call: 'end' },
    then: {
      status: 'after_call',
      setBy: 'system',
      since: 'now',
      call: 'none',
      logged: { call_status: 'answered', ended_at: 'now', duration_seconds: seconds },
    },
  },
  {
    rule: 'end an outbound call: After Call Work, set by the system; duration stored',
    given: 'On Call (an outbound call dialled)',
    act: { call: 'end' },
    then: {
      status: 'after_call',
      setBy: 'system',
      since: 'now',
      call: 'none',
      logged: { call_type: 'outbound', ended_at: 'now', duration_seconds: seconds },
    },
  },
  {
    rule: 'end a call still ringing',
    given: 'Available, a call ringing',
    act: { call: 'end' },
    then: { refused: [409, 'CALL_NOT_ACTIVE'] },
  },
  {
    rule: 'end a call already ended',
    given: 'After Call Work (the call ended)',
    act: { call: 'end' },
    then: { refused: [409, 'CALL_NOT_ACTIVE'] },
  },
  {
    rule: "end another agent's call",
    given: "Available; another agent's call in progress",
    act: { call: 'end' },
    then: { refused: [404, 'CALL_NOT_FOUND'] },
  },

  // Dial only in Out Bound, with no call open, a number of 2 to 11 digits (non-digits stripped).
  {
    rule: 'dial while Available',
    given: 'Available',
    act: { dial: '12125550187' },
    then: { refused: [409, 'OUTBOUND_NEEDS_OUT_BOUND'] },
  },
  {
    rule: 'dial before any status was set',
    given: 'Gone Home (no status yet)',
    act: { dial: '12125550187' },
    then: { refused: [409, 'OUTBOUND_NEEDS_OUT_BOUND'] },
  },
  {
    rule: 'dial with an inbound call in progress',
    given: 'On Call (an inbound call answered)',
    act: { dial: '12125550187' },
    then: { refused: [409, 'CALL_IN_PROGRESS'] },
  },
  {
    rule: 'dial with an outbound call in progress',
    given: 'On Call (an outbound call dialled)',
    act: { dial: '12' },
    then: { refused: [409, 'CALL_IN_PROGRESS'] },
  },
  {
    rule: 'dial one digit (schema)',
    given: 'Out Bound',
    act: { dial: '1' },
    then: { refused: [400, 'VALIDATION_FAILED', NUMBER_LENGTH] },
  },
  {
    rule: 'dial 12 digits (schema)',
    given: 'Out Bound',
    act: { dial: '121255501870' },
    then: { refused: [400, 'VALIDATION_FAILED', NUMBER_LENGTH] },
  },
  {
    rule: 'dial text without a digit (schema)',
    given: 'Out Bound',
    act: { dial: 'call me' },
    then: { refused: [400, 'VALIDATION_FAILED', NUMBER_LENGTH] },
  },
  {
    rule: 'dial two digits: On Call, set by the system, an answered outbound call',
    given: 'Out Bound',
    act: { dial: '12' },
    then: {
      status: 'on_call',
      setBy: 'system',
      since: 'now',
      call: 'active',
      logged: { call_type: 'outbound', call_status: 'answered', phone_number: '12' },
    },
  },
  {
    rule: 'dial 11 digits',
    given: 'Out Bound',
    act: { dial: '12125550187' },
    then: {
      status: 'on_call',
      setBy: 'system',
      since: 'now',
      call: 'active',
      logged: { call_type: 'outbound', phone_number: '12125550187' },
    },
  },
  {
    rule: 'dial a formatted number: its non-digits stripped',
    given: 'Out Bound',
    act: { dial: '+1 (212)-555-0187' },
    then: {
      status: 'on_call',
      setBy: 'system',
      since: 'now',
      call: 'active',
      logged: { call_type: 'outbound', phone_number: '12125550187' },
    },
  },

  // The same status again changes nothing.
  {
    rule: 'the same status again: no new interval',
    given: 'Available',
    act: { set: 'available' },
    then: { status: 'available', setBy: 'agent', since: 'kept', call: 'none' },
  },

  // Presence sets Tech Issues; the agent choosing it makes it theirs.
  {
    rule: 'Available with every connection gone past the grace: Tech Issues, set by the system',
    given: 'Available, every live connection gone',
    act: 'the presence grace passes',
    then: { status: 'tech_issues', setBy: 'system', since: 'now', call: 'none' },
  },
  {
    rule: 'any other status with every connection gone is left alone',
    given: 'Lunch, every live connection gone',
    act: 'the presence grace passes',
    then: { status: 'lunch', setBy: 'agent', since: 'kept', call: 'none' },
  },
  {
    rule: 'choosing the Tech Issues the system set makes it the agent’s',
    given: 'Tech Issues, set by the system',
    act: { set: 'tech_issues' },
    then: { status: 'tech_issues', setBy: 'agent', since: 'now', call: 'none' },
  },
];

/** The agent's status intervals, counted: 'kept' adds none, 'now' one. */
async function intervalCount(userId: string) {
  const rows = await t.db
    .selectFrom('employee_status_log')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

/** The action through the HTTP API as the agent; the presence pass is the engine's, no request. */
function perform({ agent, call }: Situation, action: Action) {
  if (action === 'the presence grace passes') return presenceGracePasses();
  if ('set' in action) return agent.setStatus(action.set);
  if ('dial' in action) {
    return agent.as('POST', '/api/agent/calls/outbound', { phoneNumber: action.dial });
  }
  return agent.as('POST', `/api/agent/calls/${call}/${action.call}`);
}

/** Everything a refusal must leave as it was: the agent's state, intervals and calls. */
async function snapshot({ agent, call }: Situation) {
  const { status, setBy, since, call: open } = await agent.state();
  return {
    state: { status, setBy, since, call: open?.id ?? null },
    intervals: await intervalCount(agent.agent.id),
    calls: await callRowsOf(t.db, agent.agent.id),
    theCall: call
      ? await t.db.selectFrom('call_logs').selectAll().where('id', '=', call).executeTakeFirst()
      : undefined,
  };
}

async function check({ given, act, then }: Rule) {
  const situation: Situation = await situations[given]();
  const before = await snapshot(situation);
  t.clock.advance(ACT_AFTER_MS);
  const response = await perform(situation, act);

  if ('refused' in then) {
    const [http, code, message = errorCatalogue[code].message] = then.refused;
    expect(response?.statusCode).toBe(http);
    expect(response?.json().error).toMatchObject({ code, message });
    expect(await snapshot(situation)).toEqual(before);
    return;
  }

  if (response) expect(response.statusCode, response.body).toBe(200);
  const after = await situation.agent.state();
  if (response) expect(response.json<AgentState>()).toEqual(after);
  const now = t.clock.now();
  expect({ status: after.status, setBy: after.setBy, call: after.call?.phase ?? 'none' }).toEqual({
    status: then.status,
    setBy: then.setBy,
    call: then.call,
  });
  expect(after.since).toBe(then.since === 'now' ? now.toISOString() : before.state.since);
  expect(await intervalCount(situation.agent.agent.id)).toBe(
    before.intervals + (then.since === 'now' ? 1 : 0),
  );
  if (then.logged) {
    const callId = situation.call ?? after.call?.id;
    const row = await t.db
      .selectFrom('call_logs')
      .selectAll()
      .where('id', '=', callId!)
      .executeTakeFirstOrThrow();
    const atNow = (value: unknown) => (value === 'now' ? now : value);
    const expected = Object.fromEntries(
      Object.entries(then.logged).map(([column, value]) => [column, atNow(value)]),
    );
    expect(row).toMatchObject(expected);
  }
}

for (const row of rules) it(`${row.rule} (given: ${row.given})`, () => check(row));
