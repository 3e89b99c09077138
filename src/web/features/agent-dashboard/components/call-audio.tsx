import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconHeadphones, IconVolume } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import type { AudioDeviceChoice } from '../hooks/audio-devices';
import type { VoiceCallController } from '../hooks/voice-call-controller';
import classes from './call-audio.module.css';

/** Below this (0..1) the microphone sends digital silence: no real microphone is that quiet. */
const SILENCE = 0.001;
/** Silence this long says the microphone is off, not that the agent paused. */
const SILENT_FOR_MS = 3000;

/** The system's default device: the value of the first option of each list. */
const SYSTEM_DEFAULT = '';

interface DeviceOption {
  value: string;
  label: string;
}

/** The browser's own aliases of the default device are left to 'System default'. */
const ALIASES = new Set(['', 'default', 'communications']);

function optionsOf(devices: MediaDeviceInfo[], kind: MediaDeviceKind, name: string) {
  const options: DeviceOption[] = [{ value: SYSTEM_DEFAULT, label: 'System default' }];
  for (const device of devices) {
    if (device.kind !== kind || ALIASES.has(device.deviceId)) continue;
    options.push({ value: device.deviceId, label: device.label || `${name} ${options.length}` });
  }
  return options;
}

/** The machine's microphones and speakers, kept up to date as devices come and go. */
function useDeviceLists() {
  const [lists, setLists] = useState<{ microphones: DeviceOption[]; speakers: DeviceOption[] }>();
  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let isCurrent = true;
    const refresh = () => {
      media
        .enumerateDevices()
        .then((devices) => {
          if (!isCurrent) return;
          setLists({
            microphones: optionsOf(devices, 'audioinput', 'Microphone'),
            speakers: optionsOf(devices, 'audiooutput', 'Speaker'),
          });
        })
        .catch((error: unknown) => console.warn('voice: the devices could not be listed', error));
    };
    refresh();
    media.addEventListener('devicechange', refresh);
    return () => {
      isCurrent = false;
      media.removeEventListener('devicechange', refresh);
    };
  }, []);
  return lists;
}

/** The chosen device while it is plugged in, else the system's default. */
const shown = (chosen: string | null, options: DeviceOption[] | undefined) =>
  chosen !== null && options?.some((option) => option.value === chosen) ? chosen : SYSTEM_DEFAULT;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface CallAudioProps {
  callId: string;
  isMuted: boolean;
  isHeld: boolean;
  /** The tab's voice assistant (handed in: this code loads on its own, with nothing shared). */
  voiceCall: VoiceCallController;
}

/**
 * The call's audio, so 'they can't hear me' is answerable on screen: the microphone's level
 * as the caller hears it, why it is silent, and the microphone and speaker to use.
 */
export function CallAudio({
  callId,
  isMuted,
  isHeld,
  voiceCall,
  devices,
  canChooseSpeakers,
  playTestSound,
}: CallAudioProps & {
  /** The devices chosen before, on this browser. */
  devices: AudioDeviceChoice;
  /** Whether this browser can send sound to a chosen speaker at all. */
  canChooseSpeakers: boolean;
  playTestSound: () => Promise<void>;
}) {
  const lists = useDeviceLists();
  const [chosen, setChosen] = useState(devices);
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const devicesId = useId();
  const meterLabelId = useId();

  /** Shows the choice at once, and the one before again when the call cannot use it. */
  async function choose(
    device: keyof typeof chosen,
    value: string,
    apply: (deviceId: string | null) => Promise<void>,
    failureText: (reason: string) => string,
  ) {
    const deviceId = value === SYSTEM_DEFAULT ? null : value;
    const before = chosen[device];
    setFailure(null);
    setChosen((held) => ({ ...held, [device]: deviceId }));
    try {
      await apply(deviceId);
    } catch (error) {
      setChosen((held) => ({ ...held, [device]: before }));
      setFailure(failureText(errorText(error)));
    }
  }

  function testSpeaker() {
    playTestSound().catch((error: unknown) =>
      setFailure(`The test sound did not play (${errorText(error)}).`),
    );
  }

  return (
    <Paper role="group" aria-label="Call audio" withBorder radius="md" p="sm" w="100%">
      <Group gap="sm" wrap="nowrap" justify="space-between" mb={4}>
        <Text id={meterLabelId} size="xs" fw={600}>
          Microphone level
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconHeadphones size={16} aria-hidden />}
          aria-expanded={isOpen}
          aria-controls={isOpen ? devicesId : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          Audio devices
        </Button>
      </Group>
      <MicrophoneMeter
        callId={callId}
        isMuted={isMuted}
        isHeld={isHeld}
        voiceCall={voiceCall}
        labelledBy={meterLabelId}
      />
      {isOpen && (
        <Stack id={devicesId} gap="xs" mt="xs">
          <NativeSelect
            label="Microphone"
            data={lists?.microphones ?? []}
            value={shown(chosen.microphoneId, lists?.microphones)}
            onChange={(event) =>
              void choose(
                'microphoneId',
                event.currentTarget.value,
                (deviceId) => voiceCall.setMicrophone(callId, deviceId),
                (reason) =>
                  `That microphone could not be opened (${reason}). The call keeps the one it had.`,
              )
            }
          />
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label="Speaker"
              flex="1 1 14rem"
              data={lists?.speakers ?? []}
              value={shown(chosen.speakerId, lists?.speakers)}
              disabled={!canChooseSpeakers}
              description={
                !canChooseSpeakers
                  ? 'This browser plays calls on the system speaker.'
                  : voiceCall.canChooseSpeaker(callId)
                    ? undefined
                    : "The practice caller's voice plays on the system speaker; the ringtone on this one."
              }
              onChange={(event) =>
                void choose(
                  'speakerId',
                  event.currentTarget.value,
                  (deviceId) => voiceCall.setSpeaker(callId, deviceId),
                  (reason) => `That speaker could not be used (${reason}).`,
                )
              }
            />
            <Button
              variant="default"
              leftSection={<IconVolume size={16} aria-hidden />}
              onClick={testSpeaker}
            >
              Test speaker
            </Button>
          </Group>
          {failure && (
            <Text role="alert" size="sm" c="var(--mantine-color-error)">
              {failure}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The microphone's level as the caller hears it (square-rooted, so a normal voice fills a
 * good part of the bar), and why it is silent when it is.
 */
function MicrophoneMeter({
  callId,
  isMuted,
  isHeld,
  voiceCall,
  labelledBy,
}: CallAudioProps & { labelledBy: string }) {
  const [level, setLevel] = useState(0);
  const [isSilent, setIsSilent] = useState(false);
  useEffect(() => {
    let silentSince: number | null = null;
    return voiceCall.onMicrophoneLevel((next) => {
      setLevel(next);
      const now = Date.now();
      if (next >= SILENCE) silentSince = null;
      else silentSince ??= now;
      setIsSilent(silentSince !== null && now - silentSince >= SILENT_FOR_MS);
    });
  }, [voiceCall, callId]);

  const percent = Math.round(Math.sqrt(level) * 100);
  const hint = isMuted
    ? "Muted: the caller can't hear you."
    : isHeld
      ? "On Hold: the caller can't hear you."
      : isSilent
        ? 'No sound from this microphone: check it is switched on and not muted on the device, or choose another.'
        : null;
  return (
    <Stack gap={4}>
      <div
        role="meter"
        aria-labelledby={labelledBy}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={classes.meter}
      >
        <div className={classes.level} style={{ width: `${percent}%` }} />
      </div>
      {hint && (
        <Text size="xs" c={isMuted || isHeld ? 'dimmed' : 'var(--mantine-color-error)'}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}
