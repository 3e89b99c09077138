/** The voice feature's public face: the provider-neutral interface and the local provider. */
export * from './voice-assistant';
export {
  LocalVoiceAssistant,
  type LocalAssistantOptions,
  type LevelSource,
  type LineSpeaker,
  type VoiceClock,
} from './local-assistant';
