import type { CallType } from '../../../shared/schemas/agent';
import type { VoiceSession } from '../../../shared/schemas/voice';
import type { VoiceAssistant, VoiceIdentity } from './voice-assistant';

/** How the assistant starts: on whose call, and whether it takes over one already connected. */
export interface AssistantStart {
  callType: CallType;
  /** A tab reloaded mid-call (or the one that ran it closed): the local assistant says so. */
  isResumed: boolean;
}

/**
 * The assistant for a voice session from `POST /api/voice/session`, and the identity to
 * start it with. The rest of the app goes through this, never a provider's SDK. Each
 * provider's code is loaded when a call first needs it, not with the softphone. The local
 * assistant's lines depend on `start`; a vapi assistant's are its own configuration.
 */
export async function createVoiceAssistant(
  session: VoiceSession,
  start: AssistantStart,
): Promise<{ assistant: VoiceAssistant; identity: VoiceIdentity }> {
  if (session.provider === 'local') {
    const { LocalVoiceAssistant } = await import('./local-assistant');
    return {
      assistant: new LocalVoiceAssistant(start),
      // The offline assistant's persona: its greeting says 'My name is Alex'.
      identity: { name: 'Alex', assistantId: 'local' },
    };
  }
  // The SDK itself is loaded on the first start (its own lazily loaded chunk).
  const { VapiVoiceAssistant } = await import('./vapi-assistant');
  return {
    assistant: new VapiVoiceAssistant({ publicKey: session.publicKey, baseUrl: session.baseUrl }),
    identity: { name: session.name, assistantId: session.assistantId },
  };
}
