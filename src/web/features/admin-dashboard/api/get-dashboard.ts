import { useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '../../../../shared/schemas/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { dashboardQueryRoot } from '../../../lib/query-keys';
import { DASHBOARD_REFRESH_MS } from '../../../lib/timings';

/** The dashboard's figures, computed by the server within the viewer's team scope. */
export function getDashboard(signal?: AbortSignal) {
  return apiRequest('/api/dashboard', { schema: dashboardSchema, signal });
}

/**
 * Keeps itself fresh: a short poll while the page is shown and a refetch when the
 * window regains focus, so employees registered or deleted elsewhere show up. Changes made
 * in this tab invalidate it at once.
 */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardQueryRoot,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
