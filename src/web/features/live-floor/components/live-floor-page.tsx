import {
  Alert,
  Badge,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, memo, use } from 'react';
import { employeeMessages } from '../../../../shared/messages';
import { displayPhone } from '../../../../shared/phone';
import { agentStatusSchema } from '../../../../shared/schemas/agent';
import {
  type FloorAgent,
  type FloorSortColumn,
  floorSortColumns,
} from '../../../../shared/schemas/floor';
import { type AgentStatus, agentStatuses, statusCatalogue } from '../../../../shared/statuses';
import { formatCallTimer, formatTimer } from '../../../../shared/time-format';
import { ListFooter, ListSearchInput, SortableTh } from '../../../components/list-panel';
import { ReconnectingBanner } from '../../../components/reconnecting-banner';
import { ScrollableTable } from '../../../components/scrollable-table';
import { elapsedSeconds, serverTime } from '../../../lib/clock-offset';
import { CLOCK_TICK_MS } from '../../../lib/timings';
import { type ListParams, useListParams, useUrlParamStore } from '../../../lib/use-list-params';
import { formatCount } from '../../../lib/format-number';
import { useNow } from '../../../lib/use-now';
import {
  type LiveCounts,
  prefetchFloorPage,
  useLiveFloor,
  useStatusCounts,
} from '../api/floor-feed';
import { QueueTiles } from './queue-tiles';

