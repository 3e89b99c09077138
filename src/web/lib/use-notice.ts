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

/**
 * Which table row is being edited inline (spec §4): one at a time; opening or closing a row
 * clears the page's notice; a saved row closes FORM_CLOSE_DELAY_MS after its success message.
 */
export function useInlineRowEdit(notice: {
  clear: () => void;
  success: (message: string) => void;
}) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const closeLater = useReplaceableTimeout();
  const { clear, success } = notice;

  const start = useCallback(
    (row: { id: string }) => {
      closeLater.cancel();
      clear();
      setEditingId(row.id);
    },
    [closeLater, clear],
  );
  const stop = useCallback(() => {
    closeLater.cancel();
    clear();
    setEditingId(null);
  }, [closeLater, clear]);
  const saved = useCallback(
    (message: string) => {
      success(message);
      closeLater.start(() => setEditingId(null), FORM_CLOSE_DELAY_MS);
    },
    [closeLater, success],
  );
  return { editingId, start, stop, saved };
}
