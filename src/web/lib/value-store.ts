import { useSyncExternalStore } from 'react';

/** A value read by the components that subscribe to it, without React state around it. */
export interface ValueSource<T> {
  get: () => T;
  subscribe: (listener: () => void) => () => void;
}

export interface ValueStore<T> extends ValueSource<T> {
  /** Tells the subscribers, unless the value is the one held. */
  set: (next: T) => void;
}

/**
 * A value kept outside React state, so that a change re-renders only the components that read
 * it (`useValue`), not the one that holds it and everything below.
 */
export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useValue<T>(source: ValueSource<T>) {
  return useSyncExternalStore(source.subscribe, source.get);
}
