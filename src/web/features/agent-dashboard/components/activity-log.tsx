import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { IconPhoneIncoming, IconPhoneOutgoing } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { displayPhone } from '../../../../shared/phone';
import type { CallLogEntry, CallOutcome } from '../../../../shared/schemas/agent';
import { formatDuration, formatEasternTime } from '../../../../shared/time-format';
import { useCallLog } from '../api/get-call-log';
import { capitalise } from './status-colour';
import { ScrollableTable } from '../../../components/scrollable-table';

const COLUMNS = [
  'Phone Number',
  'Call Type',
  'Time Received',
  'Call Status',
  'Call Duration',
  'Wrap-up Code',
];

/** The same colours as the admins' Call Distribution (spec §2). */
const outcomeColours: Record<CallOutcome, string> = {
  answered: 'green',
  declined: 'red',
  missed: 'orange',
};

/**
 * Spec §2 'Activity Log': the latest 10 calls, Eastern time, refreshed on every live event.
 * A load error is only logged (spec §8); the last rows stay.
 */
export function ActivityLog() {
  const headingId = useId();
  const callLog = useCallLog();
  const calls = callLog.data?.calls;

  useEffect(() => {
    if (callLog.error) console.error('The activity log could not be loaded', callLog.error);
  }, [callLog.error]);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Title id={headingId} order={3} size="h4" mb="sm">
        Activity Log
      </Title>
      <ScrollableTable label="Activity Log" minWidth={680}>
        <Table
          aria-labelledby={headingId}
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calls?.map((call) => (
              <CallRow key={call.id} call={call} />
            ))}
            {calls?.length === 0 && <MessageRow>No call activity yet</MessageRow>}
            {!calls && <MessageRow>{callLog.isPending ? 'Loading activity...' : '—'}</MessageRow>}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </Paper>
  );
}

function CallRow({ call }: { call: CallLogEntry }) {
  const TypeIcon = call.callType === 'inbound' ? IconPhoneIncoming : IconPhoneOutgoing;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayPhone(call.phoneNumber)}</Table.Td>
      <Table.Td>
        <Text span size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <TypeIcon size={16} aria-hidden />
          {capitalise(call.callType)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEasternTime(call.timeReceived)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={outcomeColours[call.callStatus]} tt="none" miw="max-content">
          {capitalise(call.callStatus)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {call.durationSeconds === null ? (
          // Only an answered call is still going without a duration; a declined or missed one
          // never had any.
          <span title={call.callStatus === 'answered' ? 'In progress' : undefined}>—</span>
        ) : (
          formatDuration(call.durationSeconds)
        )}
      </Table.Td>
      <Table.Td>{call.wrapUpCode?.name ?? '—'}</Table.Td>
    </Table.Tr>
  );
}

function MessageRow({ children }: { children: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length}>
        {/* Left on a phone, where the table scrolls sideways and its centre is off screen. */}
        <Text c="dimmed" ta={{ base: 'left', sm: 'center' }} py="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
