import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminAccountInput,
  sessionUserResponseSchema,
  type setupStatusSchema,
} from '../../../../shared/schemas/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';
import { setupStatusQueryKey } from './get-setup-status';

/** Creates the first super admin; the server signs them in with the same response. */
export async function createSuperAdmin(account: AdminAccountInput) {
  const { user } = await apiRequest('/api/setup', {
    method: 'POST',
    body: account,
    schema: sessionUserResponseSchema,
  });
  return user;
}

export function useCreateSuperAdmin() {
  const queryClient = useQueryClient();
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationFn: createSuperAdmin,
    onSuccess: (user) => {
      setSessionUser(user);
      queryClient.setQueryData<z.infer<typeof setupStatusSchema>>(setupStatusQueryKey, {
        needed: false,
      });
    },
  });
}
