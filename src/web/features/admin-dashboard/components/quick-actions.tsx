import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconChartBar, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '../../../lib/admin-paths';

const quickActions = [
  { label: 'Register New Employee', to: adminPaths.register, icon: IconUserPlus },
  { label: 'View All Employees', to: adminPaths.employees, icon: IconUsers },
  { label: 'View Analytics', to: adminPaths.analytics, icon: IconChartBar },
];

/** Spec §2 'Quick Actions': shortcuts to the pages an admin opens most. */
export function QuickActions() {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" h="100%">
      <Text id={titleId} component="h3" fw={600} mb="sm">
        Quick Actions
      </Text>
      <Stack gap="xs">
        {quickActions.map((action, index) => (
          <Button
            key={action.to}
            component={Link}
            to={action.to}
            variant={index === 0 ? 'filled' : 'light'}
            justify="flex-start"
            fullWidth
            leftSection={<action.icon size={18} stroke={1.6} aria-hidden />}
          >
            {action.label}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
