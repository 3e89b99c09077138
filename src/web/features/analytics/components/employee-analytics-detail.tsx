import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { EmployeeAnalyticsDetail } from '../../../../shared/schemas/analytics';
import { formatDuration } from '../../../../shared/time-format';
import { analyticsMessages } from '../messages';
import { CallCentreMetrics, MetricsHelp } from './call-centre-metrics';
import { CallDistributionPie } from './call-distribution-pie';
import { FigureList } from './figure-list';
import { StatusTimeTable } from './status-time-table';
import classes from './analytics.module.css';
import { formatPercent } from './format';

interface EmployeeAnalyticsDetailViewProps {
  detail: EmployeeAnalyticsDetail;
  /** The admin's Delete and close controls; none on the agent's own page. */
  actions?: ReactNode;
  /** Under the figures: the employee's trend charts (and, for an admin, their recent calls). */
  below: ReactNode;
}

function Panel({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={4} id={titleId}>
          {title}
        </Title>
        {extra}
      </Group>
      {children(titleId)}
    </Paper>
  );
}

/**
 * Spec §2 'Selecting an employee shows': the Call Distribution pie and the Status Time
 * Tracking table, with the spec's counts and the call-centre metrics above them, and the
 * trends over the range below. The same view
 * for an admin looking at an employee and for the agent looking at themselves.
 */
export function EmployeeAnalyticsDetailView({
  detail,
  actions,
  below,
}: EmployeeAnalyticsDetailViewProps) {
  const nameId = useId();
  const { employee, figures } = detail;
  const name = employee.full_name ?? employee.username;
  return (
    <Stack component="section" aria-labelledby={nameId} gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar radius="xl" size={44} color="blue" aria-hidden>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={3} id={nameId} className={classes.breakable}>
              {name}
            </Title>
            <Group gap="xs">
              <Text c="dimmed" size="sm" className={classes.breakable}>
                @{employee.username}
              </Text>
              {employee.team && (
                <Badge variant="light" color="gray" size="sm" tt="none" maw="100%">
                  {employee.team.name}
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Calls">
          {() => (
            <FigureList
              figures={[
                { label: 'Total Calls', value: figures.totalCalls },
                { label: 'Answered', value: figures.answered },
                { label: 'Declined', value: figures.declined },
                { label: analyticsMessages.notAnswered, value: figures.missed },
                { label: 'Call Duration', value: formatDuration(figures.callDurationSeconds) },
                { label: 'Performance', value: formatPercent(figures.performancePercent) },
              ]}
            />
          )}
        </Panel>
        <Panel title="Call-centre metrics" extra={<MetricsHelp />}>
          {() => <CallCentreMetrics figures={figures} />}
        </Panel>
        <Panel title="Call Distribution">{() => <CallDistributionPie figures={figures} />}</Panel>
        <Panel title="Status Time Tracking">
          {(titleId) => <StatusTimeTable rows={detail.statusTimes} labelledBy={titleId} />}
        </Panel>
        <Panel title="Calls by wrap-up code">
          {() =>
            detail.wrapUpCodes.length > 0 ? (
              <FigureList
                figures={detail.wrapUpCodes.map((code) => ({
                  label: code.name,
                  value: code.calls,
                }))}
              />
            ) : (
              <Text c="dimmed" size="sm">
                No answered calls in this range
              </Text>
            )
          }
        </Panel>
      </SimpleGrid>
      {below}
    </Stack>
  );
}
