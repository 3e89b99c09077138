import { useEffect } from 'react';

/** Spec §7 and §9: a looping ringtone at volume 0.6. */
export const RINGTONE_URL = '/ringtone.wav';
export const RINGTONE_VOLUME = 0.6;

/**
 * Loops the ringtone while `isRinging` and the component using it is shown (the incoming-call
 * card), and stops it when either ends. A browser that blocks autoplay is only logged (spec §8).
 */
export function useRingtone(isRinging: boolean) {
  useEffect(() => {
    if (!isRinging) return;
    const ringtone = new Audio(RINGTONE_URL);
    ringtone.loop = true;
    ringtone.volume = RINGTONE_VOLUME;
    let isStopped = false;
    // async: a play() that throws instead of rejecting is caught the same way.
    const play = async () => ringtone.play();
    play().catch((error: unknown) => {
      // A pause before playback began rejects too: that is no failure.
      if (!isStopped) console.warn('The ringtone could not play', error);
    });
    return () => {
      isStopped = true;
      ringtone.pause();
      ringtone.currentTime = 0;
    };
  }, [isRinging]);
}
