import { describe, expect, it } from 'vitest';
import { resolvedRange } from './test/analytics-fixtures';
import {
  describeRange,
  initialCustomRange,
  rangeApiParams,
  rangeFromSearchParams,
  withRange,
} from './range';

const params = (query: string) => new URLSearchParams(query);

describe('the range in the URL', () => {
  it('reads a preset, a custom range, or falls back to the default', () => {
    expect(rangeFromSearchParams(params(''), 'all')).toEqual({ preset: 'all' });
    expect(rangeFromSearchParams(params(''), 'today')).toEqual({ preset: 'today' });
    expect(rangeFromSearchParams(params('range=last7'), 'all')).toEqual({ preset: 'last7' });
    expect(
      rangeFromSearchParams(params('range=custom&from=2026-11-01&to=2026-11-03'), 'all'),
    ).toEqual({ from: '2026-11-01', to: '2026-11-03' });
    // Nonsense, a reversed range, a missing day or one too long: the default.
    for (const query of [
      'range=decade',
      'range=custom&from=2026-11-03&to=2026-11-01',
      'range=custom&from=2026-11-01',
      'range=custom&from=2026-02-30&to=2026-03-01',
      'range=custom&from=2024-01-01&to=2025-12-31',
    ]) {
      expect(rangeFromSearchParams(params(query), 'all')).toEqual({ preset: 'all' });
    }
  });

  it('writes a selection, keeping the other parameters and leaving the default out', () => {
    const current = params('team=t1&search=gus&range=custom&from=2026-11-01&to=2026-11-03');
    expect(withRange(current, { preset: 'all' }, 'all').toString()).toBe('team=t1&search=gus');
    expect(withRange(current, { preset: 'all' }, 'today').toString()).toBe(
      'team=t1&search=gus&range=all',
    );
    expect(
      withRange(params('team=t1'), { from: '2026-10-01', to: '2026-10-31' }, 'all').toString(),
    ).toBe('team=t1&range=custom&from=2026-10-01&to=2026-10-31');
    // Other figures make another list: it is read again from its first page.
    expect(withRange(params('sort=-flags&page=3'), { preset: 'today' }, 'all').toString()).toBe(
      'sort=-flags&range=today',
    );
  });

  it('always gives the API an explicit range', () => {
    expect(rangeApiParams({ preset: 'all' })).toEqual({ range: 'all' });
    expect(rangeApiParams({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      range: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it("starts a custom range from the days on screen, or the zone's last 7 days", () => {
    expect(
      initialCustomRange(resolvedRange({ from: '2026-11-01', to: '2026-11-21' }), new Date()),
    ).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    // 01:30 UTC on Nov 21 is still Nov 20 in New York.
    expect(
      initialCustomRange(resolvedRange({ computedAt: '2026-11-21T01:30:00.000Z' }), new Date()),
    ).toEqual({ from: '2026-11-14', to: '2026-11-20' });
  });

  it('describes the days covered', () => {
    expect(describeRange({ from: null, to: null })).toBe('All time');
    expect(describeRange({ from: '2026-11-20', to: '2026-11-20' })).toBe('Nov 20, 2026');
    expect(describeRange({ from: '2026-11-01', to: '2026-11-21' })).toBe(
      'Nov 1, 2026 – Nov 21, 2026',
    );
  });
});
