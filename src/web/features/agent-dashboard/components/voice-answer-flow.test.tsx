import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoiceSession } from '../../../../shared/schemas/voice';
import {
  CALL_ID,
  SERVER_NOW,
  activeCall,
  agentState,
  at,
  ringingCall,
} from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
import { fakeSpeakerChoice } from '../../../test/fake-speakers';
import { renderWithProviders } from '../../../test/render';
import {
  type VoiceAssistant,
  type VoiceCall,
  VoiceEventEmitter,
  type VoiceIdentity,
} from '../../voice';
import { CallControlsProvider } from '../hooks/call-controls';
import type { VoiceCallDeps } from '../hooks/voice-call-controller';
import { AgentDashboardPage } from './agent-dashboard-page';
import { ViewCallButton } from './view-call-button';

const panel = () => within(screen.getByRole('region', { name: 'Interactions' }));
const answered = agentState({ status: 'on_call', since: SERVER_NOW, call: activeCall(0) });
const afterCall = agentState({ status: 'after_call', since: SERVER_NOW });

/** An assistant whose start settles when the test says so. */
class FakeAssistant extends VoiceEventEmitter implements VoiceAssistant {
  readonly startedWith: VoiceIdentity[] = [];
  readonly setMuted = vi.fn();
  readonly setOnHold = vi.fn();
  readonly setMicrophone = vi.fn(() => Promise.resolve());
  readonly setSpeaker = vi.fn(() => Promise.resolve());
  readonly canChooseSpeaker = () => true;
  readonly stop = vi.fn();
  private settleStart: (call: VoiceCall | null) => void = () => {};

  start(identity: VoiceIdentity) {
    this.startedWith.push(identity);
    return new Promise<VoiceCall | null>((resolve) => {
      this.settleStart = resolve;
    });
  }
  /** The call starts: call-start, then start resolves. */
  connect() {
    this.emit('call-start');
    this.settleStart({ id: 'voice-call' });
  }
  fail() {
    this.settleStart(null);
  }
  isMuted() {
    return this.setMuted.mock.lastCall?.[0] === true;
  }
  say() {}
}

/**
 * Web Locks as the agent's tabs share them: per name, the holder first, then the waiters in
 * the order they asked.
 */
function fakeLocks() {
  const queues = new Map<string, Array<() => void>>();
  return (name: string, wait: boolean, signal?: AbortSignal) =>
    new Promise<(() => void) | null>((resolve) => {
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      if (queue.length > 0 && !wait) {
        resolve(null);
        return;
      }
      const grant = () =>
        resolve(() => {
          queue.splice(queue.indexOf(grant), 1);
          queue[0]?.();
        });
      queue.push(grant);
      if (queue.length === 1) grant();
      signal?.addEventListener('abort', () => {
        if (queue[0] === grant) return;
        queue.splice(queue.indexOf(grant), 1);
        resolve(null);
      });
    });
}

function fakeVoice(
  session: VoiceSession | Error = { provider: 'local' },
  microphone: 'granted' | Error = 'granted',
  acquireLock = fakeLocks(),
) {
  const assistant = new FakeAssistant();
  const deps: VoiceCallDeps = {
    requestMicrophone: vi.fn(() =>
      microphone === 'granted' ? Promise.resolve() : Promise.reject(microphone),
    ),
    requestSession: vi.fn((callId: string) => {
      void callId;
      return session instanceof Error ? Promise.reject(session) : Promise.resolve(session);
    }),
    createAssistant: vi.fn(() =>
      Promise.resolve({
        assistant,
        identity: { name: 'Test', assistantId: 'local' },
        scenario: 'Billing dispute',
      }),
    ),
    loadTranscript: vi.fn(() => Promise.resolve([])),
    saveTranscript: vi.fn(() => Promise.resolve()),
    acquireLock: vi.fn(acquireLock),
    handOver: { leave: vi.fn(), awaitedMs: vi.fn(() => 0), settle: vi.fn() },
    now: () => Date.now(),
  };
  return { assistant, deps };
}

