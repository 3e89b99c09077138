import { describe, expect, it } from 'vitest';
import { SERVER_NOW, agentState, at } from '../../../test/agent-fixtures';
import { overallSeconds, stintSeconds, thisSeconds } from './status-timers';

const later = (seconds: number) => Date.parse(at(seconds));

describe('status timers', () => {
  const state = agentState(); // Available since 5 min before serverNow; 30 min today.

  it("runs 'This' from since for the current status only", () => {
    expect(stintSeconds(state, later(0))).toBe(300);
    expect(thisSeconds(state, 'available', later(7))).toBe(307);
    expect(thisSeconds(state, 'break', later(7))).toBe(0);
  });

  it("adds the time since serverNow to today's total of the current status only", () => {
    expect(overallSeconds(state, 'available', later(0))).toBe(1800);
    expect(overallSeconds(state, 'available', later(42))).toBe(1842);
    expect(overallSeconds(state, 'break', later(42))).toBe(600);
    expect(overallSeconds(state, 'lunch', later(42))).toBe(0);
  });

  it("keeps 'Overall' whole seconds ahead of 'This', never below it", () => {
    // The stint began 10.9 s before serverNow: the server counted 10 s of it (floored).
    const fresh = agentState({
      status: 'personal',
      since: at(-10.9),
      todaySeconds: { personal: 10 },
    });
    const shown = (seconds: number, status = 'personal') => ({
      overall: Math.floor(overallSeconds(fresh, status, later(seconds))),
      this: Math.floor(thisSeconds(fresh, status, later(seconds))),
    });
    expect(shown(4.1)).toEqual({ overall: 15, this: 15 });
    expect(shown(4.95)).toEqual({ overall: 15, this: 15 });
    // 4 s of Lunch before, a stint 3.5 s old at serverNow: 7 counted; 4 s apart as they run.
    const lunch = agentState({ status: 'lunch', since: at(-3.5), todaySeconds: { lunch: 7 } });
    for (const seconds of [0.6, 1.2, 30.55]) {
      const overall = Math.floor(overallSeconds(lunch, 'lunch', later(seconds)));
      expect(overall - Math.floor(thisSeconds(lunch, 'lunch', later(seconds)))).toBe(4);
    }
  });

  it("counts a stint carried over from yesterday from midnight in 'This', as 'Overall' does", () => {
    // Lunch since 24:10:59 before serverNow; today (since midnight) holds 17:58:01 of it.
    const carried = agentState({
      status: 'lunch',
      since: at(-(24 * 3600 + 10 * 60 + 59)),
      todaySeconds: { lunch: 17 * 3600 + 58 * 60 + 1 },
    });
    expect(stintSeconds(carried, later(0))).toBe(87_059);
    for (const seconds of [0, 0.4, 61]) {
      const overall = overallSeconds(carried, 'lunch', later(seconds));
      expect(thisSeconds(carried, 'lunch', later(seconds))).toBe(overall);
    }
    expect(Math.floor(thisSeconds(carried, 'lunch', later(61)))).toBe(17 * 3600 + 59 * 60 + 2);
  });

  it('never reads below the counted time when the clock lags the state', () => {
    expect(overallSeconds(state, 'available', later(-3))).toBe(1800);
    expect(stintSeconds(agentState({ since: at(5) }), Date.parse(SERVER_NOW))).toBe(0);
  });

  it('has no running stint before a status was ever set', () => {
    const fresh = agentState({ status: 'gone_home', since: null, todaySeconds: {} });
    expect(stintSeconds(fresh, later(100))).toBe(0);
    expect(overallSeconds(fresh, 'gone_home', later(100))).toBe(0);
  });
});
