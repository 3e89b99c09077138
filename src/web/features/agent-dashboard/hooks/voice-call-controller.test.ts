import { afterEach, describe, expect, it, vi } from 'vitest';
import { type VoiceAssistant, VoiceEventEmitter } from '../../voice';
import { storedAudioDevices } from './audio-devices';
import { defaultVoiceCallDeps } from './call-controls';
import {
  ASSISTANT_LOCK,
  RESUME_CHECK_MS,
  VoiceCallController,
  type VoiceCallDeps,
} from './voice-call-controller';

const CALL = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The lock is free at once; the assistant is never reached unless the controller starts one. */
function setUp() {
  const release = vi.fn();
  const deps: VoiceCallDeps = {
    requestMicrophone: vi.fn(() => Promise.resolve()),
    requestSession: vi.fn(() => new Promise<never>(() => {})),
    createAssistant: vi.fn(() => new Promise<never>(() => {})),
    loadTranscript: vi.fn(() => Promise.resolve([])),
    saveTranscript: vi.fn(() => Promise.resolve()),
    acquireLock: vi.fn(() => Promise.resolve(release)),
    handOver: { leave: vi.fn(), awaitedMs: vi.fn(() => 0), settle: vi.fn() },
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
    controller.resumeWhenFree(CALL, 'inbound', {
      isActive: () => false,
      isMuted: () => false,
      isHeld: () => false,
    });
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(release).toHaveBeenCalledTimes(1);
    expect(deps.requestSession).not.toHaveBeenCalled();
    expect(controller.getSnapshot().callId).toBeNull();
  });

  it('takes the call over, muted as the tabs are, and lets the lock go when it stops', async () => {
    vi.useFakeTimers();
    const { controller, deps, release } = setUp();
    controller.resumeWhenFree(CALL, 'outbound', {
      isActive: () => true,
      isMuted: () => true,
      isHeld: () => false,
    });
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(controller.getSnapshot()).toMatchObject({ callId: CALL, isResumed: true });
    expect(deps.requestSession).toHaveBeenCalledWith(CALL);
    expect(release).not.toHaveBeenCalled();

    controller.stop(CALL);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('waits for the tab that ran it to come back from a reload, then queues again', async () => {
    vi.useFakeTimers();
    const { controller, deps, release } = setUp();
    // The tab that ran it left a note: back within 5 s.
    vi.mocked(deps.handOver.awaitedMs).mockReturnValueOnce(5000);
    controller.resumeWhenFree(CALL, 'inbound', {
      isActive: () => true,
      isMuted: () => false,
      isHeld: () => true,
    });
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(release).toHaveBeenCalledTimes(1);
    expect(deps.requestSession).not.toHaveBeenCalled();
    // It did not come back: this tab takes the call over, on hold as the tabs are.
    await vi.advanceTimersByTimeAsync(5000 + RESUME_CHECK_MS);
    expect(deps.acquireLock).toHaveBeenCalledTimes(2);
    expect(controller.getSnapshot()).toMatchObject({ callId: CALL, isResumed: true });
    expect(deps.handOver.settle).toHaveBeenCalled();

    // This tab going notes it; a tab with no assistant notes nothing.
    controller.leave();
    expect(deps.handOver.leave).toHaveBeenCalledWith(CALL, expect.any(Number));
    controller.stop();
    controller.leave();
    expect(deps.handOver.leave).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting when cancelled, and takes nothing over', async () => {
    vi.useFakeTimers();
    const { controller, deps } = setUp();
    // Another tab holds the lock: the wait ends only when its signal aborts.
    deps.acquireLock = vi.fn(
      (_name: string, _wait: boolean, signal?: AbortSignal) =>
        new Promise<null>((resolve) => signal?.addEventListener('abort', () => resolve(null))),
    );
    const cancel = controller.resumeWhenFree(CALL, 'inbound', {
      isActive: () => true,
      isMuted: () => false,
      isHeld: () => false,
    });
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(deps.acquireLock).toHaveBeenCalledWith(ASSISTANT_LOCK, true, expect.any(AbortSignal));
    cancel();
    await vi.advanceTimersByTimeAsync(RESUME_CHECK_MS);
    expect(deps.requestSession).not.toHaveBeenCalled();
    expect(controller.getSnapshot().callId).toBeNull();
  });
});

