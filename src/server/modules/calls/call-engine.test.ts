import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashedDelayFraction } from './call-engine';

describe("the offer delay's place in its range", () => {
  it('is the same for the same agent and moment in every process, and in [0, 1)', () => {
    const agent = randomUUID();
    const basis = new Date('2026-03-02T19:00:00.123Z');
    const fraction = hashedDelayFraction(agent, basis);
    expect(fraction).toBeGreaterThanOrEqual(0);
    expect(fraction).toBeLessThan(1);
    expect(hashedDelayFraction(agent, new Date(basis.getTime()))).toBe(fraction);
    expect(hashedDelayFraction(agent, new Date(basis.getTime() + 1))).not.toBe(fraction);
    expect(hashedDelayFraction(randomUUID(), basis)).not.toBe(fraction);
  });

  it('spreads evenly: agents eligible at the same moment are not offered calls together', () => {
    const basis = new Date('2026-03-02T19:00:00Z');
    const tenths = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 5000; i++)
      tenths[Math.floor(hashedDelayFraction(randomUUID(), basis) * 10)]!++;
    // 500 expected in each tenth; 5 standard deviations (~106) either side.
    for (const count of tenths) expect(count).toBeGreaterThan(394);
    for (const count of tenths) expect(count).toBeLessThan(606);
  });
});
