import { Stack, Text, Title } from '@mantine/core';

/** Placeholder until the dashboard cards (spec §2 'Admin dashboard') are built. */
export function AdminDashboardPage() {
  return (
    <Stack gap="xs">
      <Title order={2}>Dashboard</Title>
      <Text c="dimmed">Team and call figures will appear here.</Text>
    </Stack>
  );
}
