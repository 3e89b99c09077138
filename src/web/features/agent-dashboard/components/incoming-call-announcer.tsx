import { VisuallyHidden } from '@mantine/core';
import { displayPhone } from '../../../../shared/phone';
import { useAgentState } from '../api/get-agent-state';

/**
 * Tells screen readers a call is ringing, once per call, wherever the agent is in the portal.
 * A live region is only announced when its content changes after it is in the page, so this
 * one lives in the shell for good — empty between calls — rather than arriving with the
 * incoming-call card and its text. Each call's text is a new node (keyed on its id), so a
 * second call from the same number is announced too.
 */
export function IncomingCallAnnouncer() {
  const { data: snapshot } = useAgentState();
  const call = snapshot?.state.call;
  return (
    <VisuallyHidden role="status">
      {call?.phase === 'ringing' && (
        <span key={call.id}>{`Incoming call from ${displayPhone(call.phoneNumber)}`}</span>
      )}
    </VisuallyHidden>
  );
}
