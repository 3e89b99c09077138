import { Button, Group } from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import type { CallControls } from '../hooks/call-controls';
import { shortcut } from '../shortcuts';

/**
 * Mute/Unmute and Hold/Resume (spec §2), shared by the Interactions panel and the modal. The
 * label says the state (and what a click does), so no aria-pressed says it a second time.
 */
export function CallControlButtons({ controls }: { controls: CallControls }) {
  const { isMuted, isHeld, toggleMute, toggleHold } = controls;
  return (
    <Group gap="xs">
      <Button
        variant={isMuted ? 'filled' : 'default'}
        color={isMuted ? 'orange' : undefined}
        leftSection={
          isMuted ? (
            <IconMicrophoneOff size={16} aria-hidden />
          ) : (
            <IconMicrophone size={16} aria-hidden />
          )
        }
        onClick={toggleMute}
        {...shortcut('mute')}
      >
        {isMuted ? 'Unmute' : 'Mute'}
      </Button>
      <Button
        variant={isHeld ? 'filled' : 'default'}
        color={isHeld ? 'yellow' : undefined}
        autoContrast
        leftSection={
          isHeld ? (
            <IconPlayerPlay size={16} aria-hidden />
          ) : (
            <IconPlayerPause size={16} aria-hidden />
          )
        }
        onClick={toggleHold}
        {...shortcut('hold')}
      >
        {isHeld ? 'Resume' : 'Hold'}
      </Button>
    </Group>
  );
}
