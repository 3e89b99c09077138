import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPhone, IconPhoneOff } from '@tabler/icons-react';
import { formatPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';
import { INCOMING_CALL_BACKGROUND } from '../../../lib/theme-variables';
import { RINGTONE_BLOCKED_TEXT, useRingtone } from '../hooks/use-ringtone';
import { shortcut } from '../shortcuts';

/** Screen readers hear the countdown in steps of this many seconds, not every second. */
const ANNOUNCE_EVERY_SECONDS = 5;

interface IncomingCallCardProps {
  call: CurrentCall;
  secondsLeft: number;
  isBusy: boolean;
  onAnswer: () => void;
  onDecline: () => void;
}

/**
 * Spec §2 and §4 'Incoming call': the number, 'Incoming call...', the countdown to the
 * server's ring deadline, Decline and Answer. The ringtone loops while the countdown runs.
 * The call itself is announced by the shell's IncomingCallAnnouncer; the countdown region
 * here is announced as it steps down.
 */
export function IncomingCallCard({
  call,
  secondsLeft,
  isBusy,
  onAnswer,
  onDecline,
}: IncomingCallCardProps) {
  // At the deadline the ring is over, whether or not the server's 'missed' has arrived yet.
  const isRingtoneBlocked = useRingtone(secondsLeft > 0);
  const phoneNumber = formatPhone(call.phoneNumber);
  const announced = Math.ceil(secondsLeft / ANNOUNCE_EVERY_SECONDS) * ANNOUNCE_EVERY_SECONDS;
  return (
    <Paper
      role="group"
      aria-label={`Incoming call from ${phoneNumber}`}
      withBorder
      radius="md"
      p="md"
      bg={`var(${INCOMING_CALL_BACKGROUND})`}
    >
      <Stack gap={4} align="center">
        <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {phoneNumber}
        </Text>
        <Text c="dimmed">Incoming call...</Text>
        <Text
          role="timer"
          fz={28}
          fw={700}
          c="green"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {secondsLeft}s
        </Text>
        <VisuallyHidden aria-live="polite">{`${announced} seconds left to answer`}</VisuallyHidden>
        <Group mt="xs">
          <Button
            color="red"
            leftSection={<IconPhoneOff size={16} aria-hidden />}
            disabled={isBusy}
            onClick={onDecline}
            {...shortcut('decline')}
          >
            Decline
          </Button>
          <Button
            color="green"
            leftSection={<IconPhone size={16} aria-hidden />}
            disabled={isBusy}
            onClick={onAnswer}
            {...shortcut('answer')}
          >
            Answer
          </Button>
        </Group>
        {isRingtoneBlocked && (
          <Text size="sm" mt={4}>
            {RINGTONE_BLOCKED_TEXT}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
