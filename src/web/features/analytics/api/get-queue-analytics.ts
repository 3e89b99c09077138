import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueIntervalMinutes } from '../../../../shared/schemas/analytics';
import {
  queueAnalyticsSchema,
  queueIntervalsSchema,
} from '../../../../shared/schemas/queue-analytics';
import { apiRequest } from '../../../lib/api-client';
import { analyticsQueryRoot } from '../../../lib/query-keys';
import { apiPath } from '../range';

/** The queue views' data: the page's Refresh reloads it. */
export const queueAnalyticsQueryRoot = [...analyticsQueryRoot, 'queues'] as const;

/** The queue teams of the viewer's scope and the centre, over the range. */
export function useQueueAnalytics(range: Record<string, string>, { enabled = true } = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...queueAnalyticsQueryRoot, range],
      queryFn: ({ signal }) =>
        apiRequest(apiPath('/api/analytics/queues', range), {
          schema: queueAnalyticsSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** One queue team's figures by interval of `minutes` over the range. */
export function useQueueIntervals(
  teamId: string | undefined,
  minutes: QueueIntervalMinutes,
  range: Record<string, string>,
) {
  return useQuery(
    queryOptions({
      queryKey: [...queueAnalyticsQueryRoot, 'intervals', teamId, minutes, range],
      queryFn: ({ signal }) =>
        apiRequest(
          apiPath(`/api/analytics/queues/${teamId}/intervals`, { ...range, minutes: `${minutes}` }),
          { schema: queueIntervalsSchema, signal },
        ),
      enabled: teamId !== undefined,
    }),
  );
}
