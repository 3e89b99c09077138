import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { AgentState } from '../../../shared/schemas/agent';
import type { FloorAgent } from '../../../shared/schemas/floor';
import type { EmployeeScope } from '../employees/employees.repository';
import { signedInAgent } from '../../test/agent';
import { newEmployee } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createCallEngine } from '../calls/call-engine';
import { listenForAgentChanges } from '../presence/agent-changes';
import {
  performAgentActionBatched,
  performAgentActionInTransaction,
} from '../presence/presence.service';
import { LIVE_CHANNEL, createLiveHub } from './live-hub';

const t = await createTestApp();

/** A socket that records what it is sent, and how it was closed. */
function fakeSocket() {
  const sent: unknown[] = [];
  const closed: { code: number; reason: string }[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (data: string) => sent.push(JSON.parse(data)),
    close: (code: number, reason: string) => closed.push({ code, reason }),
    on: () => socket,
  };
  return { socket: socket as unknown as WebSocket, sent, closed };
}

/**
 * A hub of its own (no real sockets) hearing the database's notifications, with `relisten` to
 * act as a LISTEN connection coming back, and how many times it read an agent's state.
 */
async function testHub({
  scopesOf = async () => new Map(),
  floorOf = async () => [],
}: Partial<Pick<Parameters<typeof createLiveHub>[0], 'scopesOf' | 'floorOf'>> = {}) {
  let relisten: (() => void) | undefined;
  let reads = 0;
  const hub = createLiveHub({
    db: t.db,
    instanceId: 'test-instance',
    stateOf: async () => {
      reads += 1;
      return { status: 'break' } as AgentState;
    },
    floorOf,
    queuesOf: async () => [],
    scopesOf,
    now: () => new Date(),
    deadAfterMs: 10_000,
    sessionIdleMs: 3_600_000,
    log: { warn: () => undefined },
  });
  const log = { warn: () => undefined };
  await listenForAgentChanges(
    t.ctx,
    async (channel, onPayload, onRelisten) => {
      relisten = onRelisten;
      return t.database.listen(channel, onPayload);
    },
    hub,
    log,
  );
  return { hub, relisten: () => relisten!(), reads: () => reads };
}

/** A signed-in agent's socket (of browser tab `tab`, if given), attached: what it is sent. */
async function attachedAgent(hub: Awaited<ReturnType<typeof testHub>>['hub'], tab?: string) {
  const agent = await newEmployee(t.db);
  const { socket, sent } = fakeSocket();
  const session = await signedInAgent(t, { agent });
  const sessionId = (
    await t.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', agent.id)
      .executeTakeFirstOrThrow()
  ).id;
  expect(session.cookie).toBeTruthy();
  await hub.attach(socket, agent.id, sessionId, t.clock.now(), { id: tab });
  // Sent at once, and again when the hub hears its own news of the agent coming online.
  await vi.waitFor(() => expect(sent).toHaveLength(2));
  sent.length = 0;
  return { sent, agentId: agent.id };
}

