import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { okResponseSchema } from '../../../../shared/schemas/auth';
import type { passwordChangeSchema } from '../../../../shared/schemas/me';
import { apiRequest } from '../../../lib/api-client';
import { ownSessionsQueryKey } from './get-sessions';

export type PasswordChange = z.output<typeof passwordChangeSchema>;

/** Changes your own password; your other sessions end, this one stays signed in. */
export function changePassword(change: PasswordChange) {
  return apiRequest('/api/me/password', {
    method: 'POST',
    body: change,
    schema: okResponseSchema,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions ended: the sessions list (if shown) says so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSessionsQueryKey }),
  });
}
