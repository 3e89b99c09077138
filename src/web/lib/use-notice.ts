import { useCallback, useEffect, useRef, useState } from 'react';
import { FORM_CLOSE_DELAY_MS, SUCCESS_MESSAGE_MS } from './timings';

/**
 * One pending timer owned by a component: starting it again replaces the pending one, and
 * unmounting cancels it, so a late callback never touches a closed form.
 */
export function useReplaceableTimeout() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = useCallback((callback: () => void, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(callback, delayMs);
  }, []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return { start, cancel };
}

export interface Notice {
  tone: 'success' | 'error';
  message: string;
}

/**
 * The message a screen shows about its last action. Successes clear themselves after
 * SUCCESS_MESSAGE_MS (spec §9); errors stay until the next action.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const { start, cancel } = useReplaceableTimeout();

  const clear = useCallback(() => {
    cancel();
    setNotice(null);
  }, [cancel]);
  const success = useCallback(
    (message: string) => {
      setNotice({ tone: 'success', message });
      start(() => setNotice(null), SUCCESS_MESSAGE_MS);
    },
    [start],
  );
  const error = useCallback(
    (message: string) => {
      cancel();
      setNotice({ tone: 'error', message });
    },
    [cancel],
  );

  return { notice, success, error, clear };
}

/** A row's confirmation that it was saved, shown at the row. */
export interface RowSaved {
  rowId: string;
  message: string;
}

/**
 * Which table row is being edited inline (spec §4): one at a time; opening or closing a row
 * clears the page's notice. A saved row shows its success message at the row, closes
 * FORM_CLOSE_DELAY_MS later and keeps the message SUCCESS_MESSAGE_MS in all; a refusal stays
 * in the row being edited (AccountEditRow), where the user is looking.
 */
export function useInlineRowEdit(notice: { clear: () => void }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [saved, setSaved] = useState<RowSaved | null>(null);
  const closeLater = useReplaceableTimeout();
  const forgetLater = useReplaceableTimeout();
  const { clear } = notice;

  const reset = useCallback(
    (rowId: string | null) => {
      closeLater.cancel();
      forgetLater.cancel();
      clear();
      setSaved(null);
      setEditingId(rowId);
    },
    [closeLater, forgetLater, clear],
  );
  const start = useCallback((row: { id: string }) => reset(row.id), [reset]);
  const stop = useCallback(() => reset(null), [reset]);
  const markSaved = useCallback(
    (message: string) => {
      if (editingId === null) return;
      setSaved({ rowId: editingId, message });
      closeLater.start(() => setEditingId(null), FORM_CLOSE_DELAY_MS);
      forgetLater.start(() => setSaved(null), SUCCESS_MESSAGE_MS);
    },
    [editingId, closeLater, forgetLater],
  );
  const savedMessageOf = useCallback(
    (rowId: string) => (saved?.rowId === rowId ? saved.message : null),
    [saved],
  );
  return { editingId, start, stop, saved: markSaved, savedMessageOf };
}
