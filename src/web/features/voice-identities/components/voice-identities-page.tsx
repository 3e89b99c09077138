import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useVoiceIdentities } from '../api/get-voice-identities';
import { ScrollableTable } from '../../../components/scrollable-table';
import { formatCount } from '../../../lib/format-number';

const providerLabel = { local: 'Local (offline)', vapi: 'Vapi' } as const;

/**
 * The super admin's Voice page: the provider the calls
 * use and each configured identity by name and assistant id, with how many calls it took.
 */
export function VoiceIdentitiesPage() {
  const identities = useVoiceIdentities();
  return (
    <Stack gap="md">
      <Title order={2}>Voice</Title>
      {identities.isPending ? (
        <Group role="status" aria-label="Loading voice identities">
          <Loader size="sm" />
        </Group>
      ) : identities.isError ? (
        <Alert color="red" role="alert">
          Could not load the voice identities.
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group gap="xs" mb="sm">
            <Text>Provider:</Text>
            <Badge variant="light">{providerLabel[identities.data.provider]}</Badge>
          </Group>
          {identities.data.identities.length === 0 ? (
            <Text c="dimmed">No voice identities configured: calls use the local assistant.</Text>
          ) : (
            <ScrollableTable label="Voice identities" minWidth={480}>
              <Table verticalSpacing="sm" aria-label="Voice identities">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Assistant ID</Table.Th>
                    <Table.Th>Calls</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {identities.data.identities.map((identity) => (
                    <Table.Tr key={identity.assistantId}>
                      <Table.Td>{identity.name}</Table.Td>
                      <Table.Td>
                        <Text ff="monospace" size="sm">
                          {identity.assistantId}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatCount(identity.calls)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
          )}
        </Paper>
      )}
    </Stack>
  );
}
