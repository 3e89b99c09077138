import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../shared/phone';
import { FAKE_AREA_CODES, fakeUsNumber, randomInt } from './fake-caller';

describe('the simulated callers', () => {
  it('draws whole numbers within both bounds', () => {
    expect(randomInt(() => 0, 5000, 10_999)).toBe(5000);
    expect(randomInt(() => 0.999_999_999, 5000, 10_999)).toBe(10_999);
    expect(randomInt(() => 0.5, 5000, 10_999)).toBe(8000);
  });

  it('has 25 distinct US area codes', () => {
    expect(new Set(FAKE_AREA_CODES).size).toBe(25);
    for (const code of FAKE_AREA_CODES) expect(code).toMatch(/^[2-9]\d{2}$/);
  });

  it('makes 11-digit US numbers from the list, exchange not starting with 0 or 1', () => {
    for (const r of [0, 0.25, 0.5, 0.999_999]) {
      const number = fakeUsNumber(() => r);
      expect(number).toMatch(/^1\d{10}$/);
      expect(FAKE_AREA_CODES).toContain(number.slice(1, 4));
      expect(number[4]).toMatch(/[2-9]/);
      expect(formatPhone(number)).toMatch(/^\+1 \(\d{3}\)-\d{3}-\d{4}$/);
    }
    expect(fakeUsNumber(() => 0)).toBe('12012000000');
    expect(fakeUsNumber(() => 0.999_999)).toBe('19719999999');
  });
});
