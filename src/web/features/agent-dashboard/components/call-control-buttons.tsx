import { Button, Group } from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import type { CallControls } from '../hooks/call-controls';

/** Mute/Unmute and Hold/Resume (spec §2), shared by the Interactions panel and the modal. */
export function CallControlButtons({ controls }: { controls: CallControls }) {
  const { isMuted, isHeld, toggleMute, toggleHold } = controls;
  return (
    <Group gap="xs">
      <Button
        variant={isMuted ? 'filled' : 'default'}
        color={isMuted ? 'orange' : undefined}
        aria-pressed={isMuted}
        leftSection={
          isMuted ? (
            <IconMicrophoneOff size={16} aria-hidden />
          ) : (
            <IconMicrophone size={16} aria-hidden />
          )
        }
        onClick={toggleMute}
      >
        {isMuted ? 'Unmute' : 'Mute'}
      </Button>
      <Button
        variant={isHeld ? 'filled' : 'default'}
        color={isHeld ? 'yellow' : undefined}
        autoContrast
        aria-pressed={isHeld}
        leftSection={
          isHeld ? (
            <IconPlayerPlay size={16} aria-hidden />
          ) : (
            <IconPlayerPause size={16} aria-hidden />
          )
        }
        onClick={toggleHold}
      >
        {isHeld ? 'Resume' : 'Hold'}
      </Button>
    </Group>
  );
}
