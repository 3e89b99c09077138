import { Modal, type ModalProps } from '@mantine/core';
import { useCallback, useEffect, useId, useLayoutEffect } from 'react';
import { isFocusLost } from '../lib/focus';

const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

/**
 * Mantine's Modal with its close button named for a screen reader ('Close': Mantine's is an
 * unnamed icon), returning the focus to what opened it when it closes. Our dialogs are
 * mounted while open and unmounted to close (their state is the row or team they act on), and
 * an unmounted Modal skips Mantine's own return: the focus fell to the page's body, and a
 * keyboard user had to find their place again from the top.
 * Once open, a dialog whose field to focus could not take it (disabled while its options load)
 * takes the focus itself: left behind it, the next Tab walked the page under the dialog.
 */
export function AppModal(props: ModalProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  useFocusReturn(props.opened);
  const focusIfLost = useCallback(() => {
    if (document.activeElement?.closest(OPEN_DIALOG)) return;
    // Mantine gives the dialog's body the id `${id}-body`.
    document.getElementById(`${id}-body`)?.closest<HTMLElement>('[role="dialog"]')?.focus();
  }, [id]);
  // Once it opens: after Mantine's own try (without transitions), or when its entrance ends.
  useEffect(() => {
    if (!props.opened) return;
    const timer = setTimeout(focusIfLost);
    return () => clearTimeout(timer);
  }, [props.opened, focusIfLost]);
  return (
    <Modal
      {...props}
      id={id}
      closeButtonProps={{ 'aria-label': 'Close', ...props.closeButtonProps }}
      onEnterTransitionEnd={() => {
        props.onEnterTransitionEnd?.();
        focusIfLost();
      }}
    />
  );
}

/**
 * The opener of a dialog that gave way to another (the members list to Add Team Member, and
 * back): the focus returns there when the last of them closes, since each one after the first
 * opened with nothing focused.
 */
let handedOver: HTMLElement | null = null;

/**
 * While `opened`: remembers what had the focus when it opened, and focuses it again when it
 * closes or unmounts, if it is still there and nothing else has the focus (Mantine's own return,
 * for a dialog that only closes, usually has done it already); if the opener went with what the
 * dialog removed, the page (the shell's main, focusable for this), so Tab goes on from there.
 */
function useFocusReturn(opened: boolean) {
  useLayoutEffect(() => {
    if (!opened) return;
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    return () => {
      // After the dialog's nodes are gone, so the focus has fallen to the body.
      setTimeout(() => {
        const target = opener ?? handedOver;
        // Another dialog took its place: it has the focus, and the way back is passed on.
        if (document.querySelector(OPEN_DIALOG)) {
          handedOver = target;
          return;
        }
        handedOver = null;
        if (!isFocusLost()) return;
        if (target?.isConnected) target.focus();
        else document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
      });
    };
  }, [opened]);
}
