import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconClock,
  IconPhone,
  IconPhoneCheck,
  IconPhoneOff,
  IconPhoneX,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { formatDuration } from '../../../../shared/time-format';
import { type FiguresStatus, StatCard } from '../../../components/stat-card';
import { useAgentToday } from '../api/get-agent-today';

/**
 * The portal's Analytics page: the agent's own calls today (the call centre's day) — totals
 * by outcome and time on calls. It refreshes itself on every live event.
 */
export function AgentAnalyticsPage() {
  const today = useAgentToday();
  const figures = today.data;
  const status: FiguresStatus = figures ? 'ready' : today.isError ? 'failed' : 'loading';

  useEffect(() => {
    // Spec §8: analytics load errors are logged, never shown.
    if (today.error) console.error("Today's figures could not be loaded", today.error);
  }, [today.error]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Analytics</Title>
        <Text c="dimmed">Your calls today</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
        <StatCard
          title="Total Calls"
          icon={IconPhone}
          color="blue"
          status={status}
          value={figures?.calls}
        />
        <StatCard
          title="Answered"
          icon={IconPhoneCheck}
          color="green"
          status={status}
          value={figures?.answered}
        />
        <StatCard
          title="Declined"
          icon={IconPhoneX}
          color="red"
          status={status}
          value={figures?.declined}
        />
        <StatCard
          title="Not Answered"
          icon={IconPhoneOff}
          color="orange"
          status={status}
          value={figures?.missed}
        />
        <StatCard
          title="Talk Time"
          icon={IconClock}
          color="violet"
          status={status}
          value={figures && formatDuration(figures.talkSeconds)}
        />
      </SimpleGrid>
    </Stack>
  );
}