describe('the assistant lock (Web Locks)', () => {
  /** navigator.locks with one lock held by another tab: 'held'. */
  function fakeNavigatorLocks() {
    const granted: string[] = [];
    const released: string[] = [];
    const locks = {
      request(
        name: string,
        options: { ifAvailable?: boolean; signal?: AbortSignal },
        callback: (lock: { name: string } | null) => Promise<void> | undefined,
      ) {
        if (name === 'held') {
          if (options.ifAvailable) return Promise.resolve(callback(null));
          return new Promise((_resolve, reject) =>
            options.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            ),
          );
        }
        granted.push(name);
        return Promise.resolve(callback({ name })).then(() => released.push(name));
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    return { granted, released };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('holds a free lock until released', async () => {
    const { granted, released } = fakeNavigatorLocks();
    const release = await defaultVoiceCallDeps.acquireLock(ASSISTANT_LOCK, false);
    expect(granted).toEqual([ASSISTANT_LOCK]);
    expect(released).toEqual([]);
    release!();
    await Promise.resolve();
    await Promise.resolve();
    expect(released).toEqual([ASSISTANT_LOCK]);
  });

  it('answers null at once when another tab holds it, or once a wait is given up', async () => {
    fakeNavigatorLocks();
    expect(await defaultVoiceCallDeps.acquireLock('held', false)).toBeNull();
    const waiting = new AbortController();
    const wait = defaultVoiceCallDeps.acquireLock('held', true, waiting.signal);
    waiting.abort();
    expect(await wait).toBeNull();
  });

  it('without Web Locks, lets a tab that answers run its assistant and none take one over', async () => {
    expect('locks' in navigator).toBe(false);
    expect(await defaultVoiceCallDeps.acquireLock(ASSISTANT_LOCK, false)).toBeTypeOf('function');
    expect(await defaultVoiceCallDeps.acquireLock(ASSISTANT_LOCK, true)).toBeNull();
  });
});

describe('the call devices', () => {
  afterEach(() => localStorage.clear());

  /** A call whose assistant has started, with the devices the browser remembers. */
  async function startedCall() {
    const { controller, deps, release } = setUp();
    const assistant = Object.assign(new VoiceEventEmitter(), {
      start: vi.fn(() => Promise.resolve({ id: 'voice-call' })),
      stop: vi.fn(),
      setMuted: vi.fn(),
      isMuted: () => false,
      setOnHold: vi.fn(),
      say: vi.fn(),
      setMicrophone: vi.fn((_deviceId: string | null) => Promise.resolve()),
      setSpeaker: vi.fn((_deviceId: string | null) => Promise.resolve()),
      canChooseSpeaker: () => true,
    }) satisfies VoiceAssistant;
    deps.requestSession = vi.fn(() => Promise.resolve({ provider: 'local' as const }));
    deps.createAssistant = vi.fn(() =>
      Promise.resolve({ assistant, identity: { assistantId: 'local' } }),
    );
    controller.begin(CALL, 'inbound', Promise.resolve(release));
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('started'));
    return { controller, assistant };
  }

  it('starts each call on the devices last chosen on this browser', async () => {
    storedAudioDevices.write({ microphoneId: 'headset', speakerId: 'earphones' });
    const { assistant } = await startedCall();
    expect(assistant.setMicrophone).toHaveBeenCalledWith('headset');
    expect(assistant.setSpeaker).toHaveBeenCalledWith('earphones');
    expect(assistant.setMicrophone.mock.invocationCallOrder[0]).toBeLessThan(
      assistant.start.mock.invocationCallOrder[0]!,
    );
  });

  it('keeps a device once the call uses it, and not one that would not open', async () => {
    const { controller, assistant } = await startedCall();
    await controller.setMicrophone(CALL, 'laptop');
    await controller.setSpeaker(CALL, 'earphones');
    expect(storedAudioDevices.read()).toEqual({ microphoneId: 'laptop', speakerId: 'earphones' });

    assistant.setMicrophone.mockRejectedValueOnce(new Error('busy'));
    await expect(controller.setMicrophone(CALL, 'headset')).rejects.toThrow('busy');
    expect(storedAudioDevices.read().microphoneId).toBe('laptop');
    await expect(controller.setMicrophone('another-call', 'headset')).rejects.toThrow(
      'This tab does not play the call',
    );
  });

  it("passes the microphone's level on while the assistant runs", async () => {
    const { controller, assistant } = await startedCall();
    const levels: number[] = [];
    const stop = controller.onMicrophoneLevel((level) => levels.push(level));
    assistant.emit('microphone-level', 0.3);
    stop();
    assistant.emit('microphone-level', 0.6);
    expect(levels).toEqual([0.3]);
    expect(controller.canChooseSpeaker(CALL)).toBe(true);
    expect(controller.canChooseSpeaker('another-call')).toBe(false);
  });
});
