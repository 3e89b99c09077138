import { Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect } from 'react';

/**
 * Mantine's Modal with its close button named for a screen reader ('Close': Mantine's is an
 * unnamed icon), returning the focus to what opened it when it closes. Our dialogs are
 * mounted while open and unmounted to close (their state is the row or team they act on), and
 * an unmounted Modal skips Mantine's own return: the focus fell to the page's body, and a
 * keyboard user had to find their place again from the top.
 */
export function AppModal(props: ModalProps) {
  useFocusReturnOnUnmount();
  return (
    <Modal {...props} closeButtonProps={{ 'aria-label': 'Close', ...props.closeButtonProps }} />
  );
}

/** On unmount, focuses what had the focus at mount, if it is still there and nothing else has it. */
function useFocusReturnOnUnmount() {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      // After the dialog's nodes are gone, so the focus has fallen to the body.
      setTimeout(() => {
        const isFocusLost =
          document.activeElement === null || document.activeElement === document.body;
        if (isFocusLost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    };
  }, []);
}
