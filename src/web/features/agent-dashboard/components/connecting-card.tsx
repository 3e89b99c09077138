import { Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';
import { formatCallTimer } from '../../../../shared/time-format';
import { CALL_START_STAGES } from '../../voice';

/**
 * Spec §2: the connecting screen after an answer, and the outgoing card after a dial, both
 * until `connectDelayMs` after the assistant started. With this tab's assistant starting, a
 * quiet bar follows its start stages (spec §4); a failed stage is never shown (spec §8). The
 * call timer runs from the answer here already (00:00), outside the announced part: a screen
 * reader hears the card once, not every second.
 */
export function ConnectingCard({
  call,
  elapsedSeconds,
  stagesCompleted,
}: {
  call: CurrentCall;
  elapsedSeconds: number;
  stagesCompleted?: number;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4} align="center">
        <Stack gap={4} align="center" role="status">
          <Text size="sm" c="dimmed">
            {call.callType === 'outbound' ? 'Outgoing call' : 'Incoming call'}
          </Text>
          <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPhone(call.phoneNumber)}
          </Text>
          <Loader size="sm" type="dots" aria-hidden />
          <Text>Connecting...</Text>
        </Stack>
        <Text role="timer" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCallTimer(elapsedSeconds)}
        </Text>
        {stagesCompleted !== undefined && (
          <Progress
            w="60%"
            size="xs"
            mt={4}
            aria-label="Assistant start"
            value={
              (Math.min(stagesCompleted, CALL_START_STAGES.length) / CALL_START_STAGES.length) * 100
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
