import { requestAgentState, useAgentStateMutation } from './agent-state-mutation';

/** Dials out (status Out Bound only): an outbound call, connecting first, and On Call. */
export function placeCall(phoneNumber: string) {
  return requestAgentState('/api/agent/calls/outbound', 'POST', { phoneNumber });
}

export function usePlaceCall() {
  return useAgentStateMutation(placeCall);
}
