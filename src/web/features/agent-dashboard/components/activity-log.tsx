import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { IconPhoneIncoming, IconPhoneOutgoing } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { displayPhone } from '../../../../shared/phone';
import type { CallLogEntry, CallOutcome } from '../../../../shared/schemas/agent';
import { formatDuration, formatEasternTime } from '../../../../shared/time-format';
import { useCallLog } from '../api/get-call-log';
import { agentCallPath } from '../api/wrap-up';
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

// A call's details come with their first opening, not with the softphone.
const CallDetailsDialog = lazy(() =>
  import('./call-details-dialog').then((module) => ({ default: module.CallDetailsDialog })),
);

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

  useEffect(() => {
    if (callLog.error) console.error('The activity log could not be loaded', callLog.error);
  }, [callLog.error]);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Title id={headingId} order={3} size="h4" mb="sm">
        Activity Log
      </Title>
      <CallLogTable
        label="Activity Log"
        labelledBy={headingId}
        calls={callLog.data?.calls}
        isPending={callLog.isPending}
        detailsPathOf={agentCallPath}
      />
    </Paper>
  );
}

/**
 * A call log's table, as the Activity Log shows it; a call's number opens its details (notes,
 * wrap-up code, transcript) from `detailsPathOf(callId)`, the agent's lines named `agentLabel`.
 */
export function CallLogTable({
  label,
  labelledBy,
  calls,
  isPending,
  detailsPathOf,
  agentLabel = 'You',
}: {
  label: string;
  labelledBy: string;
  calls: CallLogEntry[] | undefined;
  isPending: boolean;
  detailsPathOf: (callId: string) => string;
  agentLabel?: string;
}) {
  const [openCallId, setOpenCallId] = useState<string | null>(null);
  return (
    <>
      <ScrollableTable label={label} minWidth={680}>
        <Table
          aria-labelledby={labelledBy}
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
              <CallRow key={call.id} call={call} onOpen={() => setOpenCallId(call.id)} />
            ))}
            {calls?.length === 0 && <MessageRow>No call activity yet</MessageRow>}
            {!calls && <MessageRow>{isPending ? 'Loading activity...' : '—'}</MessageRow>}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
      {openCallId && (
        <Suspense>
          <CallDetailsDialog
            detailsPath={detailsPathOf(openCallId)}
            agentLabel={agentLabel}
            onClose={() => setOpenCallId(null)}
          />
        </Suspense>
      )}
    </>
  );
}

function CallRow({ call, onOpen }: { call: CallLogEntry; onOpen: () => void }) {
  const TypeIcon = call.callType === 'inbound' ? IconPhoneIncoming : IconPhoneOutgoing;
  const phone = displayPhone(call.phoneNumber);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onOpen}
          // The cell's text stays the number; what the button does is its description.
          title="Call details"
        >
          {phone}
        </Anchor>
      </Table.Td>
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
