import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INBOUND_SETTINGS, type InboundSettings } from '../../../shared/schemas/queues';
import { defaultCallEngine } from '../../config';
import { callRowsOf, signedInAgent } from '../../test/agent';
import { joinTeam, newEmployee, newTeam } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { exponential } from './queue-engine';
import { updateInbound } from './queues.repository';

/**
 * A running engine serves a queue when its work is due, not at its next tick: here the tick
 * comes once an hour (real time), so only the engine's timers and what it hears can offer.
 */
const t = await createTestApp({ callEngine: { ...defaultCallEngine, tickMs: 3_600_000 } });
t.clock.set('2026-03-02T19:00:00Z');
const tick = () => t.app.callEngine.tick();
const queueTeams: string[] = [];

function queueMode(teamId: string, callsPerHour: number) {
  const settings: InboundSettings = { ...DEFAULT_INBOUND_SETTINGS, mode: 'queue', callsPerHour };
  return updateInbound(t.db, teamId, settings);
}

async function queueCallers(teamId: string) {
  return t.db.selectFrom('queue_callers').selectAll().where('team_id', '=', teamId).execute();
}

async function connectedAgentOf(teamId: string) {
  const agent = await signedInAgent(t, { agent: await newEmployee(t.db) });
  await joinTeam(t.db, { id: teamId }, agent.agent);
  const live = await agent.connect();
  return { ...agent, live };
}

afterEach(async () => {
  // Per-agent again: the team's arrival timer stops at its next run.
  for (const teamId of queueTeams.splice(0)) {
    await updateInbound(t.db, teamId, { ...DEFAULT_INBOUND_SETTINGS, mode: 'per-agent' });
  }
});

describe('a running queue engine', () => {
  it('offers a waiting caller to an agent the moment they become Available', async () => {
    const team = await newTeam(t.db);
    queueTeams.push(team.id);
    // One caller an hour: the test app's draws are medians, 41.6 minutes apart.
    await queueMode(team.id, 1);
    await tick();
    t.clock.advance(exponential(() => 0.5, 3_600_000) + 1000);
    await tick();
    const [caller] = await queueCallers(team.id);
    expect(caller?.ended_at).toBeNull();

    const agent = await connectedAgentOf(team.id);
    expect((await agent.setStatus('available')).statusCode).toBe(200);
    const ringing = await agent.live.waitFor((state) => state.call?.phase === 'ringing');
    const [offer] = await callRowsOf(t.db, agent.agent.id);
    expect(offer).toMatchObject({ id: ringing.call!.id, caller_id: caller!.id });
  });

  it('offers an arriving caller to a free agent when they arrive', async () => {
    const team = await newTeam(t.db);
    queueTeams.push(team.id);
    const agent = await connectedAgentOf(team.id);
    expect((await agent.setStatus('available')).statusCode).toBe(200);
    // A caller every 100 ms on average: the tick draws the first arrival, 69 ms on.
    await queueMode(team.id, 36_000);
    await tick();
    expect(await queueCallers(team.id)).toEqual([]);

    // The team's timer serves it when the (fake) clock has reached that arrival.
    t.clock.advance(exponential(() => 0.5, 100) + 1);
    const ringing = await agent.live.waitFor((state) => state.call?.phase === 'ringing');
    const [caller] = await queueCallers(team.id);
    await vi.waitFor(async () => {
      expect(await callRowsOf(t.db, agent.agent.id)).toMatchObject([
        { id: ringing.call!.id, caller_id: caller!.id },
      ]);
    });
  });
});
