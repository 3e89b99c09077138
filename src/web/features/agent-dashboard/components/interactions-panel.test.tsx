import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CALL_ID,
  SERVER_NOW,
  activeCall,
  agentState,
  at,
  ringingCall,
} from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { fakeSpeakerChoice } from '../../../test/fake-speakers';
import { errorResponse, jsonResponse } from '../../../test/fetch-mock';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { renderDashboard, sent } from '../test/render-dashboard';

const panel = () => within(screen.getByRole('region', { name: 'Interactions' }));

const ringing = agentState({ call: ringingCall() });
/** Answered at SERVER_NOW: connecting for 2.5 s, then the call. */
const answered = agentState({
  status: 'on_call',
  since: SERVER_NOW,
  call: activeCall(0),
});

/** Records the ringtone: which element played, how, and when it stopped. */
function listenToRingtone() {
  const played: HTMLMediaElement[] = [];
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this);
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
  return { played, play, pause };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the Interactions panel', () => {
  it("says 'No active calls' when there is no call", async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard();
    expect(panel().getByText('No active calls')).toBeTruthy();
  });

  it('shows a ringing call with its number and a countdown to the ring deadline', async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    await renderDashboard(ringing);

    expect(panel().getByText('+1 (212)-555-0187')).toBeTruthy();
    expect(panel().getByText('Incoming call...')).toBeTruthy();
    expect(panel().getByRole('timer').textContent).toBe('20s');
    expect(panel().getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Answer' })).toBeTruthy();
    expect(panel().queryByText('No active calls')).toBeNull();

    await advance(1000);
    expect(panel().getByRole('timer').textContent).toBe('19s');
    await advance(6000);
    expect(panel().getByRole('timer').textContent).toBe('13s');
    await advance(20_000);
    // The server decides the miss; until it says so, the countdown rests at zero.
    expect(panel().getByRole('timer').textContent).toBe('0s');
  });

  it('counts down from the deadline, not from when the page saw the call', async () => {
    // The page loads 8 s into the ring, on a browser clock 30 s behind the server's.
    useFakeClock(at(8 - 30));
    listenToRingtone();
    await renderDashboard(agentState({ serverNow: at(8), call: ringingCall() }));
    expect(panel().getByRole('timer').textContent).toBe('12s');
  });

  it('shows the seconds left rounded up, turning as each whole second before the deadline passes', async () => {
    // A ring offered at .4 of a second; a reload 6.82 s into it: 13.18 s left reads 14s until
    // 13 s are left, at .4 again (not at the server's next whole second).
    useFakeClock(at(7.22));
    listenToRingtone();
    const call = ringingCall({ offeredAt: at(0.4), ringDeadline: at(20.4) });
    await renderDashboard(agentState({ serverNow: at(7.22), call }));
    expect(panel().getByRole('timer').textContent).toBe('14s');
    // Rendering and settling take a few ms of the fake clock: 7.3x s, then 7.4x.
    await advance(80);
    expect(panel().getByRole('timer').textContent).toBe('14s');
    await advance(100);
    expect(panel().getByRole('timer').textContent).toBe('13s');
    await advance(1000);
    expect(panel().getByRole('timer').textContent).toBe('12s');
  });

  it('announces the countdown to screen readers in 5-second steps only', async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    await renderDashboard(ringing);
    const announcement = () => document.querySelector('[aria-live="polite"]')?.textContent ?? '';

    expect(announcement()).toBe('20 seconds left to answer');
    await advance(4000);
    expect(announcement()).toBe('20 seconds left to answer');
    await advance(1000);
    expect(announcement()).toBe('15 seconds left to answer');
  });

  it('loops the ringtone at volume 0.6 while ringing and stops it when the ring ends', async () => {
    useFakeClock(SERVER_NOW);
    const ringtone = listenToRingtone();
    const { user } = await renderDashboard(ringing, {
      [`POST /api/agent/calls/${CALL_ID}/decline`]: () => jsonResponse(agentState()),
    });

    expect(ringtone.played).toHaveLength(1);
    const [audio] = ringtone.played;
    expect(audio?.src).toMatch(/\/ringtone\.wav$/);
    expect(audio?.loop).toBe(true);
    expect(audio?.volume).toBe(0.6);
    expect(ringtone.pause).not.toHaveBeenCalled();

    await user.click(panel().getByRole('button', { name: 'Decline' }));
    await settle();

    expect(ringtone.pause).toHaveBeenCalled();
    expect(ringtone.played).toHaveLength(1);
  });

  it('rings on the speaker the agent chose, where the browser can choose one', async () => {
    useFakeClock(SERVER_NOW);
    const speakers = fakeSpeakerChoice();
    localStorage.setItem('switchboard-audio-devices', JSON.stringify({ speakerId: 'earphones' }));
    try {
      listenToRingtone();
      await renderDashboard(ringing);
      expect(speakers.sinks).toEqual(['earphones']);
    } finally {
      localStorage.clear();
      speakers.restore();
    }
  });

  it("stops the ringtone when the countdown reaches 0, before the server's 'missed'", async () => {
    useFakeClock(SERVER_NOW);
    const ringtone = listenToRingtone();
    await renderDashboard(ringing);

    await advance(19_000);
    expect(panel().getByRole('timer').textContent).toBe('1s');
    expect(ringtone.pause).not.toHaveBeenCalled();

    await advance(1000);
    expect(panel().getByRole('timer').textContent).toBe('0s');
    expect(ringtone.pause).toHaveBeenCalledTimes(1);
    expect(ringtone.played).toHaveLength(1);
    await advance(5000);
    expect(ringtone.played).toHaveLength(1);
  });

  it('says how to turn on a ringtone the browser blocks, and plays it on the next click', async () => {
    useFakeClock(SERVER_NOW);
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValueOnce(
        new DOMException('play() failed because the user did not interact', 'NotAllowedError'),
      )
      .mockResolvedValue(undefined);
    const { user } = await renderDashboard(ringing);
    expect(panel().getByText('Click anywhere to turn the ringtone on')).toBeTruthy();

    await user.click(screen.getByRole('heading', { name: 'Interactions' }));
    await settle();
    expect(play).toHaveBeenCalledTimes(2);
    expect(panel().queryByText('Click anywhere to turn the ringtone on')).toBeNull();
  });

  it('only logs a ringtone that fails for another reason', async () => {
    useFakeClock(SERVER_NOW);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('The element has no supported sources', 'NotSupportedError'),
    );
    await renderDashboard(ringing);

    expect(warn).toHaveBeenCalledWith('The ringtone could not play', expect.any(DOMException));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(panel().queryByText('Click anywhere to turn the ringtone on')).toBeNull();
    expect(panel().getByText('Incoming call...')).toBeTruthy();
  });

  it('answers: connecting for the connect delay, then the call with its mm:ss timer', async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    const { user, requests } = await renderDashboard(ringing, {
      [`POST /api/agent/calls/${CALL_ID}/answer`]: () => jsonResponse(answered),
    });

    panel().getByRole('button', { name: 'Answer' }).focus();
    await user.keyboard('{Enter}');
    await settle();

    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/answer`)).toHaveLength(1);
    expect(panel().getByText('Connecting...')).toBeTruthy();
    // The call timer shows from the answer, on the connecting screen already.
    expect(panel().getByRole('timer').textContent).toBe('00:00');
    // The focus stays in the call area (not fallen to the page's body) for the keyboard.
    expect(document.activeElement).not.toBe(document.body);
    expect(
      screen.getByRole('region', { name: 'Interactions' }).contains(document.activeElement),
    ).toBe(true);
    expect(panel().queryByText('Incoming call...')).toBeNull();

    await advance(2000);
    expect(panel().getByText('Connecting...')).toBeTruthy();
    expect(panel().getByRole('timer').textContent).toBe('00:02');
    await advance(2000);
    expect(panel().queryByText('Connecting...')).toBeNull();
    expect(panel().getByText('+1 (212)-555-0187')).toBeTruthy();
    // The call timer counts from the answer, the connecting seconds included: 4 s and a few ms
    // (the clicks' and renders') after it, the tick on the server's 4th second reads 00:04.
    expect(panel().getByRole('timer').textContent).toBe('00:04');
    await advance(62_000);
    expect(panel().getByRole('timer').textContent).toBe('01:06');
  });

  it('declines: the server logs it and the panel is empty again', async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    const { user, requests } = await renderDashboard(ringing, {
      [`POST /api/agent/calls/${CALL_ID}/decline`]: () => jsonResponse(agentState()),
    });

    await user.click(panel().getByRole('button', { name: 'Decline' }));
    await settle();

    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/decline`)).toHaveLength(1);
    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/answer`)).toHaveLength(0);
    expect(panel().getByText('No active calls')).toBeTruthy();
  });

  it('says briefly that a call stopped ringing, and fetches the state again', async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    const { user, requests } = await renderDashboard(ringing, {
      'GET /api/agent/state': [() => jsonResponse(ringing), () => jsonResponse(agentState())],
      [`POST /api/agent/calls/${CALL_ID}/answer`]: () =>
        errorResponse(409, 'CALL_NOT_RINGING', 'This call is no longer ringing'),
    });

    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();

    expect(panel().getByRole('alert').textContent).toBe('This call is no longer ringing');
    expect(sent(requests, 'GET', '/api/agent/state')).toHaveLength(2);
    expect(panel().getByText('No active calls')).toBeTruthy();

    await advance(3000);
    expect(panel().queryByRole('alert')).toBeNull();
  });

  it("shows the server's message when answering fails otherwise", async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    const { user } = await renderDashboard(ringing, {
      [`POST /api/agent/calls/${CALL_ID}/answer`]: () =>
        errorResponse(403, 'FORBIDDEN', 'You are not allowed to do this'),
    });
    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    expect(panel().getByRole('alert').textContent).toBe('You are not allowed to do this');
    expect(panel().getByText('Incoming call...')).toBeTruthy();
  });

  it('drops a failure notice once its call is gone, and never shows it on the next call', async () => {
    useFakeClock(SERVER_NOW);
    listenToRingtone();
    const nextCallId = '1b2c3d4e-5f60-4a71-8b92-a3b4c5d6e7f8';
    const { user, queryClient } = await renderDashboard(ringing, {
      'GET /api/agent/state': [
        () => jsonResponse(ringing),
        // The server was back: the ring had been missed, and then the next one came.
        () => jsonResponse(agentState({ serverNow: at(25) })),
        () =>
          jsonResponse(
            agentState({
              serverNow: at(30),
              call: ringingCall({ id: nextCallId, offeredAt: at(30), ringDeadline: at(50) }),
            }),
          ),
      ],
      [`POST /api/agent/calls/${CALL_ID}/answer`]: () =>
        errorResponse(503, 'DATABASE_UNAVAILABLE', 'The server cannot reach its database'),
    });
    await user.click(panel().getByRole('button', { name: 'Answer' }));
    await settle();
    expect(panel().getByRole('alert').textContent).toBe('Failed to answer call');

    const refetch = () => queryClient.invalidateQueries({ queryKey: agentStateQueryKey });
    await refetch();
    await settle();
    expect(panel().getByText('No active calls')).toBeTruthy();
    expect(panel().queryByRole('alert')).toBeNull();

    await refetch();
    await settle();
    expect(panel().getByText('Incoming call...')).toBeTruthy();
    expect(panel().queryByRole('alert')).toBeNull();
  });

  it('shows an outbound call as the outgoing card while it connects', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard(
      agentState({
        status: 'on_call',
        since: SERVER_NOW,
        call: activeCall(0, { callType: 'outbound', phoneNumber: '14155550123' }),
      }),
    );
    expect(panel().getByText('Outgoing call')).toBeTruthy();
    expect(panel().getByText('+1 (415)-555-0123')).toBeTruthy();
    expect(panel().getByText('Connecting...')).toBeTruthy();
  });

  it('mutes and holds as interface flags, with On Hold shown while held', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(
      agentState({ status: 'on_call', since: at(-65), call: activeCall(65) }),
    );
    // The label tells the state; aria-pressed would say it a second time.
    const buttonNames = () =>
      panel()
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(buttonNames()).toEqual(['Mute', 'Hold', 'End Call']);
    expect(panel().getByRole('button', { name: 'Mute' }).hasAttribute('aria-pressed')).toBe(false);
    expect(panel().queryByText('On Hold')).toBeNull();

    await user.click(panel().getByRole('button', { name: 'Mute' }));
    expect(buttonNames()).toEqual(['Unmute', 'Hold', 'End Call']);
    expect(panel().getByRole('button', { name: 'Unmute' }).hasAttribute('aria-pressed')).toBe(
      false,
    );

    await user.click(panel().getByRole('button', { name: 'Hold' }));
    // The spec's 'On Hold', as written: not capitalised by the badge's style.
    expect(getComputedStyle(panel().getByText('On Hold')).textTransform).toBe('none');
    expect(buttonNames()).toEqual(['Unmute', 'Resume', 'End Call']);
    expect(panel().getByRole('button', { name: 'Resume' }).hasAttribute('aria-pressed')).toBe(
      false,
    );

    await user.click(panel().getByRole('button', { name: 'Resume' }));
    expect(panel().queryByText('On Hold')).toBeNull();
    expect(buttonNames()).toEqual(['Unmute', 'Hold', 'End Call']);
    await user.click(panel().getByRole('button', { name: 'Unmute' }));
    expect(buttonNames()).toEqual(['Mute', 'Hold', 'End Call']);
    // Nothing of this goes to the server.
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('ends the call: After Call Work, and the log refreshed', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(
      agentState({ status: 'on_call', since: at(-65), call: activeCall(65) }),
      {
        [`POST /api/agent/calls/${CALL_ID}/end`]: () =>
          jsonResponse(agentState({ status: 'after_call', since: SERVER_NOW })),
      },
    );
    await user.click(panel().getByRole('button', { name: 'Mute' }));
    await user.click(panel().getByRole('button', { name: 'Hold' }));
    const logFetches = sent(requests, 'GET', '/api/agent/calls').length;

    panel().getByRole('button', { name: 'End Call' }).focus();
    await user.keyboard('{Enter}');
    await settle();

    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/end`)).toHaveLength(1);
    expect(panel().getByText('No active calls')).toBeTruthy();
    expect(
      screen.getByRole('region', { name: 'Interactions' }).contains(document.activeElement),
    ).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe(
      'After Call Work 00:00:00',
    );
    expect(sent(requests, 'GET', '/api/agent/calls').length).toBe(logFetches + 1);
  });
});
