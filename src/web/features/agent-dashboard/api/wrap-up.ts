import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type CallLogEntry, callLogEntrySchema } from '../../../../shared/schemas/agent';
import { teamWrapUpSchema } from '../../../../shared/schemas/wrap-up';
import { apiRequest } from '../../../lib/api-client';
import { callLogQueryKey } from './get-call-log';

export const myWrapUpQueryKey = ['agent', 'wrap-up'] as const;

/** The agent's team's wrap-up rules and active codes. */
export function useMyWrapUp() {
  return useQuery({
    queryKey: myWrapUpQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/agent/wrap-up', { schema: teamWrapUpSchema, signal }),
  });
}

const savedCallSchema = z.object({ call: callLogEntrySchema });

/** /api/agent/calls/:id: one of the agent's calls. */
export const agentCallPath = (callId: string) => `/api/agent/calls/${encodeURIComponent(callId)}`;

/** PATCH /api/agent/calls/:id: the call's notes, its wrap-up code, or both. */
export async function saveCallWrapUp({
  callId,
  ...changes
}: {
  callId: string;
  notes?: string;
  wrapUpCodeId?: string | null;
}) {
  const response = await apiRequest(agentCallPath(callId), {
    method: 'PATCH',
    body: changes,
    schema: savedCallSchema,
  });
  return response.call;
}

/** The Activity Log's copy of a call takes what the server saved. */
export function keepSavedCall(queryClient: QueryClient, saved: CallLogEntry) {
  queryClient.setQueryData<{ calls: CallLogEntry[] }>(callLogQueryKey, (held) =>
    held ? { calls: held.calls.map((call) => (call.id === saved.id ? saved : call)) } : held,
  );
}

/** Saves the wrap-up code chosen for a call (null: none). */
export function useSaveWrapUpCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, wrapUpCodeId }: { callId: string; wrapUpCodeId: string | null }) =>
      saveCallWrapUp({ callId, wrapUpCodeId }),
    onSuccess: (saved) => keepSavedCall(queryClient, saved),
  });
}
