import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountEditSchema } from '../../../../shared/schemas/accounts';
import { adminResponseSchema } from '../../../../shared/schemas/admins';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { adminsQueryRoot, teamsQueryRoot } from '../../../lib/query-keys';
import { sessionQueryKey } from '../../../lib/session';

export type AdminEdit = z.output<typeof accountEditSchema>;

/** A new username, and a new password only when one was typed (absent = unchanged). */
export async function updateAdmin({ adminId, changes }: { adminId: string; changes: AdminEdit }) {
  const response = await apiRequest(`/api/admins/${adminId}`, {
    method: 'PATCH',
    body: changes,
    schema: adminResponseSchema,
  });
  return response.admin;
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: (admin) => {
      const signedInUser = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryRoot }),
        // Usernames show in team member lists too.
        queryClient.invalidateQueries({ queryKey: teamsQueryRoot }),
        // Renaming yourself changes the top bar's 'Welcome, {username}'.
        signedInUser?.id === admin.id
          ? queryClient.invalidateQueries({ queryKey: sessionQueryKey })
          : undefined,
      ]);
    },
  });
}
