import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileResponseSchema } from '../../../../shared/schemas/me';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/query-keys';

/** Sets the full name; an empty one clears it. */
export async function updateProfile(fullName: string) {
  const response = await apiRequest('/api/me/profile', {
    method: 'PATCH',
    body: { fullName },
    schema: profileResponseSchema,
  });
  return response.profile;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
