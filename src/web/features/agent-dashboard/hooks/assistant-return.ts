/**
 * A reload of the tab that runs the call's assistant keeps it there: going, the tab leaves a
 * note that it will be back, and the agent's other tabs wait that long before they take the
 * assistant over (a tab closed for good is then replaced a few seconds late).
 */
const KEY = 'switchboard-assistant-returning';

/** How long the other tabs wait for the tab that ran the assistant to come back. */
export const RETURN_GRACE_MS = 8000;

export interface AssistantReturn {
  /** This tab runs the assistant of `callId` and is going (perhaps to come back). */
  leave(callId: string, now: number): void;
  /** How long this tab should still wait for another to come back to `callId`: 0 for none. */
  awaitedMs(callId: string, now: number): number;
  /** The assistant runs again (here): nobody waits any more. */
  settle(): void;
}

export const storedAssistantReturn: AssistantReturn = {
  leave(callId, now) {
    try {
      localStorage.setItem(KEY, JSON.stringify({ callId, until: now + RETURN_GRACE_MS }));
      // Survives the reload in this tab only: the tab coming back is not one to wait for.
      sessionStorage.setItem(KEY, callId);
    } catch {
      // No storage: another tab takes the assistant over at once, as before.
    }
  },
  awaitedMs(callId, now) {
    try {
      if (sessionStorage.getItem(KEY) === callId) return 0;
      const note = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
        callId?: unknown;
        until?: unknown;
      } | null;
      if (note?.callId !== callId || typeof note.until !== 'number') return 0;
      return Math.max(0, note.until - now);
    } catch {
      return 0;
    }
  },
  settle() {
    try {
      localStorage.removeItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      // No storage: nothing was noted.
    }
  },
};
