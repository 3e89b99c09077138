/**
 * The start stages of spec §4, in the order they run: a module of their own, as the softphone's
 * first screen shows them while the providers' code (and voice-assistant.ts's helpers, which
 * only the providers run) loads when a call first needs it.
 */
export const CALL_START_STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
] as const;
export type CallStartStage = (typeof CALL_START_STAGES)[number];
