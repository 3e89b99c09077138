import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryRoot, employeesQueryRoot, teamsQueryRoot } from '../../../lib/query-keys';

/**
 * After an employee was registered, edited or deleted in this tab: the Employees page, the
 * dashboard (counts, recent activity) and the teams (member counts and lists).
 */
export function refreshAfterEmployeeChange(queryClient: QueryClient) {
  return Promise.all(
    [employeesQueryRoot, dashboardQueryRoot, teamsQueryRoot].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