/** One tab of the agent's: its own assistant (none unless it answered) and its own page. */
function renderTab(deps: VoiceCallDeps) {
  const rendered = renderWithProviders(
    <CallControlsProvider voice={deps}>
      <AgentDashboardPage />
    </CallControlsProvider>,
    { signedInAs: agentUser, withFakeTimers: true, userEvent: { delay: null } },
  );
  const tab = within(rendered.container);
  return { ...rendered, tab: () => within(tab.getByRole('region', { name: 'Interactions' })) };
}

/**
 * Two tabs of the agent's, sharing Web Locks, with a call ringing; the first will answer.
 * Call useFakeClock first.
 */
async function twoTabsWithARingingCall() {
  const locks = fakeLocks();
  const answering = fakeVoice(undefined, undefined, locks);
  const other = fakeVoice(undefined, undefined, locks);
  mockFetch({
    'GET /api/agent/state': [
      () => jsonResponse(agentState({ call: ringingCall() })),
      () => jsonResponse(answered),
    ],
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    [`POST /api/agent/calls/${CALL_ID}/answer`]: () => jsonResponse(answered),
  });
  const first = renderTab(answering.deps);
  await settle();
  const second = renderTab(other.deps);
  await settle();
  return { answering, other, first, second };
}

async function renderRinging(deps: VoiceCallDeps) {
  const served = mockFetch({
    'GET /api/agent/state': () => jsonResponse(agentState({ call: ringingCall() })),
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    [`POST /api/agent/calls/${CALL_ID}/answer`]: () => jsonResponse(answered),
    [`POST /api/agent/calls/${CALL_ID}/end`]: () => jsonResponse(afterCall),
  });
  const rendered = renderWithProviders(
    <CallControlsProvider voice={deps}>
      <ViewCallButton />
      <AgentDashboardPage />
    </CallControlsProvider>,
    { signedInAs: agentUser, withFakeTimers: true, userEvent: { delay: null } },
  );
  await settle();
  return { ...served, ...rendered };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the answer flow with the voice assistant', () => {
  it('starts one assistant after Answer and connects until call-start + connectDelayMs', async () => {
    useFakeClock(SERVER_NOW);
    const { assistant, deps } = fakeVoice();
    const { user } = await renderRinging(deps);

    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    expect(deps.requestSession).toHaveBeenCalledTimes(1);
    expect(deps.requestSession).toHaveBeenCalledWith(CALL_ID);
    expect(deps.createAssistant).toHaveBeenCalledWith(
      expect.any(String),
      { provider: 'local' },
      { callType: 'inbound', isResumed: false, linesSaid: [] },
    );
    expect(assistant.startedWith).toHaveLength(1);
    expect(panel().getByText('Connecting...')).toBeTruthy();

    // The assistant takes 4 s to start: connecting goes on past answeredAt + 2.5 s.
    await advance(4000);
    expect(panel().getByText('Connecting...')).toBeTruthy();
    act(() => assistant.connect());
    await advance(2000);
    expect(panel().getByText('Connecting...')).toBeTruthy();
    await advance(1000);
    expect(panel().queryByText('Connecting...')).toBeNull();
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    expect(assistant.startedWith).toHaveLength(1);
  });

  it('shows the call connectDelayMs after a failed start, logging the failure only', async () => {
    useFakeClock(SERVER_NOW);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { assistant, deps } = fakeVoice();
    const { user } = await renderRinging(deps);

    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    await advance(1000);
    act(() => assistant.fail());
    await advance(2490); // (+ a few ms of settling)
    expect(panel().getByText('Connecting...')).toBeTruthy();
    // On time, not at the panel's next one-second tick (500 ms or more away here).
    await advance(10);
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    expect(panel().queryByRole('log', { name: 'Transcript' })).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the microphone on Answer; a refusal is only logged and the assistant still starts', async () => {
    useFakeClock(SERVER_NOW);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusal = new DOMException('Permission denied', 'NotAllowedError');
    const { assistant, deps } = fakeVoice({ provider: 'local' }, refusal);
    const { user } = await renderRinging(deps);
    expect(deps.requestMicrophone).not.toHaveBeenCalled();

    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    expect(deps.requestMicrophone).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('voice: microphone access failed', refusal);
    expect(assistant.startedWith).toHaveLength(1);
    act(() => assistant.connect());
    await advance(2500);
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not wait for an unanswered microphone prompt, and a late start never brings connecting back', async () => {
    useFakeClock(SERVER_NOW);
    const { assistant, deps } = fakeVoice();
    deps.requestMicrophone = vi.fn(() => new Promise<void>(() => {})); // never answered
    const { user } = await renderRinging(deps);
    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    expect(assistant.startedWith).toHaveLength(1);

    // The assistant takes 20 s: the call shows at answer + 2.5 s + 15 s, and stays shown.
    await advance(17_500);
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    await advance(2500);
    act(() => assistant.connect());
    await advance(100);
    expect(panel().queryByText('Connecting...')).toBeNull();
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
  });

  it("follows the assistant's start stages on the connecting screen", async () => {
    useFakeClock(SERVER_NOW);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { assistant, deps } = fakeVoice();
    const { user } = await renderRinging(deps);
    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    const progress = () => panel().getByRole('progressbar', { name: 'Assistant start' });
    expect(progress().getAttribute('aria-valuenow')).toBe('0');
    act(() => {
      for (const stage of ['initialization', 'web-call-creation'] as const) {
        assistant.emit('call-start-progress', { stage, status: 'started', timestamp: '' });
        assistant.emit('call-start-progress', { stage, status: 'completed', timestamp: '' });
      }
    });
    expect(progress().getAttribute('aria-valuenow')).toBe('25');
    expect(debug).toHaveBeenCalledWith(`voice: call ${CALL_ID} stage web-call-creation completed`);
    // A failed stage is not shown: the bar just stops.
    act(() =>
      assistant.emit('call-start-progress', {
        stage: 'daily-call-object-creation',
        status: 'failed',
        timestamp: '',
      }),
    );
    expect(progress().getAttribute('aria-valuenow')).toBe('25');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the call when the session request fails', async () => {
    useFakeClock(SERVER_NOW);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { assistant, deps } = fakeVoice(new Error('network down'));
    const { user } = await renderRinging(deps);

    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    await advance(3600);
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    expect(assistant.startedWith).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('mutes and holds the assistant, shows and saves its transcript, and stops it on End Call', async () => {
    useFakeClock(SERVER_NOW);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { assistant, deps } = fakeVoice();
    const { user } = await renderRinging(deps);

    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    act(() => assistant.connect());
    await advance(3600);

    await user.click(panel().getByRole('button', { name: 'Mute' }));
    expect(assistant.setMuted).toHaveBeenLastCalledWith(true);
    await user.click(panel().getByRole('button', { name: 'Unmute' }));
    expect(assistant.setMuted).toHaveBeenLastCalledWith(false);
    await user.click(panel().getByRole('button', { name: 'Hold' }));
    expect(assistant.setOnHold).toHaveBeenLastCalledWith(true);
    await user.click(panel().getByRole('button', { name: 'Resume' }));
    expect(assistant.setOnHold).toHaveBeenLastCalledWith(false);

    // The practice caller's scenario, and its lines shown and saved with the call as said.
    expect(panel().getByText('Practice caller:').parentElement?.textContent).toBe(
      'Practice caller: Billing dispute',
    );
    act(() => {
      assistant.emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'I was charged twice.',
      });
      assistant.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: '(spoke for 2 s)',
      });
    });
    const transcript = panel().getByRole('log', { name: 'Transcript' });
    expect(transcript.getAttribute('aria-live')).toBe('polite');
    // It scrolls once it outgrows its height: the keyboard must be able to reach it.
    expect(transcript.tabIndex).toBe(0);
    expect(within(transcript).getByText('I was charged twice.').textContent).toBeTruthy();
    expect(transcript.textContent).toBe('Caller: I was charged twice.You: (spoke for 2 s)');
    expect(panel().getByText(/no speech recognition/)).toBeTruthy();
    await settle();
    const saved = vi.mocked(deps.saveTranscript).mock.calls.flatMap(([, lines]) => lines);
    expect(saved).toEqual([
      { line: 0, speaker: 'caller', text: 'I was charged twice.', at: expect.any(String) },
      { line: 1, speaker: 'agent', text: '(spoke for 2 s)', at: expect.any(String) },
    ]);

    // The assistant leaving on its own does not end the agent's call.
    act(() => assistant.emit('call-end'));
    expect(info).toHaveBeenCalled();
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();

    await user.click(panel().getByRole('button', { name: 'End Call' }));
    await settle();
    expect(assistant.stop).toHaveBeenCalled();
  });
});

