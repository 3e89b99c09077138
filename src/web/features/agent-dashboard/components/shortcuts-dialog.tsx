import { Kbd, Table, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { SHORTCUTS } from '../shortcuts';

/** The '?' dialog: every softphone shortcut, its keys and what it does. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table aria-label="Keyboard shortcuts" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map(({ id, keys, does }) => (
            <Table.Tr key={id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.split('+').map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' + '}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        Turn them off in Profile.
      </Text>
    </AppModal>
  );
}
