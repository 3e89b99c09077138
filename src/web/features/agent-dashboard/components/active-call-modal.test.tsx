import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CALL_NOTES_LENGTH } from '../../../../shared/schemas/agent';
import {
  CALL_ID,
  SERVER_NOW,
  activeCall,
  agentState,
  at,
  callLogEntry,
} from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import {
  type RecordedRequest,
  errorResponse,
  jsonResponse,
  mockFetch,
  networkFailure,
} from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { sent } from '../test/render-dashboard';
import { CallControlsProvider } from '../hooks/call-controls';
import { AgentDashboardPage } from './agent-dashboard-page';
import { ViewCallButton } from './view-call-button';

/** On a call for 65 s (answered at SERVER_NOW - 65 s). */
const onCall = agentState({ status: 'on_call', since: at(-65), call: activeCall(65) });
const afterCall = agentState({ status: 'after_call', since: SERVER_NOW });

/** The top bar's View Call and the dashboard, sharing state and call controls as in the shell. */
async function renderWithCall(routes: Parameters<typeof mockFetch>[0] = {}) {
  const served = mockFetch({
    'GET /api/agent/state': () => jsonResponse(onCall),
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    [`PATCH /api/agent/calls/${CALL_ID}`]: (request) =>
      jsonResponse({
        call: callLogEntry({ id: CALL_ID, notes: (request.body as { notes: string }).notes }),
      }),
    [`POST /api/agent/calls/${CALL_ID}/end`]: () => jsonResponse(afterCall),
    ...routes,
  });
  const rendered = renderWithProviders(
    <CallControlsProvider>
      <ViewCallButton />
      <AgentDashboardPage />
    </CallControlsProvider>,
    { signedInAs: agentUser, withFakeTimers: true, userEvent: { delay: null } },
  );
  await settle();
  return { ...served, ...rendered };
}

type User = Awaited<ReturnType<typeof renderWithCall>>['user'];

async function openModal(user: User) {
  await user.click(screen.getByRole('button', { name: 'View Call' }));
  return within(await screen.findByRole('dialog', { name: 'Active Call' }));
}

/** PATCH answers held back until the test lets each go, in whatever order it likes. */
function heldNotesSaves() {
  const waiting: Array<() => void> = [];
  const route = (request: RecordedRequest) =>
    new Promise<Response>((resolve) => {
      const { notes } = request.body as { notes: string };
      waiting.push(() => resolve(jsonResponse({ call: callLogEntry({ id: CALL_ID, notes }) })));
    });
  /** Lets the `index`th save (from 0) be answered, and settles. */
  const answer = async (index: number) => {
    await act(async () => waiting[index]?.());
    await settle();
  };
  return { route, answer };
}

/** The requests that changed something, as 'METHOD path'. */
const changesSent = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const SAVED_THEN_ENDED = [
  `PATCH /api/agent/calls/${CALL_ID}`,
  `POST /api/agent/calls/${CALL_ID}/end`,
];

const panel = () => within(screen.getByRole('region', { name: 'Interactions' }));
const notesField = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Call notes' });

afterEach(() => {
  vi.useRealTimers();
});

