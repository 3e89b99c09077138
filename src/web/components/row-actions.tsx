import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

interface RowActionsProps {
  /** Whose row it is: the buttons are named 'Edit {name}' and 'Delete {name}'. */
  name: string;
  onEdit: () => void;
  /** Absent where this row can't be deleted. */
  onDelete?: (() => void) | undefined;
}

/** A table row's Actions cell content: Edit and Delete icon buttons. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconEdit size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {onDelete && (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
