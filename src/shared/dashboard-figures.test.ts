import { describe, expect, it } from 'vitest';
import { monthChangePercent, monthGrowthPercent, performancePercent } from './dashboard-figures';
import { relativeTime } from './relative-time';

describe('month growth (new this month vs registered before it)', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 100],
    [0, 5, 0],
    [1, 4, 25],
    [2, 3, 67],
    [10, 5, 200],
  ])('%i new over %i before → %i %%', (fresh, before, percent) => {
    expect(monthGrowthPercent(fresh, before)).toBe(percent);
  });
});

describe('change versus last month', () => {
  it.each([
    [0, 0, 0],
    [4, 0, 100],
    [0, 4, -100],
    [6, 4, 50],
    [3, 4, -25],
    [1, 3, -67],
  ])('%i this month vs %i last month → %i %%', (thisMonth, lastMonth, percent) => {
    expect(monthChangePercent(thisMonth, lastMonth)).toBe(percent);
  });
});

describe('performance', () => {
  it.each([
    [0, 0, 0],
    [0, 7, 0],
    [7, 7, 100],
    [2, 3, 67],
    [1, 8, 13],
  ])('%i answered of %i → %i %%', (answered, total, percent) => {
    expect(performancePercent(answered, total)).toBe(percent);
  });
});

describe('relative time', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:59:00Z', '1 minute ago'],
    ['2026-03-10T11:01:00Z', '59 minutes ago'],
    ['2026-03-10T11:00:00Z', '1 hour ago'],
    ['2026-03-09T12:00:01Z', '23 hours ago'],
    ['2026-03-09T12:00:00Z', '1 day ago'],
    ['2026-02-10T12:00:00Z', '28 days ago'],
    ['2026-03-10T12:05:00Z', 'just now'],
  ])('%s → %s', (then, wording) => {
    expect(relativeTime(then, now)).toBe(wording);
  });
});
