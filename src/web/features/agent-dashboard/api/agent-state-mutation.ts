import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentStateSchema } from '../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import {
  type AgentSnapshot,
  agentSnapshot,
  refreshAgentActivity,
  storeAgentSnapshot,
} from './get-agent-state';

/** A state-changing request whose answer is the agent's new state, with the clock measured. */
export async function requestAgentState(path: string, method: 'POST' | 'PUT', body?: unknown) {
  const sentAt = Date.now();
  const state = await apiRequest(path, { method, body, schema: agentStateSchema });
  return agentSnapshot(state, sentAt, Date.now());
}

/**
 * A mutation answered with the agent's state: the answer replaces the held state at once (the
 * live event that follows agrees with it), and the Activity Log refreshes when calls changed.
 */
export function useAgentStateMutation<Input>(
  request: (input: Input) => Promise<AgentSnapshot>,
  { changesCalls }: { changesCalls: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (snapshot) => {
      storeAgentSnapshot(queryClient, snapshot);
      if (changesCalls) void refreshAgentActivity(queryClient);
    },
  });
}
