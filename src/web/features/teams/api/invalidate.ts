import { type QueryClient } from '@tanstack/react-query';
import {
  adminsQueryRoot,
  analyticsQueryRoot,
  dashboardQueryRoot,
  employeesQueryRoot,
  teamsQueryRoot,
} from '../../../lib/query-keys';

/**
 * After a team or its members changed: every teams query (names, member counts, members,
 * candidates), the Admins and Employees pages' team column, the dashboard's team card and
 * analytics (team cards by name, who is counted in which team). Never the signed-in user's
 * own membership: only a super admin changes a leader's, and super admins are in no team.
 */
export async function refreshAfterTeamChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamsQueryRoot }),
    queryClient.invalidateQueries({ queryKey: adminsQueryRoot }),
    queryClient.invalidateQueries({ queryKey: employeesQueryRoot }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryRoot }),
    queryClient.invalidateQueries({ queryKey: analyticsQueryRoot }),
  ]);
}
