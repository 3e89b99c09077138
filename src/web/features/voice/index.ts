/**
 * The voice feature's public face: the provider-neutral interface (types, and its event
 * emitter; the other helpers of voice-assistant.ts are the providers' own and load with them),
 * the start stages, and `createVoiceAssistant`, which loads a provider's code when a call
 * first needs it.
 */
export type * from './voice-assistant';
export { CALL_START_STAGES } from './call-start-stages';
export { VoiceEventEmitter } from './voice-events';
export {
  type AssistantStart,
  type CreatedAssistant,
  createVoiceAssistant,
} from './create-assistant';
