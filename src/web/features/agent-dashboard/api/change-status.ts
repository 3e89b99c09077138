import type { AgentStatus } from '../../../../shared/statuses';
import { requestAgentState, useAgentStateMutation } from './agent-state-mutation';

/** Any status but On Call and After Call Work (the server refuses those, and any change mid-call). */
export function changeStatus(status: AgentStatus) {
  return requestAgentState('/api/agent/status', 'PUT', { status });
}

export function useChangeStatus() {
  return useAgentStateMutation(changeStatus);
}
