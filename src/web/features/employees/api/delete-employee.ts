import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterEmployeeChange } from './refresh-after-employee-change';

/** Deletes the employee and everything of theirs, in one transaction on the server. */
export function deleteEmployee(employeeId: string) {
  return apiRequest(`/api/employees/${employeeId}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => refreshAfterEmployeeChange(queryClient),
  });
}
