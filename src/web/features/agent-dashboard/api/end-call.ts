import { requestAgentState, useAgentStateMutation } from './agent-state-mutation';

/** Ends the active call: its duration is logged and the status becomes After Call Work. */
export function endCall(callId: string) {
  return requestAgentState(`/api/agent/calls/${encodeURIComponent(callId)}/end`, 'POST');
}

export function useEndCall() {
  return useAgentStateMutation(endCall);
}
