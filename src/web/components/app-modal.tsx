import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useId, useLayoutEffect } from 'react';
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
  const focusIfLost = () => {
    if (document.activeElement?.closest(OPEN_DIALOG)) return;
    // Mantine gives the dialog's body the id `${id}-body`.
    document.getElementById(`${id}-body`)?.closest<HTMLElement>('[role="dialog"]')?.focus();
  };
  // After Mantine's own try at open (without transitions), or once its entrance has ended.
  useEffect(() => {
    if (!props.opened) return;
    const timer = setTimeout(focusIfLost);
    return () => clearTimeout(timer);
  });
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
 * While `opened`: remembers what had the focus when it opened, and focuses it again when it
 * closes or unmounts, if it is still there and nothing else has the focus (Mantine's own return,
 * for a dialog that only closes, usually has done it already); if the opener went with what the
 * dialog removed, its page (the shell's main, focusable for this), so Tab goes on from there.
 */
function useFocusReturn(opened: boolean) {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    // Where the focus goes if the opener is gone (the row a dialog deleted): its page.
    const page = opener?.closest<HTMLElement>('main[tabindex]');
    return () => {
      // After the dialog's nodes are gone, so the focus has fallen to the body.
      setTimeout(() => {
        // Another dialog took its place (the members list giving way to Add Team Member):
        // that one takes the focus, not the page behind it.
        if (!isFocusLost() || document.querySelector(OPEN_DIALOG)) return;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        else if (page?.isConnected) page.focus({ preventScroll: true });
      });
    };
  }, [opened]);
}
