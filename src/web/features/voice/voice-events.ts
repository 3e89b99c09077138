import type { VoiceEventName, VoiceEvents, VoiceListener } from './voice-assistant';

/** A minimal typed event emitter; a listener that throws does not stop the others. */
export class VoiceEventEmitter {
  private readonly listeners = new Map<VoiceEventName, Set<(payload: never) => void>>();

  on<E extends VoiceEventName>(event: E, listener: VoiceListener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => this.off(event, listener);
  }

  off<E extends VoiceEventName>(event: E, listener: VoiceListener<E>): void {
    this.listeners.get(event)?.delete(listener);
  }

  emit<E extends VoiceEventName>(
    event: E,
    ...[payload]: VoiceEvents[E] extends undefined ? [] : [VoiceEvents[E]]
  ): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as VoiceListener<E>)(payload as VoiceEvents[E]);
      } catch (error) {
        console.error(`voice: a '${event}' listener threw`, error);
      }
    }
  }
}
