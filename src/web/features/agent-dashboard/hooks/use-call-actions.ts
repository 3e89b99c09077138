import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { callWrapUpSchema } from '../../../../shared/schemas/agent';
import { isApiError } from '../../../lib/api-client';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { SUCCESS_MESSAGE_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import { useAnswerCall } from '../api/answer-call';
import type { AgentSnapshot } from '../api/get-agent-state';
import { useDeclineCall } from '../api/decline-call';
import { useEndCall } from '../api/end-call';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';
import { useVoiceCallController } from './call-controls';
import { letGo } from './voice-call-controller';

export interface CallNotice {
  /** 'info': the call had already moved on; 'error': the action failed. */
  tone: 'info' | 'error';
  message: string;
}

/**
 * Answer, Decline and End Call with what they say when refused. A 409 means the call moved on
 * before the click landed (the ring timed out, another tab answered): a brief notice in the
 * server's words, and the state is fetched again. A failure (the server unreachable) stays
 * until the next action, or until `currentCallId` — the call on screen — is no longer the one
 * it was about (the server ended it meanwhile): it would describe a call that is gone.
 */
export function useCallActions(currentCallId: string | undefined) {
  const queryClient = useQueryClient();
  const answerCall = useAnswerCall();
  const declineCall = useDeclineCall();
  const endCall = useEndCall();
  const voiceCall = useVoiceCallController();
  const [notice, setNotice] = useState<(CallNotice & { callId: string }) | null>(null);
  const clearLater = useReplaceableTimeout();

  const fail = useCallback(
    (callId: string, error: unknown, fallback: string) => {
      const message = softphoneErrorMessage(error, fallback);
      if (isApiError(error, 409)) {
        setNotice({ tone: 'info', message, callId });
        clearLater.start(() => setNotice(null), SUCCESS_MESSAGE_MS);
        void queryClient.invalidateQueries({ queryKey: agentStateQueryKey });
        return;
      }
      clearLater.cancel();
      setNotice({ tone: 'error', message, callId });
    },
    [clearLater, queryClient],
  );

  const startAction = useCallback(() => {
    clearLater.cancel();
    setNotice(null);
  }, [clearLater]);

  return {
    notice: notice?.tone === 'error' && notice.callId !== currentCallId ? null : notice,
    isBusy: answerCall.isPending || declineCall.isPending || endCall.isPending,
    answer: (callId: string) => {
      startAction();
      // The assistant starts once the server has the call answered (spec §4 'The answer flow').
      const claimed = voiceCall.claim();
      answerCall.mutateAsync(callId).then(
        () => voiceCall.begin(callId, 'inbound', claimed),
        (error: unknown) => {
          letGo(claimed);
          fail(callId, error, softphoneFallbacks.answer);
        },
      );
    },
    decline: (callId: string) => {
      startAction();
      declineCall.mutate(callId, {
        onError: (error) => fail(callId, error, softphoneFallbacks.decline),
      });
    },
    /**
     * Settles once the server has answered: true if the call was ended. Notes kept from a
     * closed Active Call modal that break the notes rule (too long) hold the end back: ending
     * would drop them, so the notice says where to shorten them.
     */
    end: async (callId: string) => {
      startAction();
      const unsaved = queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey)?.unsavedNotes;
      const notesCheck =
        unsaved?.callId === callId ? callWrapUpSchema.safeParse({ notes: unsaved.notes }) : null;
      if (notesCheck && !notesCheck.success) {
        const rule = notesCheck.error.issues[0]!.message;
        setNotice({ tone: 'error', message: `${rule}: shorten them in View Call`, callId });
        return false;
      }
      try {
        await endCall.mutateAsync(callId);
        voiceCall.stop(callId);
        return true;
      } catch (error) {
        fail(callId, error, softphoneFallbacks.end);
        return false;
      }
    },
  };
}
