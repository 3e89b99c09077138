import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { z } from 'zod';
import type { authSessionSchema } from '../../../../shared/schemas/me';
import { FormAlert } from '../../../components/form-alert';
import { serverRefusalMessage } from '../../../lib/api-client';
import { useNotice } from '../../../lib/use-notice';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useOwnSessions } from '../api/get-sessions';
import { deviceName } from '../device-name';
import { ScrollableTable } from '../../../components/scrollable-table';

type OwnSession = z.infer<typeof authSessionSchema>;

export const sessionsMessages = {
  loadFailed: 'Failed to load your sessions',
  sessionEnded: 'Session signed out',
  sessionFailed: 'Failed to sign out the session',
  othersFailed: 'Failed to sign out other sessions',
  noOthers: 'No other sessions were signed in',
} as const;

function othersEnded(count: number) {
  if (count === 0) return sessionsMessages.noOthers;
  return `Signed out ${count} other session${count === 1 ? '' : 's'}`;
}

const addressOf = (session: OwnSession) => session.ip ?? 'an unknown address';

/**
 * 'Nov 20, 2026, 8:00 AM' in the browser's locale. Not lib/format-date nor shared/relative-time:
 * sharing them with this lazy page splits their chunks, and the extra chunk names land in the
 * app's entry, which the agent dashboard's 250 kB budget cannot spare (bench web-app).
 */
function formatMoment(isoDateTime: string) {
  return new Date(isoDateTime).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/**
 * Where you are signed in, for the agent's Profile and the admin's Account page:
 * each session's device, address and times, this device marked; any other can be signed out,
 * or all of them at once. Their pages then send them to sign-in on their next request.
 */
export function SessionsPanel() {
  const sessions = useOwnSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const notice = useNotice();

  // This device first, then the others as the server orders them (most recently used first).
  const sessionsCurrentFirst = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current),
  );
  const otherCount = sessionsCurrentFirst.filter((session) => !session.current).length;
  const isEnding = endSession.isPending || endOthers.isPending;

  function handleEndSession(session: OwnSession) {
    if (isEnding) return;
    notice.clear();
    endSession.mutate(session.id, {
      onSuccess: () => notice.success(sessionsMessages.sessionEnded),
      onError: (error) =>
        notice.error(serverRefusalMessage(error) ?? sessionsMessages.sessionFailed),
    });
  }

  function handleEndOthers() {
    if (isEnding) return;
    notice.clear();
    endOthers.mutate(undefined, {
      onSuccess: (count) => notice.success(othersEnded(count)),
      onError: (error) =>
        notice.error(serverRefusalMessage(error) ?? sessionsMessages.othersFailed),
    });
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Browsers and devices signed in to your account. Signing one out ends it at its next request.
      </Text>
      {notice.notice && <FormAlert tone={notice.notice.tone}>{notice.notice.message}</FormAlert>}
      {sessions.isError && (
        <FormAlert tone="error">
          {sessionsMessages.loadFailed}{' '}
          <Button size="compact-xs" variant="light" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </FormAlert>
      )}
      {sessions.isPending && (
        <Group role="status" aria-label="Loading sessions">
          <Loader size="sm" />
        </Group>
      )}
      {sessions.isSuccess && (
        <ScrollableTable label="Your sessions" minWidth={560}>
          <Table verticalSpacing="sm" aria-label="Your sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>IP address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last active</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessionsCurrentFirst.map((session) => {
                const device = deviceName(session.user_agent);
                return (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" title={session.user_agent ?? undefined}>
                          {device}
                        </Text>
                        {session.current && (
                          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                            This device
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {session.ip ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatMoment(session.created_at)}</Table.Td>
                    <Table.Td>{formatMoment(session.last_seen_at)}</Table.Td>
                    <Table.Td>
                      {!session.current && (
                        <Tooltip label="Sign out">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Sign out session on ${device} from ${addressOf(session)}`}
                            disabled={isEnding}
                            onClick={() => handleEndSession(session)}
                          >
                            <IconLogout size={18} stroke={1.6} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={otherCount === 0 || isEnding}
          onClick={handleEndOthers}
        >
          {endOthers.isPending ? 'Signing out...' : 'Sign out other sessions'}
        </Button>
      </Group>
    </Stack>
  );
}
