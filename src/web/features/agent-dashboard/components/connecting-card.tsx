import { Loader, Paper, Stack, Text } from '@mantine/core';
import { formatPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';

/**
 * Spec §2: the connecting screen after an answer, and the outgoing card after a dial, both
 * until `answeredAt` + `connectDelayMs`.
 */
export function ConnectingCard({ call }: { call: CurrentCall }) {
  return (
    <Paper withBorder radius="md" p="md" role="status">
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {call.callType === 'outbound' ? 'Outgoing call' : 'Incoming call'}
        </Text>
        <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPhone(call.phoneNumber)}
        </Text>
        <Loader size="sm" type="dots" aria-hidden />
        <Text>Connecting...</Text>
      </Stack>
    </Paper>
  );
}
