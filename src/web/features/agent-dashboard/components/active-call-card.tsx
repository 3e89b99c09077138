import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { displayPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';
import { formatCallTimer } from '../../../../shared/time-format';
import { useCallControls } from '../hooks/call-controls';
import { CallAudioOnDemand } from './call-audio-on-demand';
import { CallControlButtons } from './call-control-buttons';
import { CallTranscript } from './call-transcript';
import { EndCallButton } from './end-call-button';

interface ActiveCallCardProps {
  call: CurrentCall;
  elapsedSeconds: number;
  isBusy: boolean;
  /** Ends the call; true once the server has ended it. */
  onEnd: () => Promise<boolean>;
}

/** Spec §2 'Interactions': number, mm:ss, 'On Hold', Mute/Unmute, Hold/Resume, End Call. */
export function ActiveCallCard({ call, elapsedSeconds, isBusy, onEnd }: ActiveCallCardProps) {
  const controls = useCallControls(call.id);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" align="center">
        <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {displayPhone(call.phoneNumber)}
        </Text>
        <Text role="timer" fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCallTimer(elapsedSeconds)}
        </Text>
        {controls.isHeld && (
          <Badge color="yellow" autoContrast size="lg" tt="none">
            On Hold
          </Badge>
        )}
        <Group gap="xs" justify="center">
          <CallControlButtons controls={controls} />
          <EndCallButton
            isBusy={isBusy}
            onEnd={async () => {
              if (await onEnd()) controls.reset();
            }}
          />
        </Group>
        <CallAudioOnDemand callId={call.id} controls={controls} />
        <CallTranscript callId={call.id} />
      </Stack>
    </Paper>
  );
}
