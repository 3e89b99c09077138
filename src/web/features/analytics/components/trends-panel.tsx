import { Text } from '@mantine/core';
import { lazy, memo, Suspense, useEffect } from 'react';
import { type TrendScope, useTrends } from '../api/get-trends';
import { analyticsMessages } from '../messages';
import type { TrendChartSet } from './trend-charts';

// The charts' code (recharts) comes after the page's figures, not before them. The charts
// re-render only for new figures: not as the page around them sorts, pages or searches.
const TrendCharts = lazy(() =>
  import('./trend-charts').then((module) => ({ default: memo(module.TrendCharts) })),
);

/** The trends of a view: its charts once both the figures and the charts' code are here. */
export function TrendsPanel({
  scope,
  range,
  charts = 'all',
  titleOrder,
}: {
  scope: TrendScope;
  range: Record<string, string>;
  charts?: TrendChartSet;
  /** 3 under the page's heading, 4 under an employee's name. */
  titleOrder: 3 | 4;
}) {
  const trend = useTrends(scope, range);
  useEffect(() => {
    // Spec §8: analytics load errors are logged, never shown.
    if (trend.error) console.error('Trends could not be loaded', trend.error);
  }, [trend.error]);
  const loading = (
    <Text c="dimmed" size="sm" role="status">
      {analyticsMessages.loadingTrends}
    </Text>
  );
  if (!trend.data) return trend.isPending ? loading : null;
  return (
    <Suspense fallback={loading}>
      <TrendCharts trend={trend.data} charts={charts} titleOrder={titleOrder} />
    </Suspense>
  );
}
