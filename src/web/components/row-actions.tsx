import { ActionIcon, Group } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { isFocusLost } from '../lib/focus';
import { tooltip } from './shared-tooltip';

interface RowActionsProps {
  /** Whose row it is: the buttons are named 'Edit {name}' and 'Delete {name}'. */
  name: string;
  onEdit: () => void;
  /** Absent where this row can't be deleted. */
  onDelete?: (() => void) | undefined;
  /**
   * The row has just left edit mode (saved, cancelled, Escape): its Edit button takes the
   * focus the closed form's fields had, rather than the page's body.
   */
  wasEditing?: boolean;
}

/** A table row's Actions cell content: Edit and Delete icon buttons. */
export function RowActions({ name, onEdit, onDelete, wasEditing = false }: RowActionsProps) {
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (wasEditing && isFocusLost()) editButton.current?.focus();
  }, [wasEditing]);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        ref={editButton}
        variant="subtle"
        aria-label={`Edit ${name}`}
        onClick={onEdit}
        {...tooltip('Edit')}
      >
        <IconEdit size={18} aria-hidden />
      </ActionIcon>
      {onDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
          {...tooltip('Delete')}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
