import { employeeMessages } from '../../../../shared/messages';
import {
  Alert,
  Badge,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { displayPhone } from '../../../../shared/phone';
import type { FloorAgent } from '../../../../shared/schemas/floor';
import { agentStatuses, statusCatalogue } from '../../../../shared/statuses';
import { formatCallTimer, formatTimer } from '../../../../shared/time-format';
import { ReconnectingBanner } from '../../../components/reconnecting-banner';
import { elapsedSeconds, serverTime } from '../../../lib/clock-offset';
import { CLOCK_TICK_MS } from '../../../lib/timings';
import { useNow } from '../../../lib/use-now';
import { useLiveFloor } from '../api/floor-feed';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';
import { ScrollableTable } from '../../../components/scrollable-table';

/** Matches the search on username or full name, as the other admin lists do. */
function matches(agent: FloorAgent, search: string) {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    agent.username.toLowerCase().includes(needle) ||
    (agent.fullName?.toLowerCase().includes(needle) ?? false)
  );
}

/**
 * The live floor view: every agent in the viewer's scope with their status and time
 * in it, the call in progress and its duration, and counts by status — updated over the live
 * socket as it happens, the timers ticking from server timestamps.
 */
export function LiveFloorPage() {
  const { floor, isLive, isReconnecting } = useLiveFloor();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const now = useNow(CLOCK_TICK_MS);
  const agents = floor.data?.agents ?? [];
  const serverNow = serverTime(floor.data?.clockOffsetMs ?? 0, now.getTime());
  const shown = agents.filter((agent) => matches(agent, deferredSearch));

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
      {floor.isError && !floor.data ? (
        <Alert color="red" title="Failed to load the live floor">
          Check your connection; the page keeps trying.
        </Alert>
      ) : !floor.data ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading the live floor...</Text>
        </Group>
      ) : (
        <>
          <StatusCounts agents={agents} />
          <TextInput
            label="Search agents"
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search by username or full name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={420}
          />
          <FloorTable agents={shown} serverNow={serverNow} isEmpty={agents.length === 0} />
          <Text size="sm" c="dimmed">
            Showing {shown.length} of {agents.length} {agents.length === 1 ? 'agent' : 'agents'}
          </Text>
        </>
      )}
    </Stack>
  );
}

function StatusCounts({ agents }: { agents: readonly FloorAgent[] }) {
  const counts = new Map<string, number>();
  for (const agent of agents) counts.set(agent.status, (counts.get(agent.status) ?? 0) + 1);
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
            <Text fz="xl" fw={700} aria-label={`${label}: ${counts.get(status) ?? 0}`}>
              {counts.get(status) ?? 0}
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

function FloorTable({
  agents,
  serverNow,
  isEmpty,
}: {
  agents: readonly FloorAgent[];
  serverNow: number;
  isEmpty: boolean;
}) {
  return (
    <ScrollableTable label="Agents on the floor" minWidth={760}>
      <Table striped highlightOnHover aria-label="Agents on the floor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Time in Status</Table.Th>
            <Table.Th>Current Call</Table.Th>
            <Table.Th>Call Duration</Table.Th>
            <Table.Th>Softphone</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agents.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" ta="center" py="md">
                  {isEmpty ? 'No agents in your scope yet' : 'No agents match your search'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            agents.map((agent) => <FloorRow key={agent.id} agent={agent} serverNow={serverNow} />)
          )}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

function FloorRow({ agent, serverNow }: { agent: FloorAgent; serverNow: number }) {
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
        {agent.since ? formatTimer(elapsedSeconds(Date.parse(agent.since), serverNow)) : '—'}
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
        {call ? formatCallTimer(elapsedSeconds(Date.parse(call.since), serverNow)) : '—'}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={agent.isConnected ? 'green' : 'gray'}>
          {agent.isConnected ? 'Online' : 'Offline'}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
