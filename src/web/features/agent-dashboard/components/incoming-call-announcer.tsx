import { VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { displayPhone } from '../../../../shared/phone';
import { statusLabel } from '../../../../shared/statuses';
import { useAgentState } from '../api/get-agent-state';

/**
 * Tells screen readers a call is ringing, once per call and at once, and a status the system set (On
 * Call on answering, After Call Work after End Call, Tech Issues when the connection was lost),
 * wherever the agent is in the portal. A status the agent picks is the status list's own news.
 *
 * A live region is only announced when its content changes after it is in the page, so this
 * one lives in the shell for good — empty between news — rather than arriving with the
 * incoming-call card and its text. Each piece of news is a new node (keyed), so a second call
 * from the same number, or After Call Work again, is announced too; the next change or ring
 * clears it, so nothing is said twice.
 */
type StatusNews = { key: string; text: string };

export function IncomingCallAnnouncer() {
  const { data: snapshot } = useAgentState();
  const state = snapshot?.state;
  const call = state?.call;
  const isRinging = call?.phase === 'ringing';
  const statusKey = state ? `${state.status}|${state.since ?? ''}` : undefined;
  // The status last seen and what is to be said of it, kept as the state changes (adjusted
  // while rendering: https://react.dev/learn/you-might-not-need-an-effect).
  const [seen, setSeen] = useState<{ statusKey?: string; news: StatusNews | null }>({
    news: null,
  });
  if (state && statusKey && (statusKey !== seen.statusKey || (isRinging && seen.news))) {
    const isSystemChange =
      seen.statusKey !== undefined && statusKey !== seen.statusKey && state.setBy === 'system';
    setSeen({
      statusKey,
      news:
        isSystemChange && !isRinging
          ? { key: statusKey, text: `Status: ${statusLabel(state.status)}` }
          : null,
    });
  }
  // A ring interrupts whatever is being read (assertive); a status change waits its turn.
  return (
    <>
      <VisuallyHidden aria-live="assertive" aria-atomic>
        {isRinging && (
          <span key={call.id}>{`Incoming call from ${displayPhone(call.phoneNumber)}`}</span>
        )}
      </VisuallyHidden>
      <VisuallyHidden role="status">
        {!isRinging && seen.news && <span key={seen.news.key}>{seen.news.text}</span>}
      </VisuallyHidden>
    </>
  );
}
