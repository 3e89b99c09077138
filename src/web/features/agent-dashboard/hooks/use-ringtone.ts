import { useEffect, useState } from 'react';
import { canChooseSpeakers, storedAudioDevices } from './audio-devices';

/** Spec §7 and §9: a looping ringtone at volume 0.6. */
export const RINGTONE_URL = '/ringtone.wav';
export const RINGTONE_VOLUME = 0.6;

/** What the softphone says while the browser keeps the ringtone quiet (DESIGN.md, after §8). */
export const RINGTONE_BLOCKED_TEXT = 'Click anywhere to turn the ringtone on';

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Loops the ringtone while `isRinging` and the component using it is shown (the incoming-call
 * card), and stops it when either ends. A browser that blocks playing before the agent has
 * interacted with the page makes it return true: the card says so, and the agent's next click
 * or key anywhere starts it. Any other failure is only logged (spec §8).
 */
export function useRingtone(isRinging: boolean) {
  const [isBlocked, setIsBlocked] = useState(false);
  useEffect(() => {
    if (!isRinging) return;
    const ringtone = new Audio(RINGTONE_URL);
    ringtone.loop = true;
    ringtone.volume = RINGTONE_VOLUME;
    playOnChosenSpeaker(ringtone);
    let isStopped = false;
    const retry = () => void play();
    const stopListening = () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, retry, true);
    };
    // async: a play() that throws instead of rejecting is caught the same way.
    async function play() {
      stopListening();
      try {
        await ringtone.play();
        if (!isStopped) setIsBlocked(false);
      } catch (error) {
        // A pause before playback began rejects too: that is no failure.
        if (isStopped) return;
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          setIsBlocked(true);
          for (const type of INTERACTIONS) document.addEventListener(type, retry, true);
        } else {
          console.warn('The ringtone could not play', error);
        }
      }
    }
    void play();
    return () => {
      isStopped = true;
      stopListening();
      setIsBlocked(false);
      ringtone.pause();
      ringtone.currentTime = 0;
    };
  }, [isRinging]);
  return isBlocked;
}

/** How long the speaker test plays the ringtone. */
const TEST_SOUND_MS = 1500;

/** A moment of the ringtone on the chosen speaker, for the agent to hear it works. */
export async function playTestSound() {
  const sound = new Audio(RINGTONE_URL);
  sound.volume = RINGTONE_VOLUME;
  playOnChosenSpeaker(sound);
  await sound.play();
  setTimeout(() => sound.pause(), TEST_SOUND_MS);
}

/** Plays `element` on the agent's chosen speaker, where the browser can choose one. */
export function playOnChosenSpeaker(element: HTMLMediaElement) {
  const { speakerId } = storedAudioDevices.read();
  if (speakerId === null || !canChooseSpeakers()) return;
  // A speaker unplugged since: the ringtone plays on the default one rather than not at all.
  element.setSinkId(speakerId).catch((error: unknown) => {
    console.warn('The ringtone plays on the default speaker', error);
  });
}
