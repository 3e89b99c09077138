import { type QueryClient } from '@tanstack/react-query';
import {
  adminsQueryRoot,
  dashboardQueryRoot,
  employeesQueryRoot,
  teamsQueryRoot,
} from '../../../lib/query-keys';
import { sessionQueryKey } from '../../../lib/session';
import type { SessionUser } from '../../../../shared/schemas/auth';

/**
 * After a team or its members changed: every teams query (names, member counts, members,
 * candidates), the Admins and Employees pages' team column and the dashboard's team card.
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
    affectedUserId && signedInUser?.id === affectedUserId
      ? queryClient.invalidateQueries({ queryKey: sessionQueryKey })
      : undefined,
  ]);
}
