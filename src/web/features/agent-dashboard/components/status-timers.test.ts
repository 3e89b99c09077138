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
