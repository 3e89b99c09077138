import { voiceSessionSchema } from '../../../../shared/schemas/voice';
import { apiRequest } from '../../../lib/api-client';

/** The voice session for a call the agent has just answered or dialled (spec §8 'Softphone'). */
export function requestVoiceSession(callId: string) {
  return apiRequest('/api/voice/session', {
    method: 'POST',
    body: { callId },
    schema: voiceSessionSchema,
  });
}
