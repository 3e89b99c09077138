import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { formatPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';
import { formatCallTimer, formatDuration } from '../../../../shared/time-format';
import { elapsedSeconds } from '../../../lib/clock-offset';
import type { UnsavedNotes } from '../api/get-agent-state';
import { useCallControls } from '../hooks/call-controls';
import { useCallActions } from '../hooks/use-call-actions';
import { useCallNotes } from '../hooks/use-call-notes';
import { type ServerClock, useServerNow } from '../hooks/use-server-now';
import { CallAudioOnDemand } from './call-audio-on-demand';
import { CallControlButtons } from './call-control-buttons';
import { callTimeBase } from './call-view';
import { CallNoticeAlert } from './call-notice-alert';
import { CallNotesField } from './call-notes-field';
import { CallTranscript } from './call-transcript';
import { EndCallButton } from './end-call-button';
import classes from './grids.module.css';

interface ActiveCallModalProps {
  call: CurrentCall;
  clock: ServerClock;
  /** Notes of this call that failed to save after the modal last closed. */
  unsavedNotes?: UnsavedNotes;
  onClose: () => void;
}

/**
 * Spec §2 'Employee portal shell': the Active Call dialog — timer, Mute/Unmute, Hold/Resume,
 * End Call and Close; the call's number, duration and Connected/On Hold; and its notes, saved
 * with the call. End Call saves the notes first, then ends the call and closes.
 */
export function ActiveCallModal({ call, clock, unsavedNotes, onClose }: ActiveCallModalProps) {
  // Counted from the answer, as in the Interactions panel (see callView).
  const answeredAt = callTimeBase(call);
  const serverNow = useServerNow(clock, { countsFrom: answeredAt });
  const controls = useCallControls(call.id);
  const actions = useCallActions(call.id);
  const notes = useCallNotes(call.id, call.notes, unsavedNotes);
  const duration = elapsedSeconds(answeredAt, serverNow);

  // The notes are saved first: End Call waits for any save under way, then sends the latest.
  // Notes too long to save keep the call going until they are shortened (the field says so).
  async function handleEndCall() {
    if (!(await notes.flush())) return;
    if (await actions.end(call.id)) {
      controls.reset();
      onClose();
    }
  }

  return (
    <AppModal
      opened
      onClose={onClose}
      title="Active Call"
      withCloseButton={false}
      centered
      size="lg"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <CallNoticeAlert notice={actions.notice} />
        <Text
          role="timer"
          ta="center"
          fz={40}
          fw={700}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCallTimer(duration)}
        </Text>
        <Group justify="center" gap="xs">
          <CallControlButtons controls={controls} />
          <EndCallButton isBusy={actions.isBusy} onEnd={handleEndCall} />
        </Group>

        <Paper component="section" aria-label="Call information" withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            Call Information
          </Title>
          <dl className={classes.callInformation}>
            <InfoItem term="Phone Number" value={formatPhone(call.phoneNumber)} />
            <InfoItem term="Duration" value={formatDuration(duration)} />
            <InfoItem term="Status" value={controls.isHeld ? 'On Hold' : 'Connected'} />
          </dl>
        </Paper>

        <CallAudioOnDemand callId={call.id} controls={controls} />
        <CallTranscript callId={call.id} />

        <CallNotesField label="Call notes" notes={notes} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** One term of a call's information list. */
export function InfoItem({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0}>
        {value}
      </Text>
    </div>
  );
}