/** The status filter's value in the URL (`status`), beside the list's search, sort and page. */
function statusOf(text: string | null): AgentStatus | undefined {
  const parsed = agentStatusSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The live floor view: the agents in the viewer's scope with their status and time in it, the
 * call in progress and its duration, a page at a time (by username unless sorted), and counts
 * by status of the whole scope — updated over the live socket as it happens, the timers
 * ticking from server timestamps.
 */
export function LiveFloorPage() {
  const store = useUrlParamStore();
  const status = statusOf(store.params.get('status'));
  const withStatus = (listQuery: string) => {
    const query = new URLSearchParams(listQuery);
    if (status) query.set('status', status);
    return query.toString();
  };
  const queryClient = useQueryClient();
  const list = useListParams(floorSortColumns, store, (queryString) =>
    prefetchFloorPage(queryClient, withStatus(queryString)),
  );
  const { floor, liveCounts, liveQueues, isLive, isReconnecting } = useLiveFloor({
    queryString: withStatus(list.queryString),
    sort: list.sort,
    status,
  });
  const page = floor.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>Live Floor</Title>
          <Text c="dimmed">Every agent in your scope, as it happens</Text>
        </div>
        <Badge
          role="status"
          variant="dot"
          color={isLive ? 'green' : 'gray'}
          size="lg"
          aria-live="polite"
        >
          {isLive ? 'Live' : 'Connecting...'}
        </Badge>
      </Group>

      {isReconnecting && <ReconnectingBanner />}
      {floor.isError && !page ? (
        <Alert color="red" title="Failed to load the live floor">
          Check your connection; the page keeps trying.
        </Alert>
      ) : !page ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading the live floor...</Text>
        </Group>
      ) : (
        <>
          <QueueTiles
            liveQueues={liveQueues}
            read={page.queues}
            clockOffsetMs={page.clockOffsetMs}
          />
          <StatusCounts liveCounts={liveCounts} read={page.statusCounts} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <ListSearchInput
              params={list}
              label="Search agents"
              placeholder="Search by username, full name or team"
              style={{ flex: '0 1 420px' }}
            />
            <NativeSelect
              label="Status"
              data={[
                { value: '', label: 'All statuses' },
                ...agentStatuses.map((value) => ({ value, label: statusCatalogue[value].label })),
              ]}
              value={status ?? ''}
              onChange={(event) =>
                store.update({ status: event.currentTarget.value || null, page: null }, true)
              }
            />
          </Group>
          <div aria-busy={floor.isFetching && floor.isPlaceholderData ? true : undefined}>
            <FloorTable
              agents={page.agents}
              list={list}
              clockOffsetMs={page.clockOffsetMs}
              isEmpty={page.total === 0}
            />
          </div>
          {page.total > 0 && (
            <ListFooter
              list={list}
              page={page}
              rows={page.agents.length}
              noun={page.total === 1 ? 'agent' : 'agents'}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function StatusCounts({
  liveCounts,
  read,
}: {
  liveCounts: LiveCounts;
  read: Partial<Record<AgentStatus, number>>;
}) {
  const counts = useStatusCounts(liveCounts, read);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5, xl: 9 }}
      spacing="sm"
      component="ul"
      aria-label="Agents by status"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {agentStatuses.map((status) => {
        const { label, colour } = statusCatalogue[status];
        return (
          <Paper key={status} component="li" withBorder radius="md" p="sm">
            <Group gap={6} wrap="nowrap">
              <StatusDot colour={colour} />
              <Text size="sm" c="dimmed" truncate>
                {label}
              </Text>
            </Group>
            <Text fz="xl" fw={700} aria-label={`${label}: ${formatCount(counts[status] ?? 0)}`}>
              {formatCount(counts[status] ?? 0)}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function StatusDot({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden
      style={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        flex: 'none',
        background: `var(--mantine-color-${colour}-6)`,
      }}
    />
  );
}

/**
 * How far the server’s clock is ahead, for the running times. Each change to a row measures it
 * afresh; held here rather than passed through the rows, so that a change re-renders only its
 * own row and the timers, not every row of the page.
 */
const ClockOffsetContext = createContext(0);

function FloorTable({
  agents,
  list,
  clockOffsetMs,
  isEmpty,
}: {
  agents: readonly FloorAgent[];
  list: Pick<ListParams<FloorSortColumn>, 'sort' | 'toggleSort'>;
  clockOffsetMs: number;
  isEmpty: boolean;
}) {
  return (
    <ScrollableTable label="Agents on the floor" minWidth={760}>
      <Table striped highlightOnHover aria-label="Agents on the floor">
        <Table.Thead>
          <Table.Tr>
            <SortableTh list={list} column="username">
              Agent
            </SortableTh>
            <SortableTh list={list} column="team">
              Team
            </SortableTh>
            <SortableTh list={list} column="status">
              Status
            </SortableTh>
            <SortableTh list={list} column="since">
              Time in Status
            </SortableTh>
            <Table.Th>Current Call</Table.Th>
            <SortableTh list={list} column="call">
              Call Duration
            </SortableTh>
            <SortableTh list={list} column="softphone">
              Softphone
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <ClockOffsetContext value={clockOffsetMs}>
            {agents.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md">
                    {isEmpty ? 'No agents in your scope yet' : 'No agents match your search'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              agents.map((agent) => <FloorRow key={agent.id} agent={agent} />)
            )}
          </ClockOffsetContext>
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

/**
 * A running time in its own text: it alone re-renders each second (one ticker for the page),
 * not the table around it.
 */
function RunningTime({ since, format }: { since: string; format: (seconds: number) => string }) {
  const clockOffsetMs = use(ClockOffsetContext);
  const now = useNow(CLOCK_TICK_MS);
  return format(elapsedSeconds(Date.parse(since), serverTime(clockOffsetMs, now.getTime())));
}

/** The socket keeps an unchanged agent the same object, so its row skips a re-render. */
const FloorRow = memo(function FloorRow({ agent }: { agent: FloorAgent }) {
  const { label, colour } = statusCatalogue[agent.status];
  const { call } = agent;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{agent.fullName ?? agent.username}</Text>
        <Text size="sm" c="dimmed">
          @{agent.username}
        </Text>
      </Table.Td>
      <Table.Td>{agent.teamName ?? employeeMessages.noTeam}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <StatusDot colour={colour} />
          <Text>{label}</Text>
        </Group>
      </Table.Td>
      <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
        {agent.since ? <RunningTime since={agent.since} format={formatTimer} /> : '—'}
      </Table.Td>
      <Table.Td>
        {call ? (
          <>
            <Text>{displayPhone(call.phoneNumber)}</Text>
            <Text size="sm" c="dimmed">
              {call.phase === 'ringing'
                ? 'Ringing'
                : call.callType === 'outbound'
                  ? 'Outbound'
                  : 'Inbound'}
            </Text>
          </>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
        {call ? <RunningTime since={call.since} format={formatCallTimer} /> : '—'}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={agent.isConnected ? 'green' : 'gray'}>
          {agent.isConnected ? 'Online' : 'Offline'}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
});
