import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminResponseSchema, type newAdminSchema } from '../../../../shared/schemas/admins';
import { apiRequest } from '../../../lib/api-client';
import { adminsQueryRoot, teamsQueryRoot } from '../../../lib/query-keys';

export type NewAdmin = z.output<typeof newAdminSchema>;

/** Creates an admin (role admin), in the chosen team if one was chosen. */
export async function createAdmin(admin: NewAdmin) {
  const response = await apiRequest('/api/admins', {
    method: 'POST',
    body: admin,
    schema: adminResponseSchema,
  });
  return response.admin;
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    // A new admin in a team changes that team's member count and members.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryRoot }),
        queryClient.invalidateQueries({ queryKey: teamsQueryRoot }),
      ]),
  });
}
