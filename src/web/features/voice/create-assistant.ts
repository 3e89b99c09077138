import type { CallType } from '../../../shared/schemas/agent';
import type { VoiceSession } from '../../../shared/schemas/voice';
import type { VoiceAssistant, VoiceIdentity } from './voice-assistant';

/** How the assistant starts: on whose call, and whether it takes over one already connected. */
export interface AssistantStart {
  callType: CallType;
  /** A tab reloaded mid-call (or the one that ran it closed): the local assistant says so. */
  isResumed: boolean;
  /** What the caller said before a reload: the practice caller goes on after it. */
  linesSaid?: readonly string[];
}

/** An assistant ready to start, the identity to start it with, and any practice scenario. */
export interface CreatedAssistant {
  assistant: VoiceAssistant;
  identity: VoiceIdentity;
  /** The practice caller's scenario (the offline assistant only). */
  scenario?: string;
}

/**
 * The assistant for a voice session from `POST /api/voice/session`, and the identity to
 * start it with. The rest of the app goes through this, never a provider's SDK. Each
 * provider's code is loaded when a call first needs it, not with the softphone. The local
 * assistant's lines depend on `start`; a vapi assistant's are its own configuration.
 */
export async function createVoiceAssistant(
  callId: string,
  session: VoiceSession,
  start: AssistantStart,
): Promise<CreatedAssistant> {
  if (session.provider === 'local') {
    const { LocalVoiceAssistant, practiceScenarioFor } = await import('./local-assistant');
    const scenario = practiceScenarioFor(callId);
    return {
      assistant: new LocalVoiceAssistant({ ...start, scenario }),
      identity: { name: 'Practice caller', assistantId: 'local' },
      scenario: scenario.name,
    };
  }
  // The SDK itself is loaded on the first start (its own lazily loaded chunk).
  const { VapiVoiceAssistant } = await import('./vapi-assistant');
  return {
    assistant: new VapiVoiceAssistant({ publicKey: session.publicKey, baseUrl: session.baseUrl }),
    identity: { name: session.name, assistantId: session.assistantId },
  };
}
