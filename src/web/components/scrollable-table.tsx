import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollableTableProps {
  /** The table's name, for the group the scroller is. */
  label: string;
  minWidth: number;
  children: ReactNode;
}

/**
 * The sideways scroller of a table whose rows hold no control: on a narrow screen the table
 * scrolls, and only a scroller that takes the focus lets the keyboard scroll it (WCAG 2.1.1,
 * axe's scrollable-region-focusable). It is one tab stop, a group named as the table (not a
 * landmark: the table may sit in a region of the same name); the arrow
 * keys scroll it. Tables with buttons in their rows need none: tabbing to a button scrolls.
 */
export function ScrollableTable({ label, minWidth, children }: ScrollableTableProps) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="group"
      aria-label={label}
    >
      {children}
    </Table.ScrollContainer>
  );
}
