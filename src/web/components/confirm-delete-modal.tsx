import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './app-modal';
import type { ReactNode } from 'react';
import { FormAlert } from './form-alert';

interface ConfirmDeleteModalProps {
  title: string;
  /** The question: what is deleted and what goes with it. */
  children: ReactNode;
  isDeleting: boolean;
  /** Why the last attempt failed, shown beside the choice. */
  errorMessage?: string | undefined;
  /**
   * The delete found nothing to delete (someone else deleted it first): the dialog keeps only
   * `errorMessage` and OK, with nothing left to confirm.
   */
  isGone?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Spec §4: a delete asks first, with 'Confirm Delete' ('Deleting...') and Cancel. Cancel has
 * the focus, so Enter never deletes by accident.
 */
export function ConfirmDeleteModal({
  title,
  children,
  isDeleting,
  errorMessage,
  isGone = false,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  return (
    <AppModal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        {errorMessage && <FormAlert tone="error">{errorMessage}</FormAlert>}
        {!isGone && <Text>{children}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {isGone ? 'OK' : 'Cancel'}
          </Button>
          {!isGone && (
            <Button color="red" disabled={isDeleting} onClick={onConfirm}>
              {isDeleting ? 'Deleting...' : 'Confirm Delete'}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
