import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { displayPhone } from '../../../../shared/phone';
import { formatDuration, formatEasternTime } from '../../../../shared/time-format';
import { AppModal } from '../../../components/app-modal';
import { useCallDetails } from '../api/call-details';
import { capitalise } from './status-colour';
import { TranscriptLines } from './transcript-lines';
import { InfoItem } from './active-call-modal';
import classes from './grids.module.css';

/**
 * One call of a call log in full: what the log shows, the notes, the wrap-up code and the
 * transcript, as the server keeps them at `detailsPath`; the agent's lines are `agentLabel`'s.
 */
export function CallDetailsDialog({
  detailsPath,
  agentLabel,
  onClose,
}: {
  detailsPath: string;
  agentLabel: string;
  onClose: () => void;
}) {
  const details = useCallDetails(detailsPath);
  const call = details.data;
  return (
    <AppModal opened onClose={onClose} title="Call details" centered size="lg">
      {details.isPending ? (
        <Group role="status" aria-label="Loading the call" justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : !call ? (
        <Alert color="red" role="alert">
          The call could not be loaded.
        </Alert>
      ) : (
        <Stack gap="md">
          <dl className={classes.callInformation}>
            <InfoItem term="Phone Number" value={displayPhone(call.phoneNumber)} />
            <InfoItem term="Call Type" value={capitalise(call.callType)} />
            <InfoItem term="Time Received" value={formatEasternTime(call.timeReceived)} />
            <InfoItem term="Call Status" value={capitalise(call.callStatus)} />
            <InfoItem
              term="Call Duration"
              value={call.durationSeconds === null ? '—' : formatDuration(call.durationSeconds)}
            />
            <InfoItem term="Wrap-up Code" value={call.wrapUpCode?.name ?? '—'} />
          </dl>
          <section aria-label="Notes">
            <Title order={3} size="h5" mb={4}>
              Notes
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {call.notes || '—'}
            </Text>
          </section>
          <section aria-label="Transcript">
            <Title order={3} size="h5" mb={4}>
              Transcript
            </Title>
            {call.transcript.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing was transcribed on this call.
              </Text>
            ) : (
              <TranscriptLines lines={call.transcript} agentLabel={agentLabel} />
            )}
          </section>
        </Stack>
      )}
    </AppModal>
  );
}
