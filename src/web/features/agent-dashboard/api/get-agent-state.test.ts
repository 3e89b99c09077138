import { describe, expect, it } from 'vitest';
import { agentState, at, ringingCall } from '../../../test/agent-fixtures';
import { type AgentSnapshot, latestSnapshot } from './get-agent-state';

const snapshot = (state = agentState(), clockOffsetMs = 40): AgentSnapshot => ({
  state,
  clockOffsetMs,
  receivedAt: 0,
});

describe('latestSnapshot', () => {
  const held = snapshot(agentState({ status: 'lunch', since: at(-60) }));
  const readAgain = (changes: Partial<AgentSnapshot['state']>, clockOffsetMs = 90) =>
    snapshot(
      {
        ...held.state,
        serverNow: at(2),
        todaySeconds: { ...held.state.todaySeconds, lunch: 62 },
        ...changes,
      },
      clockOffsetMs,
    );

  it('keeps the snapshot held for the same state computed later', () => {
    expect(latestSnapshot(held, readAgain({}))).toBe(held);
  });

  it('takes a state that changed in anything but its clock', () => {
    for (const changes of [
      { changedAt: at(1) },
      { day: '2026-11-21' },
      { call: ringingCall() },
      { setBy: 'system' as const },
    ]) {
      const next = readAgain(changes);
      expect(latestSnapshot(held, next)).toBe(next);
    }
  });

  it('takes the same state when the browser clock moved, to measure its offset again', () => {
    const next = readAgain({}, 40 + 5000);
    expect(latestSnapshot(held, next)).toBe(next);
  });

  it('keeps a newer state than the one offered', () => {
    const newer = snapshot(agentState({ status: 'break', since: at(1), serverNow: at(1) }));
    expect(latestSnapshot(newer, held)).toBe(newer);
  });
});
