/** The voice feature's public face: the provider-neutral interface and its providers. */
export * from './voice-assistant';
export {
  LocalVoiceAssistant,
  type LocalAssistantOptions,
  type LevelSource,
  type LineSpeaker,
  type VoiceClock,
} from './local-assistant';
export {
  VapiVoiceAssistant,
  type VapiAssistantOptions,
  type VapiLike,
  type VapiLoader,
} from './vapi-assistant';
export { createVoiceAssistant } from './create-assistant';
