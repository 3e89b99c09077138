import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { AppContext } from '../../platform/context';
import { decodeAgentChange } from './agent-changes';

const ctx = { config: testConfig() } as AppContext;

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_details: object, message: string) => warnings.push(message) } };
}

/** An announced state row as `announce_agent_state` sends it: an agent on Lunch, no call. */
const lunchRow = {
  day: '2026-12-01',
  day_ends_at: '2026-12-02T05:00:00+00:00',
  status: 'lunch',
  set_by: 'agent',
  since: '2026-12-01T17:00:00+00:00',
  seconds: { lunch: 60 },
  call_id: null,
  changed_at: '2026-12-01T17:00:00+00:00',
};

describe('decodeAgentChange', () => {
  it("an action's announcement is the state it committed, with the tab that asked", () => {
    const { log, warnings } = recordingLog();
    const at = '2026-12-01T17:01:00.000Z';
    const payload = JSON.stringify({ userIds: ['a1'], at, row: lunchRow, tab: 'tab-1' });
    expect(decodeAgentChange(ctx, payload, log)).toEqual({
      kind: 'stateCommitted',
      agentId: 'a1',
      askingTab: 'tab-1',
      state: expect.objectContaining({
        status: 'lunch',
        setBy: 'agent',
        since: '2026-12-01T17:00:00.000Z',
        serverNow: at,
        todaySeconds: { lunch: 60 },
        call: null,
      }),
    });
    expect(warnings).toEqual([]);
  });

  it('ids alone, or a state that cannot be read, are agents to read afresh', () => {
    const { log, warnings } = recordingLog();
    expect(decodeAgentChange(ctx, JSON.stringify({ userIds: ['a1', 'a2'] }), log)).toEqual({
      kind: 'agentsChanged',
      agentIds: ['a1', 'a2'],
    });
    const unreadable = JSON.stringify({ userIds: ['a1'], at: 'now', row: { status: 'lunch' } });
    expect(decodeAgentChange(ctx, unreadable, log)).toEqual({
      kind: 'agentsChanged',
      agentIds: ['a1'],
    });
    expect(warnings).toEqual(['live: unreadable announced state']);
  });

  it('refuses a payload that is not a notification', () => {
    const { log } = recordingLog();
    expect(() => decodeAgentChange(ctx, 'not json', log)).toThrow();
    expect(() => decodeAgentChange(ctx, JSON.stringify({ ids: ['a1'] }), log)).toThrow(
      'a live notification without userIds',
    );
  });
});
