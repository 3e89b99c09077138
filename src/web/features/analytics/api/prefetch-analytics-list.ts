import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_RANGE_PRESET } from '../../../../shared/analytics';
import { isSuperAdmin } from '../../../../shared/permissions';
import { employeeAnalyticsSortColumns } from '../../../../shared/schemas/analytics';
import { sessionQuery } from '../../../lib/session';
import { listQueryStringOf } from '../../../lib/use-list-params';
import { TEAM_PARAM, analyticsViewOf } from '../hooks/use-analytics-location';
import { isFlaggedOnlyIn } from '../hooks/use-employee-cards-params';
import { rangeApiParams, rangeFromSearchParams } from '../range';
import { employeeAnalyticsQuery } from './get-employee-analytics';
import { teamAnalyticsQuery } from './get-team-analytics';

/**
 * Asks for the cards the analytics page at a URL with these `params` shows — a super admin's
 * team cards, or the employee cards of a team or of the viewer's scope — as soon as the
 * session (asked at start) says who is looking.
 */
export async function prefetchAnalyticsList(queryClient: QueryClient, params: URLSearchParams) {
  const user = await queryClient.ensureQueryData(sessionQuery);
  if (user?.role !== 'admin') return;
  const range = rangeApiParams(rangeFromSearchParams(params, DEFAULT_RANGE_PRESET));
  const { view, teamId } = analyticsViewOf(isSuperAdmin(user), {
    teamId: params.get(TEAM_PARAM) ?? undefined,
  });
  if (view === 'teams') {
    await queryClient.prefetchQuery(teamAnalyticsQuery(range));
    return;
  }
  const listQuery = listQueryStringOf(employeeAnalyticsSortColumns, params);
  await queryClient.prefetchQuery(
    employeeAnalyticsQuery({ teamId, listQuery, isFlaggedOnly: isFlaggedOnlyIn(params) }, range),
  );
}
