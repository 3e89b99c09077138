import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { FloorQueue } from '../../../../shared/schemas/floor';
import { formatCallTimer } from '../../../../shared/time-format';
import { elapsedSeconds, serverTime } from '../../../lib/clock-offset';
import { formatCount, formatPercentage } from '../../../lib/format-number';
import { CLOCK_TICK_MS } from '../../../lib/timings';
import { useNow } from '../../../lib/use-now';
import { type LiveQueues, useQueues } from '../api/floor-feed';

/**
 * A tile per team queue in the viewer's scope: callers waiting and the longest wait (ticking
 * from the server's timestamp), today's service level against the team's target, speed of
 * answer, and agents. Nothing when no team in scope runs a queue.
 */
export function QueueTiles({
  liveQueues,
  read,
  clockOffsetMs,
}: {
  liveQueues: LiveQueues;
  read: readonly FloorQueue[];
  clockOffsetMs: number;
}) {
  const queues = useQueues(liveQueues, read);
  if (queues.length === 0) return null;
  return (
    <section aria-labelledby="floor-queues-heading">
      <Title order={3} size="h4" id="floor-queues-heading" mb="xs">
        Queues
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
        {queues.map((queue) => (
          <QueueTile key={queue.teamId} queue={queue} clockOffsetMs={clockOffsetMs} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function QueueTile({ queue, clockOffsetMs }: { queue: FloorQueue; clockOffsetMs: number }) {
  const level = queue.serviceLevelPercent;
  const belowTarget = level !== null && level < queue.serviceLevelTargetPercent;
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-label={`${queue.teamName} queue`}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} truncate>
          {queue.teamName}
        </Text>
        {queue.mode === 'per-agent' && (
          <Text size="xs" c="dimmed">
            Back to per agent: answering who still waits
          </Text>
        )}
      </Group>
      <SimpleGrid cols={3} spacing="xs" component="dl" style={{ margin: 0 }}>
        <Figure label="Calls waiting">{formatCount(queue.callsWaiting)}</Figure>
        <Figure label="Longest wait">
          {queue.oldestArrivedAt ? (
            <LongestWait since={queue.oldestArrivedAt} clockOffsetMs={clockOffsetMs} />
          ) : (
            '—'
          )}
        </Figure>
        <Figure
          label="Service level"
          detail={`Target ${formatPercentage(queue.serviceLevelTargetPercent)} in ${queue.serviceLevelSeconds} s${belowTarget ? ' — below target' : ''}`}
          isBad={belowTarget}
        >
          {level === null ? '—' : formatPercentage(level)}
        </Figure>
        <Figure label="Speed of answer" detail="Today's average">
          {queue.speedOfAnswerSeconds === null
            ? '—'
            : `${formatCount(Math.round(queue.speedOfAnswerSeconds))} s`}
        </Figure>
        <Figure label="Agents available">{formatCount(queue.agentsAvailable)}</Figure>
        <Figure
          label="Agents needed"
          detail={queue.agentsNeeded === null ? 'After a handled call' : 'Erlang C, last hour'}
        >
          {queue.agentsNeeded === null ? '—' : formatCount(queue.agentsNeeded)}
        </Figure>
      </SimpleGrid>
    </Paper>
  );
}

function Figure({
  label,
  detail,
  isBad = false,
  children,
}: {
  label: string;
  detail?: string;
  isBad?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        component="dd"
        fz="lg"
        fw={700}
        m={0}
        c={isBad ? 'red.8' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {children}
      </Text>
      {detail && (
        <Text component="dd" size="xs" c="dimmed" m={0}>
          {detail}
        </Text>
      )}
    </div>
  );
}

/** The wait of the caller waiting longest, ticking: it alone re-renders each second. */
function LongestWait({ since, clockOffsetMs }: { since: string; clockOffsetMs: number }) {
  const now = useNow(CLOCK_TICK_MS);
  return formatCallTimer(
    elapsedSeconds(Date.parse(since), serverTime(clockOffsetMs, now.getTime())),
  );
}
