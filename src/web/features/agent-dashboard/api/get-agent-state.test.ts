import { describe, expect, it } from 'vitest';
import { agentState, at, ringingCall } from '../../../test/agent-fixtures';
import {
  type AgentSnapshot,
  agentSnapshot,
  latestSnapshot,
  pushedSnapshot,
} from './get-agent-state';

/** A state read over a 20 ms round trip that measured the server `clockOffsetMs` ahead. */
const snapshot = (state = agentState(), clockOffsetMs = 40): AgentSnapshot => {
  const sentAt = Date.parse(state.serverNow) - clockOffsetMs - 10;
  return agentSnapshot(state, sentAt, sentAt + 20);
};

describe('latestSnapshot', () => {
  const held = snapshot(agentState({ status: 'lunch', since: at(-60) }));
  const readAgain = (changes: Partial<AgentSnapshot['state']>, clockOffsetMs = 40) =>
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

  it('keeps the same state on a new clock when the browser clock moved', () => {
    const kept = latestSnapshot(held, readAgain({}, 40 + 5000));
    expect(kept.state).toBe(held.state);
    expect(kept.clockOffsetMs).toBe(40 + 5000);
  });

  it('narrows the clock by every round trip, keeping the tightest', () => {
    // A slow action whose server time was written late in its trip: alone it says 140 ms ahead.
    const sentAt = Date.parse(at(3)) - 300;
    const slow = agentSnapshot(
      { ...held.state, changedAt: at(3), serverNow: at(3) },
      sentAt,
      sentAt + 320,
    );
    expect(slow.clockOffsetMs).toBe(140);
    const kept = latestSnapshot(held, slow);
    expect(kept.state).toBe(slow.state);
    expect(kept.clockOffsetMs).toBe(40);
    // An older state read over a tighter trip still narrows the clock of the one held.
    const tight = agentSnapshot(
      held.state,
      Date.parse(held.state.serverNow) - 41,
      Date.parse(held.state.serverNow) - 37,
    );
    const narrowed = latestSnapshot(kept, tight);
    expect(narrowed.state).toBe(slow.state);
    expect(narrowed.clockOffsetMs).toBe(39);
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
    expect(kept.clockBounds).toBeDefined();
    // An older state read over a round trip: the same.
    const older = snapshot(agentState({ serverNow: at(-5), changedAt: at(-9) }), 4);
    expect(
      latestSnapshot({ ...guessed, state: { ...state, changedAt: at(-1) } }, older).clockOffsetMs,
    ).toBe(4);
  });
});
