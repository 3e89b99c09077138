import { Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { EmployeeAnalyticsCard } from '../../../../shared/schemas/analytics';
import { statusLabel } from '../../../../shared/statuses';
import { formatDuration } from '../../../../shared/time-format';
import { analyticsMessages } from '../messages';
import classes from './analytics.module.css';
import { CallCentreMetrics } from './call-centre-metrics';
import { FigureList } from './figure-list';

/**
 * Spec §2 'Employee card': full name, @username, total calls, call duration, answered,
 * declined and 'Not Answered'; choosing one opens that employee's detail. Below the metrics,
 * the statuses flagged in the range (the detail's red rows), if any.
 */
export function EmployeeCards({
  employees,
  employeeHref,
}: {
  employees: EmployeeAnalyticsCard[];
  employeeHref: (employeeId: string) => string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {employees.map((employee) => (
        <EmployeeCard key={employee.id} employee={employee} href={employeeHref(employee.id)} />
      ))}
    </SimpleGrid>
  );
}

function EmployeeCard({ employee, href }: { employee: EmployeeAnalyticsCard; href: string }) {
  const titleId = useId();
  const { figures } = employee;
  const name = employee.full_name ?? employee.username;
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="md"
      className={classes.card}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" color="blue" aria-hidden>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text component="h3" fw={700} size="lg" id={titleId} m={0} truncate="end">
              <Link to={href} className={classes.cardLink}>
                {name}
              </Link>
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              @{employee.username}
              {employee.team ? ` · ${employee.team.name}` : ''}
            </Text>
          </div>
        </Group>
        <FigureList
          figures={[
            { label: 'Total Calls', value: figures.totalCalls },
            { label: 'Call Duration', value: formatDuration(figures.callDurationSeconds) },
            { label: 'Answered', value: figures.answered },
            { label: 'Declined', value: figures.declined },
            { label: analyticsMessages.notAnswered, value: figures.missed },
          ]}
        />
        <CallCentreMetrics figures={figures} />
        {employee.flaggedStatuses.length > 0 && (
          <Text size="sm" fw={600} className={classes.flagNote}>
            <IconAlertTriangle size={16} aria-hidden className={classes.flagIcon} /> Flagged:{' '}
            {employee.flaggedStatuses.map(statusLabel).join(', ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
