import { describe, expect, it } from 'vitest';
import {
  agentsNeeded,
  averageSpeedOfAnswerSeconds,
  chanceOfWaiting,
  serviceLevelPercent,
} from './erlang-c';

/** The worked example: 100 calls an hour, 180 s handle time, a 20 s threshold. */
const load = { callsPerHour: 100, handleSeconds: 180 };

describe('Erlang C', () => {
  it.each([
    [7, 74.0, 29.2],
    [8, 88.0, 10.0],
    [9, 94.8, 3.6],
  ])('%i agents: service level %f %, speed of answer %f s', (agents, level, speed) => {
    expect(serviceLevelPercent(load, agents, 20)).toBeCloseTo(level, 1);
    expect(averageSpeedOfAnswerSeconds(load, agents)).toBeCloseTo(speed, 1);
  });

  it('needs 8 agents for 80 % in 20 s, 7 for 70 %, 9 for 90 %', () => {
    expect(agentsNeeded(load, 20, 80)).toBe(8);
    expect(agentsNeeded(load, 20, 70)).toBe(7);
    expect(agentsNeeded(load, 20, 90)).toBe(9);
  });

  it('a single agent is M/M/1: waits with the chance of its occupancy', () => {
    const oneAgent = { callsPerHour: 30, handleSeconds: 60 }; // half the hour busy
    expect(chanceOfWaiting(oneAgent, 1)).toBeCloseTo(0.5, 12);
    // Waiting time of M/M/1: ρ / (μ − λ) = 0.5 / (1/60 − 1/120) = 60 s.
    expect(averageSpeedOfAnswerSeconds(oneAgent, 1)).toBeCloseTo(60, 9);
  });

  it('more agents than the traffic are needed; at or below it, nobody is answered in time', () => {
    expect(serviceLevelPercent(load, 5, 20)).toBe(0);
    expect(averageSpeedOfAnswerSeconds(load, 4)).toBe(Number.POSITIVE_INFINITY);
    expect(chanceOfWaiting(load, 5)).toBe(1);
  });

  it('no calls need no agents; a 100 % target and thousands of agents still end', () => {
    expect(agentsNeeded({ callsPerHour: 0, handleSeconds: 180 }, 20, 80)).toBe(0);
    expect(serviceLevelPercent({ callsPerHour: 0, handleSeconds: 180 }, 0, 20)).toBe(100);
    const big = { callsPerHour: 20_000, handleSeconds: 330 }; // 1,833 erlangs
    const needed = agentsNeeded(big, 20, 80);
    expect(needed).toBeGreaterThan(1833);
    expect(needed).toBeLessThan(1900);
    expect(serviceLevelPercent(big, needed, 20)).toBeGreaterThanOrEqual(80);
    expect(serviceLevelPercent(big, needed - 1, 20)).toBeLessThan(80);
    expect(agentsNeeded(load, 20, 100)).toBeGreaterThan(9);
  });
});
