import { useQuery } from '@tanstack/react-query';
import { profileResponseSchema } from '../../../../shared/schemas/me';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/query-keys';

/** The signed-in user's username, team and full name. */
export async function getProfile(signal?: AbortSignal) {
  const response = await apiRequest('/api/me/profile', { schema: profileResponseSchema, signal });
  return response.profile;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}
