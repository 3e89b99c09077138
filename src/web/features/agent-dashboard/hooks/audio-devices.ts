/**
 * The agent's microphone and speaker, as chosen on this browser (devices belong to the
 * machine, not the account): null is the system's default. Every call and the ringtone start
 * with them.
 */
export interface AudioDeviceChoice {
  microphoneId: string | null;
  speakerId: string | null;
}

const KEY = 'switchboard-audio-devices';

/** Whether this browser can send a sound to a chosen speaker (`setSinkId`). */
export const canChooseSpeakers = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
const systemDefaults: AudioDeviceChoice = { microphoneId: null, speakerId: null };

const idOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export const storedAudioDevices = {
  read(): AudioDeviceChoice {
    try {
      const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Record<
        string,
        unknown
      > | null;
      return {
        microphoneId: idOrNull(stored?.microphoneId),
        speakerId: idOrNull(stored?.speakerId),
      };
    } catch {
      return systemDefaults; // no storage (private mode) or a broken value
    }
  },
  write(change: Partial<AudioDeviceChoice>) {
    try {
      localStorage.setItem(KEY, JSON.stringify({ ...storedAudioDevices.read(), ...change }));
    } catch {
      // No storage: the choice holds for this call only.
    }
  },
};
