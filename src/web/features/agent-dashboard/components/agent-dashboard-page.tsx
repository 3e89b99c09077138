import { Stack, Text, Title } from '@mantine/core';

/** Placeholder until the softphone (spec §2 'Employee dashboard') is built. */
export function AgentDashboardPage() {
  return (
    <Stack gap="xs">
      <Title order={2}>Switchboard Employee Dashboard</Title>
      <Text c="dimmed">Your status, calls and activity log will appear here.</Text>
    </Stack>
  );
}
