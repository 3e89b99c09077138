import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ScrollableTable } from './scrollable-table';

describe('ScrollableTable', () => {
  it('is a group named as its table that takes the focus, so the keyboard can scroll it', async () => {
    const { user } = renderWithProviders(
      <ScrollableTable label="Audit log" minWidth={720}>
        <Table aria-label="Audit log">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>2026-11-26 09:00</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollableTable>,
    );
    const region = screen.getByRole('group', { name: 'Audit log' });
    expect(region.contains(screen.getByRole('table', { name: 'Audit log' }))).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(region);
  });
});
