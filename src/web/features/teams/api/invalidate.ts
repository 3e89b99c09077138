import { type QueryClient } from '@tanstack/react-query';
import {
  adminsQueryRoot,
  analyticsQueryRoot,
  dashboardQueryRoot,
  employeesQueryRoot,
  teamsQueryRoot,
} from '../../../lib/query-keys';
import { sessionQueryKey } from '../../../lib/session';
import type { SessionUser } from '../../../../shared/schemas/auth';

/**
 * After a team or its members changed: every teams query (names, member counts, members,
 * candidates), the Admins and Employees pages' team column, the dashboard's team card and
 * analytics (team cards by name, who is counted in which team).
 * When the change is about the signed-in user's own team, their session too, since it
 * decides their menu and scope.
 */
export async function refreshAfterTeamChange(
  queryClient: QueryClient,
  { affectedUserId }: { affectedUserId?: string } = {},
) {
  const signedInUser = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamsQueryRoot }),
    queryClient.invalidateQueries({ queryKey: adminsQueryRoot }),
    queryClient.invalidateQueries({ queryKey: employeesQueryRoot }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryRoot }),
    queryClient.invalidateQueries({ queryKey: analyticsQueryRoot }),
    affectedUserId && signedInUser?.id === affectedUserId
      ? queryClient.invalidateQueries({ queryKey: sessionQueryKey })
      : undefined,
  ]);
}
