import { requestAgentState, useAgentStateMutation } from './agent-state-mutation';

/** Answers the ringing call: it becomes active (connecting first) and the status On Call. */
export function answerCall(callId: string) {
  return requestAgentState(`/api/agent/calls/${encodeURIComponent(callId)}/answer`, 'POST');
}

export function useAnswerCall() {
  return useAgentStateMutation(answerCall);
}
