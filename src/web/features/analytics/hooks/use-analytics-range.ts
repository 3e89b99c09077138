import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_RANGE_PRESET,
  type RangePreset,
  type RangeSelection,
} from '../../../../shared/analytics';
import { rangeApiParams, rangeFromSearchParams, withRange } from '../range';

/**
 * The date range of the page, read from and written to its URL. A change replaces the
 * history entry: the browser's Back leaves the page rather than stepping through ranges.
 */
export function useAnalyticsRange(defaultPreset: RangePreset = DEFAULT_RANGE_PRESET) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = useMemo(
    () => rangeFromSearchParams(searchParams, defaultPreset),
    [searchParams, defaultPreset],
  );
  const setSelection = useCallback(
    (next: RangeSelection) =>
      setSearchParams((current) => withRange(current, next, defaultPreset), { replace: true }),
    [setSearchParams, defaultPreset],
  );
  const apiParams = useMemo(() => rangeApiParams(selection), [selection]);
  return { selection, setSelection, apiParams };
}
