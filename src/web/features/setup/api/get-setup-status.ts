import { useQuery } from '@tanstack/react-query';
import { setupStatusSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export const setupStatusQueryKey = ['setup-status'] as const;

/** Whether the first super admin still has to be created (an empty database). */
export function getSetupStatus() {
  return apiRequest('/api/setup', { schema: setupStatusSchema });
}

export function useSetupStatus() {
  return useQuery({ queryKey: setupStatusQueryKey, queryFn: getSetupStatus, staleTime: Infinity });
}
