import { Avatar, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { employeeMessages } from '../../../../shared/messages';
import { relativeTime } from '../../../../shared/relative-time';
import type { Dashboard } from '../../../../shared/schemas/dashboard';
import { employeeAnalyticsPath } from '../../../lib/admin-paths';
import classes from './admin-dashboard.module.css';

interface RecentActivitiesProps {
  recentEmployees: Dashboard['recentEmployees'] | undefined;
  now: Date;
}

/**
 * Spec §2 'Recent Activities': the 4 newest employees, '{username} registered' with how long
 * ago; each opens that employee's analytics.
 */
export function RecentActivities({ recentEmployees, now }: RecentActivitiesProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" h="100%">
      <Text id={titleId} component="h3" fw={600} mb="sm">
        Recent Activities
      </Text>
      {recentEmployees === undefined ? null : recentEmployees.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {employeeMessages.noRecentActivity}
        </Text>
      ) : (
        <Stack gap={4} component="ul" className={classes.plainList}>
          {recentEmployees.map((employee) => (
            <li key={employee.id}>
              <UnstyledButton
                component={Link}
                to={employeeAnalyticsPath(employee.id)}
                className={classes.activity}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" size={34} color="blue" aria-hidden>
                    {employee.username.charAt(0).toUpperCase()}
                  </Avatar>
                  <div className={classes.activityText}>
                    <Text size="sm" truncate="end">
                      <Text span fw={600} inherit>
                        {employee.username}
                      </Text>{' '}
                      registered
                    </Text>
                    <Text size="xs" c="dimmed">
                      {relativeTime(employee.created_at, now)}
                    </Text>
                  </div>
                  <IconChevronRight size={16} aria-hidden className={classes.chevron} />
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
