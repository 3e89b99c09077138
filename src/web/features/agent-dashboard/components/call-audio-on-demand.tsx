import { Suspense, lazy } from 'react';
import { canChooseSpeakers, storedAudioDevices } from '../hooks/audio-devices';
import { type CallControls, useVoiceCall, useVoiceCallController } from '../hooks/call-controls';
import { playTestSound } from '../hooks/use-ringtone';

const CallAudio = lazy(() =>
  import('./call-audio').then((module) => ({ default: module.CallAudio })),
);

/**
 * The call's microphone level and devices, in the tab that plays the call once its audio has
 * started; their code comes then rather than with the softphone.
 */
export function CallAudioOnDemand({
  callId,
  controls,
}: {
  callId: string;
  controls: CallControls;
}) {
  const voice = useVoiceCall(callId);
  const voiceCall = useVoiceCallController();
  if (voice?.phase !== 'started') return null;
  return (
    <Suspense>
      <CallAudio
        callId={callId}
        isMuted={controls.isMuted}
        isHeld={controls.isHeld}
        voiceCall={voiceCall}
        devices={storedAudioDevices.read()}
        canChooseSpeakers={canChooseSpeakers()}
        playTestSound={playTestSound}
      />
    </Suspense>
  );
}
