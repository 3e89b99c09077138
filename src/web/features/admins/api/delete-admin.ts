import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { adminsQueryRoot, teamsQueryRoot } from '../../../lib/query-keys';

export function deleteAdmin(adminId: string) {
  return apiRequest(`/api/admins/${adminId}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    // The deleted admin leaves their team: its member count changes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryRoot }),
        queryClient.invalidateQueries({ queryKey: teamsQueryRoot }),
      ]),
  });
}
