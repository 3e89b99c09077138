import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  EmployeeAnalyticsDetailView,
  RangeControl,
  TrendsPanel,
  analyticsMessages,
  trendsQueryKey,
  useAnalyticsRange,
} from '../../analytics';
import { useAgentAnalytics } from '../api/get-agent-analytics';

/**
 * The portal's Analytics page: the agent's own figures — the same employee detail an admin
 * sees, without Delete or close. It starts at today, the shift the agent is in; the
 * range is in the URL. It refreshes itself on every live event.
 */
export function AgentAnalyticsPage() {
  const range = useAnalyticsRange('today');
  const analytics = useAgentAnalytics(range.apiParams);
  const [isRefreshing, setRefreshing] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Spec §8: analytics load errors are logged, never shown.
    if (analytics.error) console.error('Your analytics could not be loaded', analytics.error);
  }, [analytics.error]);

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        analytics.refetch(),
        queryClient.invalidateQueries({ queryKey: trendsQueryKey('own') }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Analytics</Title>
        <Text c="dimmed">Your calls and status time</Text>
      </div>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void refresh()}
          disabled={isRefreshing}
        >
          {isRefreshing ? analyticsMessages.refreshing : 'Refresh'}
        </Button>
        <RangeControl
          selection={range.selection}
          onChange={range.setSelection}
          shown={analytics.isPlaceholderData ? undefined : analytics.data?.range}
        />
      </Group>
      {analytics.data ? (
        <EmployeeAnalyticsDetailView
          detail={analytics.data}
          below={<TrendsPanel scope="own" range={range.apiParams} titleOrder={4} />}
        />
      ) : (
        analytics.isPending && (
          <Text c="dimmed" ta="center" py="xl" role="status">
            {analyticsMessages.loading}
          </Text>
        )
      )}
    </Stack>
  );
}
