import { describe, expect, it } from 'vitest';
import { cachedViews, clientWithCachedViews, staleViews } from '../../../test/cached-views';
import { refreshAfterEmployeeChange } from './refresh-after-employee-change';

describe('refreshAfterEmployeeChange', () => {
  it('marks every view that lists or counts employees stale, analytics included', async () => {
    const queryClient = clientWithCachedViews();
    await refreshAfterEmployeeChange(queryClient);
    expect(staleViews(queryClient)).toEqual(Object.keys(cachedViews));
  });
});
