import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callWrapUpSchema } from '../../../../shared/schemas/agent';
import { CALL_NOTES_SAVE_DELAY_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import type { UnsavedNotes } from '../api/get-agent-state';
import { keepUnsavedNotes, useSaveCallNotes } from '../api/save-call-notes';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';

export type NotesSaveState = 'unchanged' | 'saving' | 'saved' | 'failed';

/**
 * The notes of the active call, saved with it: CALL_NOTES_SAVE_DELAY_MS after typing pauses,
 * when the field loses focus, before End Call (`flush`), and when the modal closes mid-typing.
 *
 * Saves go one at a time: two requests in flight could land in either order, and older text
 * landing last would overwrite newer. A save asked for while one is under way waits for it,
 * then sends whatever is typed by then; asking again meanwhile adds nothing. A save that fails
 * after the modal closed is logged and its text kept in the held state (`unsavedNotes`), which
 * the modal starts from when opened again. Notes that break the shared rule (too long) are not
 * sent: `flush` then resolves to false, so End Call waits for the agent to shorten them rather
 * than drop them; a request that fails does not hold up the end.
 */
export function useCallNotes(
  callId: string,
  savedNotes: string | null,
  unsavedNotes?: UnsavedNotes,
) {
  const queryClient = useQueryClient();
  const { mutateAsync: saveNotes } = useSaveCallNotes();
  const [notes, setNotes] = useState(unsavedNotes?.notes ?? savedNotes ?? '');
  const [saveState, setSaveState] = useState<NotesSaveState>(unsavedNotes ? 'failed' : 'unchanged');
  const [failure, setFailure] = useState<string | null>(unsavedNotes?.failure ?? null);
  // What is typed and what the server has, readable from timers and cleanups.
  const typed = useRef(notes);
  const saved = useRef(savedNotes ?? '');
  const isOpen = useRef(false);
  const { start: saveAfterPause, cancel: cancelPendingSave } = useReplaceableTimeout();

  // The latest save (settled once it has), and a save waiting for it to finish, if any.
  const lastSave = useRef<Promise<boolean>>(Promise.resolve(true));
  const queuedSave = useRef<Promise<boolean> | null>(null);

  const flush = useCallback(() => {
    cancelPendingSave();
    if (queuedSave.current) return queuedSave.current;
    const save = lastSave.current.then(async () => {
      queuedSave.current = null;
      const toSave = typed.current;
      if (toSave === saved.current) return true;
      const fail = (message: string, cause: unknown) => {
        setSaveState('failed');
        setFailure(message);
        if (!isOpen.current) {
          // Nobody sees the field any more: say so somewhere, and keep the text.
          console.warn('The call notes could not be saved', cause);
          keepUnsavedNotes(queryClient, { callId, notes: toSave, failure: message });
        }
      };
      // The server's rule, checked here first: too long is said at once, and kept as typed.
      const checked = callWrapUpSchema.safeParse({ notes: toSave });
      if (!checked.success) {
        fail(checked.error.issues[0]!.message, checked.error);
        return false;
      }
      setSaveState('saving');
      setFailure(null);
      try {
        await saveNotes({ callId, notes: toSave });
        saved.current = toSave;
        // Typing may have gone on meanwhile: only what is on screen is 'Saved'.
        setSaveState(typed.current === toSave ? 'saved' : 'unchanged');
      } catch (error) {
        fail(softphoneErrorMessage(error, softphoneFallbacks.saveNotes), error);
      }
      return true;
    });
    queuedSave.current = save;
    lastSave.current = save;
    return save;
  }, [callId, queryClient, cancelPendingSave, saveNotes]);

  const change = useCallback(
    (value: string) => {
      typed.current = value;
      setNotes(value);
      setSaveState('unchanged');
      saveAfterPause(() => void flush(), CALL_NOTES_SAVE_DELAY_MS);
    },
    [flush, saveAfterPause],
  );

  // Closing mid-typing (or after a failure) saves what is typed, in turn, in the background.
  useEffect(() => {
    isOpen.current = true;
    return () => {
      isOpen.current = false;
      void flush();
    };
  }, [flush]);

  return { notes, change, flush, saveState, failure };
}