describe('the dialler with the voice assistant', () => {
  it('starts the assistant of a dialled call as the one calling', async () => {
    useFakeClock(SERVER_NOW);
    const { assistant, deps } = fakeVoice();
    const dialled = activeCall(0, { callType: 'outbound', phoneNumber: '12125550142' });
    mockFetch({
      'GET /api/agent/state': () =>
        jsonResponse(agentState({ status: 'out_bound', since: SERVER_NOW })),
      'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
      'POST /api/agent/calls/outbound': () =>
        jsonResponse(agentState({ status: 'on_call', since: SERVER_NOW, call: dialled })),
    });
    const { user } = renderTab(deps);
    await settle();
    await user.click(screen.getByRole('button', { name: 'Dialer' }));
    await advance(50);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '2125550142');
    await user.click(screen.getByRole('button', { name: 'Call' }));
    await settle();

    expect(deps.requestSession).toHaveBeenCalledWith(CALL_ID);
    expect(deps.createAssistant).toHaveBeenCalledWith(
      expect.any(String),
      { provider: 'local' },
      { callType: 'outbound', isResumed: false, linesSaid: [] },
    );
    expect(assistant.startedWith).toHaveLength(1);
  });
});

describe('the assistant of a call already connected', () => {
  const connected = agentState({ status: 'on_call', since: at(-30), call: activeCall(30) });

  it('is taken over by a tab reloaded mid-call, without the connecting screen, its transcript kept', async () => {
    useFakeClock(SERVER_NOW);
    const { assistant, deps } = fakeVoice();
    vi.mocked(deps.loadTranscript).mockResolvedValue([
      { speaker: 'caller', text: 'I was charged twice.', at: SERVER_NOW },
      { speaker: 'agent', text: '(spoke for 2 s)', at: SERVER_NOW },
    ]);
    mockFetch({
      'GET /api/agent/state': () => jsonResponse(connected),
      'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    });
    renderTab(deps);
    await settle();
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    expect(deps.createAssistant).not.toHaveBeenCalled();

    // In line after a second (the tab that answers asks at once), checked a second later.
    await advance(2000);
    expect(deps.acquireLock).toHaveBeenCalledWith(
      'switchboard-assistant',
      true,
      expect.any(AbortSignal),
    );
    expect(deps.createAssistant).toHaveBeenCalledWith(
      expect.any(String),
      { provider: 'local' },
      { callType: 'inbound', isResumed: true, linesSaid: ['I was charged twice.'] },
    );
    expect(assistant.startedWith).toHaveLength(1);
    expect(panel().queryByText('Connecting...')).toBeNull();
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    // The lines said before the reload show, and the next is numbered after them.
    const transcript = panel().getByRole('log', { name: 'Transcript' });
    expect(transcript.textContent).toBe('Caller: I was charged twice.You: (spoke for 2 s)');
    act(() => {
      assistant.emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'Are you still there?',
      });
    });
    await settle();
    expect(vi.mocked(deps.saveTranscript).mock.calls.at(-1)?.[1]).toEqual([
      { line: 2, speaker: 'caller', text: 'Are you still there?', at: expect.any(String) },
    ]);
  });

  it('stays muted through a reload of the only tab, and its assistant with it', async () => {
    useFakeClock(SERVER_NOW);
    mockFetch({
      'GET /api/agent/state': () => jsonResponse(connected),
      'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    });
    const before = fakeVoice();
    const first = renderTab(before.deps);
    await advance(2000);
    await first.user.click(panel().getByRole('button', { name: 'Mute' }));
    expect(before.assistant.setMuted).toHaveBeenLastCalledWith(true);
    first.unmount(); // the reload

    const after = fakeVoice();
    renderTab(after.deps);
    await settle();
    expect(panel().getByRole('button', { name: 'Unmute' })).toBeTruthy();
    await advance(2000);
    expect(after.deps.createAssistant).toHaveBeenCalledTimes(1);
    expect(after.assistant.setMuted).toHaveBeenCalledWith(true);
  });

  it('stays with the tab that answered when another sees the call connected first', async () => {
    useFakeClock(SERVER_NOW);
    const locks = fakeLocks();
    const answering = fakeVoice(undefined, undefined, locks);
    const other = fakeVoice(undefined, undefined, locks);
    let answerReply: (response: Response) => void = () => {};
    mockFetch({
      'GET /api/agent/state': [
        () => jsonResponse(agentState({ call: ringingCall() })),
        () => jsonResponse(answered),
      ],
      'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
      [`POST /api/agent/calls/${CALL_ID}/answer`]: () =>
        new Promise<Response>((resolve) => {
          answerReply = resolve;
        }),
    });
    const first = renderTab(answering.deps);
    await settle();
    await first.user.click(within(first.container).getByRole('button', { name: 'Answer' }));
    renderTab(other.deps); // it hears of the answer before the answering tab does
    await advance(3000);
    expect(other.deps.acquireLock).toHaveBeenCalled();

    await act(async () => answerReply(jsonResponse(answered)));
    await advance(3000);
    expect(answering.deps.createAssistant).toHaveBeenCalledWith(
      expect.any(String),
      { provider: 'local' },
      { callType: 'inbound', isResumed: false, linesSaid: [] },
    );
    expect(other.deps.createAssistant).not.toHaveBeenCalled();
  });

  it('goes to the other tab when the tab that answered closes, and only then', async () => {
    useFakeClock(SERVER_NOW);
    const { answering, other, first } = await twoTabsWithARingingCall();
    await first.user.click(within(first.container).getByRole('button', { name: 'Answer' }));
    await settle();
    act(() => answering.assistant.connect());
    await advance(5000);
    expect(answering.deps.createAssistant).toHaveBeenCalledTimes(1);
    expect(other.deps.createAssistant).not.toHaveBeenCalled();

    first.unmount(); // the tab that answered is closed
    await advance(1000);
    expect(answering.assistant.stop).toHaveBeenCalled();
    expect(other.deps.createAssistant).toHaveBeenCalledWith(
      expect.any(String),
      { provider: 'local' },
      { callType: 'inbound', isResumed: true, linesSaid: [] },
    );
  });
});

describe('the call controls in another tab', () => {
  it('mutes the assistant of the tab that answered, and both tabs say so', async () => {
    useFakeClock(SERVER_NOW);
    const { answering, other, first, second } = await twoTabsWithARingingCall();

    await first.user.click(first.tab().getByRole('button', { name: 'Answer' }));
    await settle();
    act(() => answering.assistant.connect());
    await advance(3000);

    await second.user.click(second.tab().getByRole('button', { name: 'Mute' }));
    await vi.waitFor(() => expect(answering.assistant.setMuted).toHaveBeenLastCalledWith(true));
    await settle();
    expect(first.tab().getByRole('button', { name: 'Unmute' })).toBeTruthy();
    expect(second.tab().getByRole('button', { name: 'Unmute' })).toBeTruthy();
    expect(other.deps.createAssistant).not.toHaveBeenCalled();

    await first.user.click(first.tab().getByRole('button', { name: 'Unmute' }));
    await vi.waitFor(() => expect(second.tab().getByRole('button', { name: 'Mute' })).toBeTruthy());
    expect(answering.assistant.setMuted).toHaveBeenLastCalledWith(false);

    // A state older than the tabs' own (a late answer to a new tab's question) changes nothing.
    const late = new BroadcastChannel('switchboard-call-controls');
    late.postMessage({
      type: 'state',
      shared: { state: { callId: CALL_ID, isMuted: true, isHeld: true }, version: 1, tab: '~' },
    });
    await advance(100);
    late.close();
    expect(first.tab().getByRole('button', { name: 'Mute' })).toBeTruthy();
    expect(second.tab().getByRole('button', { name: 'Hold' })).toBeTruthy();
    expect(answering.assistant.setMuted).toHaveBeenLastCalledWith(false);
  });
});

describe('the call audio', () => {
  afterEach(() => {
    localStorage.clear();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId');
  });

  /**
   * A machine with a headset and a laptop, and a call answered whose assistant started. Call
   * useFakeClock first.
   */
  async function connectedCall() {
    const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
      ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        enumerateDevices: () =>
          Promise.resolve([
            device('audioinput', 'default', 'Default - Headset microphone'),
            device('audioinput', 'headset', 'Headset microphone'),
            device('audioinput', 'laptop', ''),
            device('audiooutput', 'earphones', 'Headset earphones'),
          ]),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      },
    });
    const { assistant, deps } = fakeVoice();
    const rendered = await renderRinging(deps);
    await rendered.user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    act(() => assistant.connect());
    await advance(3000);
    const audio = within(await panel().findByRole('group', { name: 'Call audio' }));
    return { ...rendered, assistant, audio };
  }

  it("shows the microphone's level as the caller hears it, and why it is silent", async () => {
    useFakeClock(SERVER_NOW);
    const { assistant, audio, user } = await connectedCall();
    const meter = audio.getByRole('meter', { name: 'Microphone level' });
    act(() => assistant.emit('microphone-level', 0.25));
    expect(meter.getAttribute('aria-valuenow')).toBe('50');

    // A pause is no warning; digital silence for 3 s is.
    for (let tick = 0; tick < 25; tick += 1) {
      act(() => assistant.emit('microphone-level', 0));
      await advance(100);
    }
    expect(audio.queryByText(/No sound from this microphone/)).toBeNull();
    for (let tick = 0; tick < 10; tick += 1) {
      act(() => assistant.emit('microphone-level', 0));
      await advance(100);
    }
    expect(audio.getByText(/^No sound from this microphone/)).toBeTruthy();
    act(() => assistant.emit('microphone-level', 0.1));
    expect(audio.queryByText(/No sound from this microphone/)).toBeNull();

    await user.click(panel().getByRole('button', { name: 'Mute' }));
    expect(audio.getByText("Muted: the caller can't hear you.")).toBeTruthy();
    await user.click(panel().getByRole('button', { name: 'Unmute' }));
    await user.click(panel().getByRole('button', { name: 'Hold' }));
    expect(audio.getByText("On Hold: the caller can't hear you.")).toBeTruthy();
  });

  it('switches the microphone, keeps the choice, and says when one will not open', async () => {
    useFakeClock(SERVER_NOW);
    const { assistant, audio, user } = await connectedCall();
    const toggle = audio.getByRole('button', { name: 'Audio devices' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const microphone = audio.getByLabelText('Microphone');
    // The browser's own 'default' entry is the first option; a device not yet named is numbered.
    expect(
      within(microphone)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['System default', 'Headset microphone', 'Microphone 2']);

    await user.selectOptions(microphone, 'Microphone 2');
    await settle();
    expect(assistant.setMicrophone).toHaveBeenLastCalledWith('laptop');
    expect(microphone).toHaveProperty('value', 'laptop');
    expect(JSON.parse(localStorage.getItem('switchboard-audio-devices')!)).toMatchObject({
      microphoneId: 'laptop',
    });

    assistant.setMicrophone.mockRejectedValueOnce(new Error('Device in use'));
    await user.selectOptions(microphone, 'Headset microphone');
    await settle();
    expect(audio.getByRole('alert').textContent).toBe(
      'That microphone could not be opened (Device in use). The call keeps the one it had.',
    );
    expect(microphone).toHaveProperty('value', 'laptop');
  });

  it('offers the speakers only where the browser can send a call to one', async () => {
    useFakeClock(SERVER_NOW);
    const { audio, user } = await connectedCall();
    await user.click(audio.getByRole('button', { name: 'Audio devices' }));
    const speaker = audio.getByLabelText('Speaker');
    expect(speaker).toHaveProperty('disabled', true);
    expect(speaker.getAttribute('aria-describedby')).toBeTruthy();
    expect(audio.getByText('This browser plays calls on the system speaker.')).toBeTruthy();
  });

  it('plays the assistant and the test sound on the chosen speaker', async () => {
    useFakeClock(SERVER_NOW);
    const speakers = fakeSpeakerChoice();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const { assistant, audio, user } = await connectedCall();
    await user.click(audio.getByRole('button', { name: 'Audio devices' }));
    const speaker = audio.getByLabelText('Speaker');
    expect(speaker).toHaveProperty('disabled', false);
    await user.selectOptions(speaker, 'Headset earphones');
    expect(assistant.setSpeaker).toHaveBeenLastCalledWith('earphones');
    await user.click(audio.getByRole('button', { name: 'Test speaker' }));
    expect(speakers.sinks).toEqual(['earphones']);
  });
});
