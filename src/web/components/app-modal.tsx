import { Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { isFocusLost } from '../lib/focus';

/**
 * Mantine's Modal with its close button named for a screen reader ('Close': Mantine's is an
 * unnamed icon), returning the focus to what opened it when it closes. Our dialogs are
 * mounted while open and unmounted to close (their state is the row or team they act on), and
 * an unmounted Modal skips Mantine's own return: the focus fell to the page's body, and a
 * keyboard user had to find their place again from the top.
 */
export function AppModal(props: ModalProps) {
  useFocusReturn(props.opened);
  return (
    <Modal {...props} closeButtonProps={{ 'aria-label': 'Close', ...props.closeButtonProps }} />
  );
}

/**
 * While `opened`: remembers what had the focus when it opened, and focuses it again when it
 * closes or unmounts, if it is still there and nothing else has the focus (Mantine's own return,
 * for a dialog that only closes, usually has done it already).
 */
function useFocusReturn(opened: boolean) {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    return () => {
      // After the dialog's nodes are gone, so the focus has fallen to the body.
      setTimeout(() => {
        if (isFocusLost() && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    };
  }, [opened]);
}
