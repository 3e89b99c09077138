import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import { formatPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';
import { formatCallTimer } from '../../../../shared/time-format';
import { useCallControls } from '../hooks/call-controls';
import { CallControlButtons } from './call-control-buttons';

interface ActiveCallCardProps {
  call: CurrentCall;
  elapsedSeconds: number;
  isBusy: boolean;
  /** Ends the call; `onEnded` runs once the server has ended it. */
  onEnd: (onEnded: () => void) => void;
}

/** Spec §2 'Interactions': number, mm:ss, 'On Hold', Mute/Unmute, Hold/Resume, End Call. */
export function ActiveCallCard({ call, elapsedSeconds, isBusy, onEnd }: ActiveCallCardProps) {
  const controls = useCallControls(call.id);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" align="center">
        <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPhone(call.phoneNumber)}
        </Text>
        <Text role="timer" fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCallTimer(elapsedSeconds)}
        </Text>
        {controls.isHeld && (
          <Badge color="yellow" autoContrast size="lg">
            On Hold
          </Badge>
        )}
        <Group gap="xs" justify="center">
          <CallControlButtons controls={controls} />
          <Button
            color="red"
            leftSection={<IconPhoneOff size={16} aria-hidden />}
            disabled={isBusy}
            onClick={() => onEnd(controls.reset)}
          >
            End Call
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
