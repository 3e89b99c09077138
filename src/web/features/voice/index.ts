/**
 * The voice feature's public face: the provider-neutral interface and `createVoiceAssistant`,
 * which loads a provider's code when a call first needs it.
 */
export * from './voice-assistant';
export { type AssistantStart, createVoiceAssistant } from './create-assistant';
