import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { agentStateQueryKey } from '../../../lib/query-keys';
import type { AgentSnapshot, UnsavedNotes } from './get-agent-state';
import { keepSavedCall, saveCallWrapUp } from './wrap-up';

const saveCallNotes = ({ callId, notes }: { callId: string; notes: string }) =>
  saveCallWrapUp({ callId, notes });

/**
 * Notes that failed to save once the modal had closed: the held state keeps them with their
 * call (unless that call is gone), so opening the modal again shows them and saves them.
 */
export function keepUnsavedNotes(queryClient: QueryClient, unsavedNotes: UnsavedNotes) {
  queryClient.setQueryData<AgentSnapshot>(agentStateQueryKey, (held) => {
    if (!held || held.state.call?.id !== unsavedNotes.callId) return held;
    return { ...held, unsavedNotes };
  });
}

/**
 * Saves the notes of a call. The held state's copy of the call (and the Activity Log's) takes
 * the saved notes too, so the modal, closed and opened again, starts from them; notes kept
 * unsaved are then old news.
 */
export function useSaveCallNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCallNotes,
    onSuccess: (saved) => {
      keepSavedCall(queryClient, saved);
      queryClient.setQueryData<AgentSnapshot>(agentStateQueryKey, (held) => {
        const call = held?.state.call;
        if (!held || call?.id !== saved.id) return held;
        const { unsavedNotes: _saved, ...rest } = held;
        return { ...rest, state: { ...held.state, call: { ...call, notes: saved.notes } } };
      });
    },
  });
}
