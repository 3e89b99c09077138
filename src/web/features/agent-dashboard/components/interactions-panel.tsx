import { Paper, Stack, Text, Title } from '@mantine/core';
import { type FocusEvent, useId, useLayoutEffect, useRef } from 'react';
import { serverTime } from '../../../lib/clock-offset';
import { isFocusLost } from '../../../lib/focus';
import type { AgentSnapshot } from '../api/get-agent-state';
import { useVoiceCall } from '../hooks/call-controls';
import { useCallActions } from '../hooks/use-call-actions';
import { useServerNow } from '../hooks/use-server-now';
import { ActiveCallCard } from './active-call-card';
import { AfterCallWork } from './after-call-work-card';
import { callTimeBase, callView, connectedAt } from './call-view';
import { ConnectingCard } from './connecting-card';
import { IncomingCallCard } from './incoming-call-card';
import { CallNoticeAlert } from './call-notice-alert';

/** The dashboard's call area: where the focus goes when a control elsewhere starts a call. */
export const CALL_AREA_ID = 'softphone-call-area';

/**
 * After a call placed from elsewhere (the Dialer's Call, disabled once the call is on): if the
 * focus fell to the page's body (or sits on the disabled button), the call area takes it, so
 * the next Tab reaches the call.
 */
export function focusCallAreaIfLost() {
  const focused = document.activeElement;
  const isStranded = focused instanceof HTMLButtonElement && focused.disabled;
  if (isFocusLost() || isStranded) {
    document.getElementById(CALL_AREA_ID)?.focus({ preventScroll: true });
  }
}

/** Spec §2 'Interactions panel': exactly one of the incoming card, connecting, the call, or none. */
export function InteractionsPanel({ snapshot }: { snapshot: AgentSnapshot }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Title id={headingId} order={3} size="h4" mb="sm">
        Interactions
      </Title>
      <Stack gap="sm">
        <CallArea snapshot={snapshot} emptyText="No active calls" id={CALL_AREA_ID} />
        {snapshot.state.status === 'after_call' && !snapshot.state.call && <AfterCallWork />}
      </Stack>
    </Paper>
  );
}

/**
 * The call as it stands now, with its actions and their notices. Without a call it shows
 * `emptyText`, or nothing (the shell's banner on other pages).
 */
export function CallArea({
  snapshot,
  emptyText,
  id,
}: {
  snapshot: AgentSnapshot;
  emptyText?: string;
  id?: string;
}) {
  const { call, connectDelayMs } = snapshot.state;
  const actions = useCallActions(call?.id);
  const voice = useVoiceCall(call?.id ?? '');
  // An assistant taken over mid-call (its tab reloaded or closed) starts on a connected call.
  const voiceStart =
    voice && !voice.isResumed
      ? {
          settledAt:
            voice.settledAt === null
              ? undefined
              : serverTime(snapshot.clockOffsetMs, voice.settledAt),
        }
      : undefined;
  // The active call shows the moment connecting ends, not at the next second's tick.
  const serverNow = useServerNow(snapshot, {
    countsFrom: call ? callTimeBase(call) : undefined,
    wakeAt:
      call && call.phase !== 'ringing' ? connectedAt(call, connectDelayMs, voiceStart) : undefined,
  });
  const view = callView(snapshot.state, serverNow, voiceStart);
  const focusKeeper = useFocusKeeper(view.kind);

  let content;
  switch (view.kind) {
    case 'ringing':
      content = (
        <IncomingCallCard
          call={view.call}
          secondsLeft={view.secondsLeft}
          isBusy={actions.isBusy}
          onAnswer={() => actions.answer(view.call.id)}
          onDecline={() => actions.decline(view.call.id)}
        />
      );
      break;
    case 'connecting':
      content = (
        <ConnectingCard
          call={view.call}
          elapsedSeconds={view.elapsedSeconds}
          stagesCompleted={voice?.provider ? voice.stagesCompleted : undefined}
        />
      );
      break;
    case 'active':
      content = (
        <ActiveCallCard
          call={view.call}
          elapsedSeconds={view.elapsedSeconds}
          isBusy={actions.isBusy}
          onEnd={() => actions.end(view.call.id)}
        />
      );
      break;
    case 'none':
      content = emptyText ? <Text c="dimmed">{emptyText}</Text> : null;
      break;
  }
  if (!content && !actions.notice) return null;
  return (
    <Stack gap="sm" id={id} {...focusKeeper}>
      <CallNoticeAlert notice={actions.notice} />
      {content}
    </Stack>
  );
}

/**
 * Answer, Decline and End Call take their own card away: the focus would fall to the page's
 * body and a keyboard user would start again from the top. When the card changes and the
 * element that had the focus here is gone, the area takes the focus (its next Tab reaches the
 * new card), without scrolling.
 */
function useFocusKeeper(cardKind: string) {
  const area = useRef<HTMLDivElement>(null);
  const focusedWithin = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const focused = focusedWithin.current;
    if (focused && !focused.isConnected && isFocusLost()) {
      area.current?.focus({ preventScroll: true });
    }
  }, [cardKind]);
  return {
    ref: area,
    tabIndex: -1,
    style: { outline: 'none' },
    onFocus: (event: FocusEvent) => {
      focusedWithin.current = event.target;
    },
    onBlur: (event: FocusEvent) => {
      // A removed button blurs to nothing; a move elsewhere forgets it.
      const to = event.relatedTarget;
      if (to && !event.currentTarget.contains(to)) focusedWithin.current = null;
    },
  };
}
