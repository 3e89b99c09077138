import { describe, expect, it } from 'vitest';
import { cachedViews, clientWithCachedViews, staleViews } from '../../../test/cached-views';
import { refreshAfterTeamChange } from './invalidate';

describe('refreshAfterTeamChange', () => {
  it('marks every view of teams stale, analytics included (team cards show names and counts)', async () => {
    const queryClient = clientWithCachedViews();
    await refreshAfterTeamChange(queryClient);
    expect(staleViews(queryClient)).toEqual(Object.keys(cachedViews));
  });
});