describe('View Call and the Active Call modal', () => {
  it('offers View Call only while a call is active, connecting included', async () => {
    useFakeClock(SERVER_NOW);
    mockFetch({
      'GET /api/agent/state': () =>
        jsonResponse(agentState({ status: 'on_call', since: SERVER_NOW, call: activeCall(0) })),
      'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    });
    renderWithProviders(<ViewCallButton />, { signedInAs: agentUser });
    await settle();
    expect(screen.getByRole('button', { name: 'View Call' })).toBeTruthy();
  });

  it('has no View Call without an active call', async () => {
    useFakeClock(SERVER_NOW);
    await renderWithCall({ 'GET /api/agent/state': () => jsonResponse(agentState()) });
    expect(screen.queryByRole('button', { name: 'View Call' })).toBeNull();
  });

  it('shows the timer, the controls and the call information', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderWithCall();
    const modal = await openModal(user);

    expect(modal.getByRole('timer').textContent).toBe('01:05');
    for (const name of ['Mute', 'Hold', 'End Call', 'Close']) {
      expect(modal.getByRole('button', { name })).toBeTruthy();
    }
    const information = within(modal.getByRole('region', { name: 'Call information' }));
    expect(information.getByText('+1 (212)-555-0187')).toBeTruthy();
    expect(information.getByText('1m 5s')).toBeTruthy();
    expect(information.getByText('Connected')).toBeTruthy();
    expect(notesField().getAttribute('placeholder')).toBe('Add call notes...');

    await advance(2000);
    expect(modal.getByRole('timer').textContent).toBe('01:07');
  });

  it('shares mute and hold with the Interactions panel', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderWithCall();
    const modal = await openModal(user);

    await user.click(modal.getByRole('button', { name: 'Hold' }));
    expect(modal.getByText('On Hold')).toBeTruthy();
    expect(panel().getByText('On Hold')).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Resume' })).toBeTruthy();

    await user.click(modal.getByRole('button', { name: 'Mute' }));
    expect(modal.getByRole('button', { name: 'Unmute' })).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Unmute' })).toBeTruthy();
    expect(panel().queryByRole('button', { name: 'Mute' })).toBeNull();
  });

  it('closes with Close and keeps the call going', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderWithCall();
    const modal = await openModal(user);
    await user.click(modal.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/end`)).toEqual([]);
    expect(panel().getByRole('button', { name: 'End Call' })).toBeTruthy();
  });

  it('saves notes 800 ms after typing stops, and says Saved', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderWithCall();
    await openModal(user);
    const patches = () => sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`);

    await user.type(notesField(), 'Wants a callback');
    await advance(500);
    expect(patches()).toEqual([]);

    await advance(400);
    expect(patches().map((r) => r.body)).toEqual([{ notes: 'Wants a callback' }]);
    expect(screen.getByText('Saved')).toBeTruthy();
  });

  it('saves notes at once when the field is left', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderWithCall();
    const modal = await openModal(user);
    await user.type(notesField(), 'VIP');
    await user.click(modal.getByRole('button', { name: 'Hold' }));
    await settle();

    expect(sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`).map((r) => r.body)).toEqual([
      { notes: 'VIP' },
    ]);

    // Nothing changed since: leaving again sends nothing.
    await advance(1000);
    expect(sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`)).toHaveLength(1);
  });

  it('keeps saved notes when the modal is opened again', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderWithCall();
    const modal = await openModal(user);
    await user.type(notesField(), 'Billing question');
    await advance(900);
    await user.click(modal.getByRole('button', { name: 'Close' }));

    await openModal(user);
    expect(notesField().value).toBe('Billing question');
  });

  it("shows the server's reason when notes cannot be saved", async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests, unmount } = await renderWithCall({
      [`PATCH /api/agent/calls/${CALL_ID}`]: () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Notes must be at most 5000 characters'),
    });
    await openModal(user);
    await user.type(notesField(), 'x');
    await advance(900);
    expect(screen.getByText('Notes must be at most 5000 characters')).toBeTruthy();
    expect(notesField().getAttribute('aria-invalid')).toBe('true');

    // Leaving the page with the notes unsaved tries once more, and says so when that fails.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    unmount();
    await settle();
    expect(sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`)).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith('The call notes could not be saved', expect.any(Error));
  });

  it('End Call saves the notes first, then ends the call and closes', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderWithCall();
    const modal = await openModal(user);
    await user.click(modal.getByRole('button', { name: 'Mute' }));
    await user.type(notesField(), 'Resolved');

    await user.click(modal.getByRole('button', { name: 'End Call' }));
    await settle();

    expect(changesSent(requests)).toEqual(SAVED_THEN_ENDED);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'View Call' })).toBeNull();
    expect(panel().getByText('No active calls')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe(
      'After Call Work 00:00:00',
    );
    // The debounce that was pending sends nothing more.
    await advance(1000);
    expect(sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`)).toHaveLength(1);
  });
  it('keeps notes over the limit as pasted, says so, and ends the call only once they fit', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderWithCall();
    const modal = await openModal(user);
    const tooLong = 'n'.repeat(MAX_CALL_NOTES_LENGTH + 1);
    await user.click(notesField());
    await user.paste(tooLong);
    expect(notesField().value).toBe(tooLong);

    await advance(1000);
    const message = `Notes must be at most ${MAX_CALL_NOTES_LENGTH} characters`;
    expect(modal.getByText(message)).toBeTruthy();
    await user.click(modal.getByRole('button', { name: 'End Call' }));
    await settle();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Active Call' })).toBeTruthy();
    expect(notesField().value).toBe(tooLong);

    await user.type(notesField(), '{Backspace}');
    await user.click(modal.getByRole('button', { name: 'End Call' }));
    await settle();
    expect(changesSent(requests)).toEqual(SAVED_THEN_ENDED);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the call going from the panel too while notes over the limit wait in the modal', async () => {
    useFakeClock(SERVER_NOW);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, requests } = await renderWithCall();
    const modal = await openModal(user);
    const tooLong = 'n'.repeat(MAX_CALL_NOTES_LENGTH + 1);
    await user.click(notesField());
    await user.paste(tooLong);
    await user.click(modal.getByRole('button', { name: 'Close' }));
    await settle();

    await user.click(panel().getByRole('button', { name: 'End Call' }));
    await settle();
    expect(panel().getByRole('alert').textContent).toBe(
      `Notes must be at most ${MAX_CALL_NOTES_LENGTH} characters: shorten them in View Call`,
    );
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const reopened = await openModal(user);
    expect(notesField().value).toBe(tooLong);
    expect(
      reopened.getByText(`Notes must be at most ${MAX_CALL_NOTES_LENGTH} characters`),
    ).toBeTruthy();
  });

  it('saves one at a time: text typed during a save is sent after it, the latest only', async () => {
    useFakeClock(SERVER_NOW);
    const saves = heldNotesSaves();
    const { user, requests } = await renderWithCall({
      [`PATCH /api/agent/calls/${CALL_ID}`]: saves.route,
    });
    const modal = await openModal(user);
    const patches = () => sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`).map((r) => r.body);

    await user.type(notesField(), 'First');
    await advance(900);
    expect(patches()).toEqual([{ notes: 'First' }]);
    expect(screen.getByText('Saving...')).toBeTruthy();

    // Two more pauses and a blur while the first save is unanswered: nothing overtakes it.
    await user.type(notesField(), ', second');
    await advance(900);
    await user.type(notesField(), ', third');
    await user.click(modal.getByRole('button', { name: 'Hold' }));
    await advance(900);
    expect(patches()).toEqual([{ notes: 'First' }]);

    await saves.answer(0);
    expect(patches()).toEqual([{ notes: 'First' }, { notes: 'First, second, third' }]);
    await saves.answer(1);
    expect(screen.getByText('Saved')).toBeTruthy();

    // The last text is the one kept: the modal opened again starts from it.
    await user.click(modal.getByRole('button', { name: 'Close' }));
    await openModal(user);
    expect(notesField().value).toBe('First, second, third');
    expect(patches()).toHaveLength(2);
  });

  it('End Call waits for the save under way, sends the latest notes, then ends', async () => {
    useFakeClock(SERVER_NOW);
    const saves = heldNotesSaves();
    const { user, requests } = await renderWithCall({
      [`PATCH /api/agent/calls/${CALL_ID}`]: saves.route,
    });
    const modal = await openModal(user);
    const writes = () =>
      requests
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${(r.body as { notes?: string } | undefined)?.notes ?? r.path}`);

    await user.type(notesField(), 'Resolved');
    await advance(900);
    await user.type(notesField(), ' today');
    await user.click(modal.getByRole('button', { name: 'End Call' }));
    await settle();
    expect(writes()).toEqual(['PATCH Resolved']);
    expect(modal.getByRole('button', { name: 'End Call' }).hasAttribute('disabled')).toBe(true);

    await saves.answer(0);
    expect(writes()).toEqual(['PATCH Resolved', 'PATCH Resolved today']);
    await saves.answer(1);
    expect(writes()).toEqual([
      'PATCH Resolved',
      'PATCH Resolved today',
      `POST /api/agent/calls/${CALL_ID}/end`,
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps End Call disabled until the call has ended: a second click sends nothing', async () => {
    useFakeClock(SERVER_NOW);
    const saves = heldNotesSaves();
    const { user, requests } = await renderWithCall({
      [`PATCH /api/agent/calls/${CALL_ID}`]: saves.route,
      [`POST /api/agent/calls/${CALL_ID}/end`]: [
        () => jsonResponse(afterCall),
        () => errorResponse(409, 'CALL_NOT_ACTIVE', 'This call has already ended'),
      ],
    });
    const modal = await openModal(user);
    const endCall = () => modal.getByRole('button', { name: 'End Call' });

    await user.type(notesField(), 'Refund issued');
    await user.click(endCall());
    await settle();
    // Saving the notes first: End Call is already out of reach.
    expect(endCall().hasAttribute('disabled')).toBe(true);
    await user.click(endCall());
    await saves.answer(0);

    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/end`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(panel().getByText('No active calls')).toBeTruthy();
  });

  it('logs notes that fail to save after the modal closed, and keeps them for next time', async () => {
    useFakeClock(SERVER_NOW);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, requests } = await renderWithCall({
      [`PATCH /api/agent/calls/${CALL_ID}`]: [
        () => networkFailure(),
        () => networkFailure(),
        (request) =>
          jsonResponse({
            call: callLogEntry({ id: CALL_ID, notes: (request.body as { notes: string }).notes }),
          }),
      ],
    });
    const modal = await openModal(user);
    await user.type(notesField(), 'Call back at 5');
    // Closed mid-typing: leaving the field saves, closing tries once more; both fail unseen.
    await user.click(modal.getByRole('button', { name: 'Close' }));
    await settle();

    expect(sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`)).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith('The call notes could not be saved', expect.any(Error));

    const reopened = await openModal(user);
    expect(notesField().value).toBe('Call back at 5');
    expect(reopened.getByText('Failed to save notes')).toBeTruthy();

    await user.click(reopened.getByRole('button', { name: 'End Call' }));
    await settle();
    expect(sent(requests, 'PATCH', `/api/agent/calls/${CALL_ID}`).map((r) => r.body)).toEqual([
      { notes: 'Call back at 5' },
      { notes: 'Call back at 5' },
      { notes: 'Call back at 5' },
    ]);
    expect(sent(requests, 'POST', `/api/agent/calls/${CALL_ID}/end`)).toHaveLength(1);
  });
});
