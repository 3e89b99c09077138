import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import {
  analyticsQueryRoot,
  dashboardQueryRoot,
  employeesQueryRoot,
  teamsQueryRoot,
} from '../../../lib/query-keys';

/**
 * Deletes the employee and everything of theirs in one transaction on the server
 * (DESIGN.md: the spec's six parallel deletes become one).
 */
export function deleteEmployee(employeeId: string) {
  return apiRequest(`/api/employees/${encodeURIComponent(employeeId)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

/**
 * `onDeleted` leaves the employee's detail. Every view that counted them is marked stale
 * rather than fetched at once: the detail still on screen would only answer 404, and each
 * view fetches afresh when it shows next.
 */
export function useDeleteEmployee(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => {
      onDeleted();
      return Promise.all(
        [analyticsQueryRoot, employeesQueryRoot, dashboardQueryRoot, teamsQueryRoot].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' }),
        ),
      );
    },
  });
}
