import { useQuery } from '@tanstack/react-query';
import { RECENT_CALLS_LIMIT, callLogSchema } from '../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import { agentActivityQueryRoot } from '../../../lib/query-keys';

export const callLogQueryKey = [...agentActivityQueryRoot, 'calls'] as const;

/** The agent's latest calls (spec §9: 10), newest first. */
export function getCallLog(signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(RECENT_CALLS_LIMIT) });
  return apiRequest(`/api/agent/calls?${query.toString()}`, { schema: callLogSchema, signal });
}

/** Refetched on every live event and after the agent's own call actions. */
export function useCallLog() {
  return useQuery({ queryKey: callLogQueryKey, queryFn: ({ signal }) => getCallLog(signal) });
}
