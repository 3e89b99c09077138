import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIVE_TAB_HEADER } from '../../../../shared/live';
import { agentStateSchema } from '../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import {
  type AgentSnapshot,
  agentSnapshot,
  refreshAgentActivity,
  storeAgentSnapshot,
} from './get-agent-state';
import { liveTab } from './live-tab';

/**
 * A state-changing request whose answer is the agent's new state, with the clock measured. It
 * names this tab: the server pushes that state to the agent's other tabs, not to this one.
 */
export async function requestAgentState(path: string, method: 'POST' | 'PUT', body?: unknown) {
  const sentAt = Date.now();
  const state = await apiRequest(path, {
    method,
    body,
    schema: agentStateSchema,
    headers: { [LIVE_TAB_HEADER]: liveTab },
  });
  return agentSnapshot(state, sentAt, Date.now());
}

/**
 * A mutation answered with the agent's state: the answer replaces the held state at once, and
 * the Activity Log refreshes, as a pushed state does (this tab gets no push of its own change).
 */
export function useAgentStateMutation<Input>(request: (input: Input) => Promise<AgentSnapshot>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (snapshot) => {
      storeAgentSnapshot(queryClient, snapshot);
      void refreshAgentActivity(queryClient);
    },
  });
}