describe('live hub', () => {
  it('resends every local agent’s state when listening resumes after a lost connection', async () => {
    const { hub, relisten } = await testHub();
    const { sent } = await attachedAgent(hub);

    relisten();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'agent.state', state: { status: 'break' } });
  });

  it('sends a committed state to every tab but the one that asked, with no read', async () => {
    const { hub, reads } = await testHub();
    const { sent, agentId } = await attachedAgent(hub, 'tab-1');
    const readsBefore = reads();
    const lunch = { status: 'lunch' } as AgentState;
    const onBreak = { status: 'break' } as AgentState;

    hub.receive({ kind: 'stateCommitted', agentId, state: lunch, askingTab: 'tab-1' });
    hub.receive({ kind: 'stateCommitted', agentId, state: onBreak, askingTab: 'tab-2' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([{ type: 'agent.state', state: onBreak }]);
    expect(reads()).toBe(readsBefore);

    // Ids alone: the state is read afresh, and every tab gets it.
    hub.receive({ kind: 'agentsChanged', agentIds: [agentId] });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(reads()).toBe(readsBefore + 1);
  });

  it('pushes the state an action committed as it is, and reads it afresh when it would not fit a notification', async () => {
    const { hub, reads } = await testHub();
    const { sent, agentId } = await attachedAgent(hub);
    expect(reads()).toBe(2); // the new socket's state, and the news of it being online

    const answered = await performAgentActionBatched(t.ctx, agentId, {
      kind: 'status',
      status: 'lunch',
    });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'agent.state', state: answered });
    expect(answered).toMatchObject({ status: 'lunch', serverNow: t.clock.now().toISOString() });
    expect(reads()).toBe(2);

    // A rolled-back change is never heard of.
    await expect(
      t.db.transaction().execute(async (trx) => {
        const at = t.clock.now();
        const onBreak = { kind: 'status', status: 'break' } as const;
        await performAgentActionInTransaction(t.ctx, trx, agentId, onBreak, 'agent', at);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // Notifications are capped at 8000 bytes: a state with long call notes goes as the id
    // (3,000 characters here, 9,000 bytes).
    const at = t.clock.now();
    await sql`SELECT announce_agent_state(${LIVE_CHANNEL}, ${agentId}, ${at},
      (s.day, s.day_ends_at, s.status, s.set_by, s.missed_in_a_row, s.since, s.seconds, s.call_id, s.phone_number,
        s.call_type, s.call_status, s.time_received, s.answered_at, s.ring_deadline,
        repeat('€', 3000), s.changed_at)::agent_state_row, NULL)
      FROM agent_state(${agentId}, ${at}, ${t.config.callCentreTimeZone}) AS s`.execute(t.db);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ type: 'agent.state', state: { status: 'break' } });
    expect(reads()).toBe(3);
  });

  it('tells every agent and floor watcher once when the database goes, and once when it is back', async () => {
    const { hub } = await testHub();
    const { sent: agentSent } = await attachedAgent(hub);
    const watcher = fakeSocket();
    hub.watch(watcher.socket, 'admin-id', 'session-id', { all: true });
    const databaseEvents = (sent: unknown[]) =>
      sent.filter((event) => (event as { type: string }).type === 'server.database');

    hub.databaseReachable(true); // as it was: nothing to say
    hub.databaseReachable(false);
    hub.databaseReachable(false);
    const gone = [{ type: 'server.database', reachable: false }];
    expect(databaseEvents(agentSent)).toEqual(gone);
    expect(databaseEvents(watcher.sent)).toEqual(gone);

    hub.databaseReachable(true);
    hub.databaseReachable(true);
    const back = [...gone, { type: 'server.database', reachable: true }];
    expect(databaseEvents(agentSent)).toEqual(back);
    expect(databaseEvents(watcher.sent)).toEqual(back);
  });

  it('has the call engine report the database gone while its ticks cannot reach it, and back after', async () => {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    let failure: Error | undefined = new Error('a query that was wrong');
    let ticks = 0;
    const reports: boolean[] = [];
    const engine = createCallEngine({
      ctx: {
        ...t.ctx,
        config: { ...t.ctx.config, callEngine: { ...t.ctx.config.callEngine, tickMs: 5 } },
        // The tick's last step, every tick: it fails as the database does.
        live: {
          ...t.ctx.live,
          agentChangedIn: async () => {
            ticks += 1;
            if (failure) throw failure;
          },
        },
      },
      hub: { heartbeat: async () => undefined, databaseReachable: (r) => reports.push(r) },
      instanceName: 'engine-under-test',
      log: { error: () => undefined, warn: () => undefined, info: () => undefined },
    });
    engine.start();
    try {
      // Another failure is not the database being away.
      await vi.waitFor(() => expect(ticks).toBeGreaterThanOrEqual(3));
      expect(reports).toEqual([]);
      failure = unreachable;
      await vi.waitFor(() => expect(reports).toContain(false));
      expect(new Set(reports)).toEqual(new Set([false]));
      failure = undefined;
      await vi.waitFor(() => expect(reports.at(-1)).toBe(true));
    } finally {
      await engine.stop();
    }
  });

  it('sends a watcher who came in while changes were read its snapshot first', async () => {
    let releaseChanges: () => void = () => undefined;
    const changesRead = new Promise<void>((resolve) => (releaseChanges = resolve));
    const agent = { id: 'agent-1', teamId: null } as unknown as FloorAgent;
    const { hub } = await testHub({
      // Snapshots answer at once; a read of changed agents waits for the test.
      floorOf: async (_scope, ids) => {
        if (ids) await changesRead;
        return [agent];
      },
    });
    const first = fakeSocket();
    hub.watch(first.socket, 'admin-1', 'session-1', { all: true });
    await vi.waitFor(() => expect(first.sent).toHaveLength(1));

    hub.receive({ kind: 'agentsChanged', agentIds: [agent.id] });
    const second = fakeSocket();
    hub.watch(second.socket, 'admin-2', 'session-2', { all: true });
    releaseChanges();
    await vi.waitFor(() => expect(second.sent).toHaveLength(1));
    await vi.waitFor(() => expect(first.sent).toHaveLength(2));
    const types = (socket: ReturnType<typeof fakeSocket>) =>
      socket.sent.map((event) => (event as { type: string }).type);
    expect(types(first)).toEqual(['floor.snapshot', 'floor.agent']);
    expect(types(second)).toEqual(['floor.snapshot']);
  });

  it('leaves alone a floor watcher who came in while the watchers’ scopes were being read', async () => {
    let answer: (scopes: Map<string, EmployeeScope>) => void = () => undefined;
    const asked: string[][] = [];
    const { hub } = await testHub({
      scopesOf: (userIds) => {
        asked.push([...userIds]);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const first = fakeSocket();
    hub.watch(first.socket, 'admin-1', 'session-1', { all: true });
    // A change of the watching admin has every watcher's scope read again.
    await hub.agentChanged('admin-1');
    await vi.waitFor(() => expect(asked).toEqual([['admin-1']]));

    const second = fakeSocket();
    hub.watch(second.socket, 'admin-2', 'session-2', { all: true });
    answer(new Map([['admin-1', { all: true }]]));
    await vi.waitFor(() =>
      expect(second.sent.map((event) => (event as { type: string }).type)).toContain(
        'floor.snapshot',
      ),
    );
    expect(second.closed).toEqual([]);
    expect(first.closed).toEqual([]);
  });

  it('keeps the newest scope when two reads of the scopes answer out of order', async () => {
    const answers: ((scopes: Map<string, EmployeeScope>) => void)[] = [];
    /** The scope of each snapshot sent. */
    const floors: EmployeeScope[] = [];
    const { hub } = await testHub({
      scopesOf: () => new Promise((resolve) => answers.push(resolve)),
      floorOf: async (scope, ids) => {
        if (!ids) floors.push(scope); // a snapshot (changes are read for every scope at once)
        return [];
      },
    });
    const watcher = fakeSocket();
    hub.watch(watcher.socket, 'admin-1', 'session-1', { all: true });
    await vi.waitFor(() => expect(floors).toEqual([{ all: true }]));
    // The admin is moved to a team, and changed again meanwhile: two reads in flight.
    await hub.agentChanged('admin-1');
    await hub.agentChanged('admin-1');
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(new Map([['admin-1', { teamId: 'team-b' }]]));
    await vi.waitFor(() => expect(floors).toEqual([{ all: true }, { teamId: 'team-b' }]));
    answers[0]!(new Map([['admin-1', { all: true }]])); // the older answer, late
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(floors).toEqual([{ all: true }, { teamId: 'team-b' }]);
  });

  it('closes a floor watcher who is no longer an admin', async () => {
    const asked: string[][] = [];
    const { hub } = await testHub({
      scopesOf: async (userIds) => {
        asked.push([...userIds]);
        return new Map();
      },
    });
    const watcher = fakeSocket();
    hub.watch(watcher.socket, 'admin-1', 'session-1', { all: true });
    await hub.agentChanged('admin-1');
    await vi.waitFor(() =>
      expect(watcher.closed).toEqual([{ code: 4403, reason: 'This account has no live feed' }]),
    );
  });

  it('closes the socket of a session that has idled out', async () => {
    const agent = await signedInAgent(t);
    const live = await agent.connect();
    t.clock.advance(t.config.sessionIdleHours * 3_600_000 + 1000);
    await t.app.callEngine.tick();
    expect(await live.closed).toEqual({ code: 4401, reason: 'Not signed in' });
  });
});
