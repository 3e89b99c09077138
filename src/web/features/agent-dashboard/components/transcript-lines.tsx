import { Stack, Text } from '@mantine/core';
import type { TranscriptLine } from '../../../../shared/schemas/agent';
import { formatEasternTime } from '../../../../shared/time-format';
import { speakerLabel } from './call-transcript';

/**
 * A saved transcript, each line with who said it and when (Eastern time, as the log); the
 * agent's lines are `agentLabel`'s.
 */
export function TranscriptLines({
  lines,
  agentLabel,
}: {
  lines: readonly TranscriptLine[];
  agentLabel: string;
}) {
  return (
    <Stack gap={2} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {lines.map((line, index) => (
        <Text key={index} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="xs">
            {formatEasternTime(line.at)}
          </Text>{' '}
          <Text span fw={600}>
            {speakerLabel(line.speaker, agentLabel)}:
          </Text>{' '}
          {line.text}
        </Text>
      ))}
    </Stack>
  );
}
