import { Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import type { TranscriptLine } from '../../../../shared/schemas/agent';
import { useVoiceCall } from '../hooks/call-controls';

/** Who said a line: the caller, or the agent ('You' as they read it themselves). */
export const speakerLabel = (speaker: TranscriptLine['speaker'], agent = 'You') =>
  speaker === 'caller' ? 'Caller' : agent;

/**
 * The call's live transcript (spec §8 'Softphone'), newest at the bottom, under the practice
 * caller's scenario when the offline assistant plays the caller. Nothing shows when this tab
 * has no assistant for the call, or it failed to start.
 */
export function CallTranscript({ callId }: { callId: string }) {
  const voice = useVoiceCall(callId);
  const headingId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const lineCount = voice?.transcript.length ?? 0;

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lineCount]);

  // Without an assistant (it failed to start) there is nothing to transcribe.
  if (!voice || voice.phase === 'failed') return null;
  return (
    <Paper withBorder radius="md" p="sm" w="100%">
      {voice.scenario && (
        <Text size="sm" mb={4}>
          <Text span fw={600}>
            Practice caller:
          </Text>{' '}
          {voice.scenario}
        </Text>
      )}
      <Text id={headingId} size="sm" fw={600} mb={4}>
        Transcript
      </Text>
      {/* The scrolling viewport is the log itself, focusable so the keyboard can scroll it. */}
      <ScrollArea.Autosize
        mah={160}
        viewportRef={viewport}
        viewportProps={{
          role: 'log',
          'aria-live': 'polite',
          'aria-labelledby': headingId,
          tabIndex: 0,
        }}
      >
        <Stack gap={2}>
          {voice.transcript.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing said yet.
            </Text>
          ) : (
            voice.transcript.map((line, index) => (
              <Text key={index} size="sm" c={line.isFinal ? undefined : 'dimmed'}>
                <Text span fw={600}>
                  {speakerLabel(line.speaker)}:
                </Text>{' '}
                {line.text}
              </Text>
            ))
          )}
        </Stack>
      </ScrollArea.Autosize>
      {voice.provider === 'local' && (
        <Text size="xs" c="dimmed" mt={4}>
          Offline there is no speech recognition: your turns show how long you spoke.
        </Text>
      )}
    </Paper>
  );
}
