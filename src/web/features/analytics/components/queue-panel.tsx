import { Button, Group, List, Paper, Select, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import {
  DEFAULT_QUEUE_INTERVAL_MINUTES,
  type QueueIntervalMinutes,
  queueIntervalMinutes,
} from '../../../../shared/schemas/analytics';
import type { QueueFigures, QueueTeamAnalytics } from '../../../../shared/schemas/queue-analytics';
import { ScrollableTable } from '../../../components/scrollable-table';
import { serverRefusalMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { queueIntervalsCsvHref, queueTeamsCsvHref } from '../api/export-csv';
import { useQueueAnalytics, useQueueIntervals } from '../api/get-queue-analytics';
import { analyticsMessages } from '../messages';
import { NO_FIGURE, formatPercent, formatSeconds } from './format';

// The charts' code (recharts) comes after the figures, as the trends' does.
const QueueCharts = lazy(() =>
  import('./queue-charts').then((module) => ({ default: module.QueueCharts })),
);

const headings = [
  'Team',
  'Callers',
  'Answered',
  'Abandoned',
  'Service level',
  'Avg speed of answer',
  'Avg time to abandon',
  'Agents needed',
];

function FigureCells({ figures, team }: { figures: QueueFigures; team?: QueueTeamAnalytics }) {
  const level = figures.serviceLevelPercent;
  const belowTarget =
    team !== undefined && level !== null && level < team.serviceLevelTargetPercent;
  return (
    <>
      <Table.Td>{formatCount(figures.callers)}</Table.Td>
      <Table.Td>{formatCount(figures.answered)}</Table.Td>
      <Table.Td>{formatCount(figures.abandoned)}</Table.Td>
      <Table.Td c={belowTarget ? 'red.8' : undefined}>
        {formatPercent(level)}
        {team && (
          <Text size="xs" c={belowTarget ? 'red.8' : 'dimmed'}>
            Target {formatPercent(team.serviceLevelTargetPercent)} in {team.serviceLevelSeconds} s
            {belowTarget && ' — below target'}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatSeconds(figures.averageSpeedOfAnswerSeconds)}</Table.Td>
      <Table.Td>{formatSeconds(figures.averageTimeToAbandonSeconds)}</Table.Td>
      <Table.Td>
        {figures.agentsNeeded === null ? NO_FIGURE : formatCount(figures.agentsNeeded)}
      </Table.Td>
    </>
  );
}

/**
 * The queues of the viewer's scope over the range: a row per queue team and the centre's, and
 * one team's figures by interval as charts. Nothing when no team in scope has a queue.
 */
export function QueuePanel({ range }: { range: Record<string, string> }) {
  const queues = useQueueAnalytics(range);
  const [chosenTeamId, setChosenTeamId] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<QueueIntervalMinutes>(DEFAULT_QUEUE_INTERVAL_MINUTES);
  const teams = queues.data?.teams ?? [];
  // The chosen team while it is listed, else the first.
  const teamId = teams.find((team) => team.teamId === chosenTeamId)?.teamId ?? teams[0]?.teamId;
  const intervals = useQueueIntervals(teamId, minutes, range);
  useEffect(() => {
    // Spec §8: analytics load errors are logged, never shown.
    if (queues.error) console.error('Queue analytics could not be loaded', queues.error);
    if (intervals.error) console.error('Queue intervals could not be loaded', intervals.error);
  }, [queues.error, intervals.error]);
  if (!queues.data || teams.length === 0) return null;

  const loading = (
    <Text c="dimmed" size="sm" role="status">
      {analyticsMessages.loadingTrends}
    </Text>
  );
  return (
    <section aria-labelledby="analytics-queues-heading">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id="analytics-queues-heading">
          Queues
        </Title>
        <Button
          component="a"
          href={queueTeamsCsvHref(range)}
          download
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Queues CSV
        </Button>
      </Group>
      <Paper withBorder radius="md" mb="md">
        <ScrollableTable label="Queues" minWidth={headings.length * 115}>
          <Table fz="sm" aria-labelledby="analytics-queues-heading">
            <Table.Thead>
              <Table.Tr>
                {headings.map((heading) => (
                  <Table.Th key={heading} scope="col">
                    {heading}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.map((team) => (
                <Table.Tr key={team.teamId}>
                  <Table.Th scope="row" fw={500}>
                    {team.name}
                  </Table.Th>
                  <FigureCells figures={team} team={team} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Centre</Table.Th>
                <FigureCells figures={queues.data.centre} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollableTable>
      </Paper>

      {teamId !== undefined && (
        <>
          <Group align="flex-end" gap="sm" mb="sm">
            <Select
              label="Queue"
              data={teams.map((team) => ({ value: team.teamId, label: team.name }))}
              value={teamId}
              onChange={(value) => setChosenTeamId(value)}
              allowDeselect={false}
              w={220}
            />
            <Select
              label="Interval"
              data={queueIntervalMinutes.map((m) => ({ value: `${m}`, label: `${m} minutes` }))}
              value={`${minutes}`}
              onChange={(value) => value && setMinutes(Number(value) as QueueIntervalMinutes)}
              allowDeselect={false}
              w={160}
            />
            <Button
              component="a"
              href={queueIntervalsCsvHref(teamId, minutes, range)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Intervals CSV
            </Button>
          </Group>
          {intervals.data ? (
            <Suspense fallback={loading}>
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <QueueCharts figures={intervals.data} />
              </SimpleGrid>
            </Suspense>
          ) : (
            intervals.isPending && loading
          )}
          {/* A range too long for the intervals is the viewer's choice to change: said. */}
          {serverRefusalMessage(intervals.error) && (
            <Text size="sm" c="red.8" role="alert">
              {serverRefusalMessage(intervals.error)}
            </Text>
          )}
        </>
      )}
    </section>
  );
}

/** The queue figures' definitions, in 'About these figures'. */
export function QueueFormulas() {
  return (
    <>
      <Text fw={600} size="sm">
        Queues
      </Text>
      <List size="sm" spacing={6}>
        <List.Item>
          <strong>Service level</strong>: callers answered within the team&apos;s threshold ÷
          callers answered or abandoned. Every abandoned caller counts against it, however soon they
          hung up; callers still waiting are left out.
        </List.Item>
        <List.Item>
          <strong>Avg speed of answer</strong>: the wait from arrival to answer ÷ callers answered.
        </List.Item>
        <List.Item>
          <strong>Avg time to abandon</strong>: the wait from arrival to hanging up ÷ callers
          abandoned.
        </List.Item>
        <List.Item>
          <strong>Agents needed</strong>: the fewest agents Erlang C says meet the team&apos;s
          target at the busiest half hour&apos;s arrival rate (in a chart, each interval&apos;s),
          with the range&apos;s average handle time (talk and after-call work of answered queue
          calls). The centre&apos;s is the teams&apos; sum.
        </List.Item>
      </List>
      <Text size="xs" c="dimmed">
        Callers count by when they arrived.
      </Text>
    </>
  );
}
