import type { VoiceAssistant, VoiceEventName, VoiceEvents } from '../voice-assistant';

const EVENT_NAMES: VoiceEventName[] = [
  'call-start-progress',
  'call-start-success',
  'call-start-failed',
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'message',
  'error',
];

/** Records every event an assistant emits, in order, and picks out those of one name. */
export function recordEvents(assistant: VoiceAssistant) {
  const events: { name: VoiceEventName; payload: unknown }[] = [];
  for (const name of EVENT_NAMES) {
    assistant.on(name, (payload: VoiceEvents[typeof name]) => events.push({ name, payload }));
  }
  const named = <E extends VoiceEventName>(name: E) =>
    events.filter((event) => event.name === name).map((event) => event.payload as VoiceEvents[E]);
  return { events, named };
}
