import type { QueryClient } from '@tanstack/react-query';
import {
  analyticsQueryRoot,
  dashboardQueryRoot,
  employeesQueryRoot,
  teamsQueryRoot,
} from '../../../lib/query-keys';

/**
 * After an employee was registered, edited or deleted in this tab: the Employees page, the
 * dashboard (counts, recent activity), the teams (member counts and lists) and analytics
 * (the cards list them and count them by team).
 */
export function refreshAfterEmployeeChange(queryClient: QueryClient) {
  return Promise.all(
    [employeesQueryRoot, dashboardQueryRoot, teamsQueryRoot, analyticsQueryRoot].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
