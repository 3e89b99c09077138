import { afterEach, describe, expect, it } from 'vitest';
import { RETURN_GRACE_MS, storedAssistantReturn } from './assistant-return';

const CALL = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the note a reloading tab leaves', () => {
  it('makes the other tabs wait for it, for a while, and never the tab itself', () => {
    storedAssistantReturn.leave(CALL, 1000);
    // The tab coming back (its session storage survives the reload) waits for nobody.
    expect(storedAssistantReturn.awaitedMs(CALL, 1500)).toBe(0);
    // Another tab (its own session storage) waits until the grace ends, for that call only.
    sessionStorage.clear();
    expect(storedAssistantReturn.awaitedMs(CALL, 1500)).toBe(RETURN_GRACE_MS - 500);
    expect(storedAssistantReturn.awaitedMs(crypto.randomUUID(), 1500)).toBe(0);
    expect(storedAssistantReturn.awaitedMs(CALL, 1000 + RETURN_GRACE_MS + 1)).toBe(0);
  });

  it('is gone once the assistant runs again', () => {
    storedAssistantReturn.leave(CALL, 1000);
    storedAssistantReturn.settle();
    sessionStorage.clear();
    expect(storedAssistantReturn.awaitedMs(CALL, 1500)).toBe(0);
  });
});
