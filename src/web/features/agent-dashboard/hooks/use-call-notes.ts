import { useCallback, useEffect, useRef, useState } from 'react';
import { CALL_NOTES_SAVE_DELAY_MS } from '../../../lib/timings';
import { useReplaceableTimeout } from '../../../lib/use-notice';
import { useSaveCallNotes } from '../api/save-call-notes';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';

export type NotesSaveState = 'unchanged' | 'saving' | 'saved' | 'failed';

/**
 * The notes of the active call, saved with it: CALL_NOTES_SAVE_DELAY_MS after typing pauses,
 * when the field loses focus, before End Call (`flush`), and when the modal closes mid-typing.
 */
export function useCallNotes(callId: string, savedNotes: string | null) {
  const { mutateAsync: saveNotes, mutate: saveNotesInBackground } = useSaveCallNotes();
  const [notes, setNotes] = useState(savedNotes ?? '');
  const [saveState, setSaveState] = useState<NotesSaveState>('unchanged');
  const [failure, setFailure] = useState<string | null>(null);
  // What is typed and what the server has, readable from timers and cleanups.
  const typed = useRef(notes);
  const saved = useRef(savedNotes ?? '');
  const saveLater = useReplaceableTimeout();

  // The save under way, so leaving the field and End Call at once send it only once.
  const inFlight = useRef<{ notes: string; done: Promise<void> } | null>(null);

  const flush = useCallback(async () => {
    saveLater.cancel();
    const toSave = typed.current;
    if (inFlight.current?.notes === toSave) return inFlight.current.done;
    if (toSave === saved.current) return;
    setSaveState('saving');
    setFailure(null);
    const done = saveNotes({ callId, notes: toSave }).then(
      () => {
        saved.current = toSave;
        // Typing may have gone on meanwhile: only what is on screen is 'Saved'.
        setSaveState(typed.current === toSave ? 'saved' : 'unchanged');
      },
      (error: unknown) => {
        setSaveState('failed');
        setFailure(softphoneErrorMessage(error, softphoneFallbacks.saveNotes));
      },
    );
    inFlight.current = { notes: toSave, done };
    await done;
    if (inFlight.current?.done === done) inFlight.current = null;
  }, [callId, saveLater, saveNotes]);

  const change = useCallback(
    (value: string) => {
      typed.current = value;
      setNotes(value);
      setSaveState('unchanged');
      saveLater.start(() => void flush(), CALL_NOTES_SAVE_DELAY_MS);
    },
    [flush, saveLater],
  );

  useEffect(
    () => () => {
      if (typed.current !== saved.current && inFlight.current?.notes !== typed.current) {
        saveNotesInBackground({ callId, notes: typed.current });
      }
    },
    [callId, saveNotesInBackground],
  );

  return { notes, change, flush, saveState, failure };
}
