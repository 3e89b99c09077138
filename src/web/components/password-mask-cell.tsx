import { Table, VisuallyHidden } from '@mantine/core';

/** Passwords are never readable (DESIGN.md): a table's Password column shows this, with nothing to reveal. */
export const PASSWORD_MASK = '••••••••';

/** The Password column's cell: the mask on screen, 'Hidden' for screen readers. */
export function PasswordMaskCell() {
  return (
    <Table.Td c="dimmed" fz="md">
      <span aria-hidden>{PASSWORD_MASK}</span>
      <VisuallyHidden>Hidden</VisuallyHidden>
    </Table.Td>
  );
}
