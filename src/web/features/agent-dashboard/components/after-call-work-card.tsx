import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatPhone } from '../../../../shared/phone';
import type { CallLogEntry } from '../../../../shared/schemas/agent';
import { formatDuration } from '../../../../shared/time-format';
import { useCallLog } from '../api/get-call-log';
import { useMyWrapUp, useSaveWrapUpCode } from '../api/wrap-up';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';
import { useCallNotes } from '../hooks/use-call-notes';
import { CallNotesField } from './call-notes-field';

/**
 * After Call Work: the call just ended (the agent's latest, answered), its notes saved as
 * typed and its wrap-up code saved when chosen. Nothing while the Activity Log is loading or
 * its latest call is not an answered one.
 */
export function AfterCallWork() {
  const { data } = useCallLog();
  const latest = data?.calls[0];
  if (latest?.callStatus !== 'answered') return null;
  // A call of its own: the fields start from what that call has.
  return <AfterCallWorkCard key={latest.id} call={latest} />;
}

function AfterCallWorkCard({ call }: { call: CallLogEntry }) {
  const headingId = useId();
  const { data: wrapUp } = useMyWrapUp();
  const notes = useCallNotes(call.id, call.notes);
  const saveCode = useSaveWrapUpCode();
  const codes = wrapUp?.codes ?? [];
  // A code turned off since it was chosen still shows as chosen.
  const options = [
    ...codes.map((code) => ({ value: code.id, label: code.name })),
    ...(call.wrapUpCode && !codes.some((code) => code.id === call.wrapUpCode!.id)
      ? [{ value: call.wrapUpCode.id, label: call.wrapUpCode.name }]
      : []),
  ];
  const limit = wrapUp?.afterCallLimitSeconds;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title id={headingId} order={4} size="h5">
          After Call Work
        </Title>
        <Text size="sm">
          <Text span fw={600}>
            {formatPhone(call.phoneNumber)}
          </Text>
          {' · '}
          {call.callType === 'inbound' ? 'Inbound' : 'Outbound'} call of{' '}
          {formatDuration(call.durationSeconds ?? 0)}
        </Text>
        {codes.length > 0 || call.wrapUpCode ? (
          <Select
            label="Wrap-up code"
            placeholder="Choose a code"
            data={options}
            value={
              saveCode.isPending ? saveCode.variables.wrapUpCodeId : (call.wrapUpCode?.id ?? null)
            }
            onChange={(id) => saveCode.mutate({ callId: call.id, wrapUpCodeId: id })}
            clearable={!wrapUp?.required}
            allowDeselect={!wrapUp?.required}
            description={
              wrapUp?.required ? 'Your team requires a code before you change status' : undefined
            }
            error={
              saveCode.error
                ? softphoneErrorMessage(saveCode.error, softphoneFallbacks.saveWrapUpCode)
                : undefined
            }
          />
        ) : null}
        <CallNotesField label="Notes" notes={notes} />
        {limit ? (
          <Text size="xs" c="dimmed">
            After Call Work ends by itself after {formatDuration(limit)}: you are then Available.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
