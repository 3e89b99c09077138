import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeResponseSchema } from '../../../../shared/schemas/employees';
import type { AccountChanges } from '../../../components/account-edit-row';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterEmployeeChange } from './refresh-after-employee-change';

/** A new username, and a new password only when one was typed (absent = unchanged). */
export async function updateEmployee({
  employeeId,
  changes,
}: {
  employeeId: string;
  changes: AccountChanges;
}) {
  const response = await apiRequest(`/api/employees/${employeeId}`, {
    method: 'PATCH',
    body: changes,
    schema: employeeResponseSchema,
  });
  return response.employee;
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    // Usernames show in the dashboard's recent activity and in team member lists too.
    onSuccess: () => refreshAfterEmployeeChange(queryClient),
  });
}
