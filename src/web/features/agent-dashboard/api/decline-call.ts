import { requestAgentState, useAgentStateMutation } from './agent-state-mutation';

/** Declines the ringing call: logged declined. */
export function declineCall(callId: string) {
  return requestAgentState(`/api/agent/calls/${encodeURIComponent(callId)}/decline`, 'POST');
}

export function useDeclineCall() {
  return useAgentStateMutation(declineCall);
}
