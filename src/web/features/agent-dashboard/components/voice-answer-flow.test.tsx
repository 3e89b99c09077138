import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoiceSession } from '../../../../shared/schemas/voice';
import {
  CALL_ID,
  SERVER_NOW,
  activeCall,
  agentState,
  ringingCall,
} from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
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

function fakeVoice(session: VoiceSession | Error = { provider: 'local' }) {
  const assistant = new FakeAssistant();
  const deps: VoiceCallDeps = {
    requestSession: vi.fn((callId: string) => {
      void callId;
      return session instanceof Error ? Promise.reject(session) : Promise.resolve(session);
    }),
    createAssistant: vi.fn(() =>
      Promise.resolve({ assistant, identity: { name: 'Test', assistantId: 'local' } }),
    ),
    now: () => Date.now(),
  };
  return { assistant, deps };
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
    await advance(2000);
    expect(panel().getByText('Connecting...')).toBeTruthy();
    // The panel's clock ticks each second: the call shows at the first tick past the delay.
    await advance(1000);
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
    expect(warn).toHaveBeenCalled();
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

  it('mutes the assistant, shows its transcript, and stops it on End Call', async () => {
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

    act(() => {
      assistant.emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'Thank you for calling.',
      });
    });
    const transcript = panel().getByRole('log', { name: 'Transcript' });
    expect(transcript.getAttribute('aria-live')).toBe('polite');
    expect(within(transcript).getByText('Thank you for calling.')).toBeTruthy();
    expect(panel().getByText(/has no speech recognition/)).toBeTruthy();

    // The assistant leaving on its own does not end the agent's call.
    act(() => assistant.emit('call-end'));
    expect(info).toHaveBeenCalled();
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();

    await user.click(panel().getByRole('button', { name: 'End Call' }));
    await settle();
    expect(assistant.stop).toHaveBeenCalled();
  });
});
