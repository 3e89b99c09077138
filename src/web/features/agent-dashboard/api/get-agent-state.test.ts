import { describe, expect, it } from 'vitest';
import { agentState, at, ringingCall } from '../../../test/agent-fixtures';
import { type AgentSnapshot, latestSnapshot, pushedSnapshot } from './get-agent-state';

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

describe('the clock offset of a pushed state', () => {
  const state = agentState({ serverNow: at(0) });
  const arrival = Date.parse(at(0)) + 700; // a push that took 700 ms to arrive

  it("is the held snapshot's, measured over a round trip, never its arrival", () => {
    const held = snapshot(agentState({ status: 'lunch', since: at(-60) }), 12);
    const pushed = pushedSnapshot(state, arrival, held);
    expect(pushed.clockOffsetMs).toBe(12);
    expect(pushed.receivedAt).toBe(arrival);
  });

  it('with nothing held, is a guess from its arrival that the first round trip replaces', () => {
    const guessed = pushedSnapshot(state, arrival, undefined);
    expect(guessed.clockOffsetMs).toBe(-700);
    // The same state read over a round trip: its state stays, its offset is taken.
    const kept = latestSnapshot(guessed, snapshot({ ...state, serverNow: at(0.2) }, 3));
    expect(kept.state).toBe(guessed.state);
    expect(kept.clockOffsetMs).toBe(3);
    expect(kept.isClockGuessed).toBeUndefined();
    // An older state read over a round trip: the same.
    const older = snapshot(agentState({ serverNow: at(-5), changedAt: at(-9) }), 4);
    expect(
      latestSnapshot({ ...guessed, state: { ...state, changedAt: at(-1) } }, older).clockOffsetMs,
    ).toBe(4);
  });
});
