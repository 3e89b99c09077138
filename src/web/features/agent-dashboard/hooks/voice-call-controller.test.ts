import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESUME_CHECK_MS, VoiceCallController, type VoiceCallDeps } from './voice-call-controller';

const CALL = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The lock is free at once; the assistant is never reached unless the controller starts one. */
function setUp() {
  const release = vi.fn();
  const deps: VoiceCallDeps = {
    requestMicrophone: vi.fn(() => Promise.resolve()),
    requestSession: vi.fn(() => new Promise<never>(() => {})),
    createAssistant: vi.fn(() => new Promise<never>(() => {})),
    acquireLock: vi.fn(() => Promise.resolve(release)),
    now: () => Date.now(),
  };
  return { controller: new VoiceCallController(deps), deps, release };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('VoiceCallController.resumeWhenFree', () => {
  it('lets the lock go, starting nothing, when the call ended as it was handed over', async () => {
    vi.useFakeTimers();
    const { controller, deps, release } = setUp();
    controller.resumeWhenFree(CALL, 'inbound', { isActive: () => false, isMuted: () => false });
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(release).toHaveBeenCalledTimes(1);
    expect(deps.requestSession).not.toHaveBeenCalled();
    expect(controller.getSnapshot().callId).toBeNull();
  });

  it('takes the call over, muted as the tabs are, and lets the lock go when it stops', async () => {
    vi.useFakeTimers();
    const { controller, deps, release } = setUp();
    controller.resumeWhenFree(CALL, 'outbound', { isActive: () => true, isMuted: () => true });
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(controller.getSnapshot()).toMatchObject({ callId: CALL, isResumed: true });
    expect(deps.requestSession).toHaveBeenCalledWith(CALL);
    expect(release).not.toHaveBeenCalled();

    controller.stop(CALL);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting when cancelled', async () => {
    vi.useFakeTimers();
    const { controller, deps, release } = setUp();
    const cancel = controller.resumeWhenFree(CALL, 'inbound', {
      isActive: () => true,
      isMuted: () => false,
    });
    cancel();
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(vi.mocked(deps.acquireLock).mock.calls[0]![2]!.aborted).toBe(true);
    expect(release).toHaveBeenCalledTimes(1);
    expect(deps.requestSession).not.toHaveBeenCalled();
  });
});
