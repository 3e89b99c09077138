import { describe, expect, it } from 'vitest';
import { formatCount, formatPercentage } from './format-number';

describe('formatCount and formatPercentage', () => {
  it('write en-US numbers whatever the browser says', () => {
    expect(formatCount(30532)).toBe('30,532');
    expect(formatCount(0)).toBe('0');
    expect(formatPercentage(95.4)).toBe('95.4%');
    expect(formatPercentage(83.33)).toBe('83.3%');
    expect(formatPercentage(1250)).toBe('1,250%');
    expect(formatPercentage(-50)).toBe('-50%');
  });
});
