import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { SUCCESS_MESSAGE_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import { useAnswerCall } from '../api/answer-call';
import { useDeclineCall } from '../api/decline-call';
import { useEndCall } from '../api/end-call';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';
import { useVoiceCallController } from './call-controls';

export interface CallNotice {
  /** 'info': the call had already moved on; 'error': the action failed. */
  tone: 'info' | 'error';
  message: string;
}

/**
 * Answer, Decline and End Call with what they say when refused. A 409 means the call moved on
 * before the click landed (the ring timed out, another tab answered): a brief notice in the
 * server's words, and the state is fetched again. Anything else stays until the next action.
 */
export function useCallActions() {
  const queryClient = useQueryClient();
  const answerCall = useAnswerCall();
  const declineCall = useDeclineCall();
  const endCall = useEndCall();
  const voiceCall = useVoiceCallController();
  const [notice, setNotice] = useState<CallNotice | null>(null);
  const clearLater = useReplaceableTimeout();

  const fail = useCallback(
    (error: unknown, fallback: string) => {
      if (isApiError(error, 409)) {
        setNotice({ tone: 'info', message: softphoneErrorMessage(error, fallback) });
        clearLater.start(() => setNotice(null), SUCCESS_MESSAGE_MS);
        void queryClient.invalidateQueries({ queryKey: agentStateQueryKey });
        return;
      }
      clearLater.cancel();
      setNotice({ tone: 'error', message: softphoneErrorMessage(error, fallback) });
    },
    [clearLater, queryClient],
  );

  const startAction = useCallback(() => {
    clearLater.cancel();
    setNotice(null);
  }, [clearLater]);

  return {
    notice,
    isBusy: answerCall.isPending || declineCall.isPending || endCall.isPending,
    answer: (callId: string) => {
      startAction();
      // The assistant starts once the server has the call answered (spec §4 'The answer flow').
      answerCall.mutateAsync(callId).then(
        () => voiceCall.begin(callId),
        (error: unknown) => fail(error, softphoneFallbacks.answer),
      );
    },
    decline: (callId: string) => {
      startAction();
      declineCall.mutate(callId, { onError: (error) => fail(error, softphoneFallbacks.decline) });
    },
    /** Settles once the server has answered: true if the call was ended. */
    end: async (callId: string) => {
      startAction();
      try {
        await endCall.mutateAsync(callId);
        voiceCall.stop(callId);
        return true;
      } catch (error) {
        fail(error, softphoneFallbacks.end);
        return false;
      }
    },
  };
}
