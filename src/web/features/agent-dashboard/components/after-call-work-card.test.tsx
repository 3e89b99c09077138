import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallLogEntry } from '../../../../shared/schemas/agent';
import { DEFAULT_WRAP_UP_CODES } from '../../../../shared/wrap-up';
import { SERVER_NOW, agentState, at, callLogEntry } from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { errorResponse, jsonResponse } from '../../../test/fetch-mock';
import { renderDashboard, sent } from '../test/render-dashboard';

afterEach(() => {
  vi.useRealTimers();
});

const codes = DEFAULT_WRAP_UP_CODES.map((name, index) => ({
  id: `6a0d1c1e-0000-4000-8000-00000000000${index}`,
  name,
  active: true,
}));
const codeSelect = () => screen.getByRole('combobox', { name: 'Wrap-up code' }) as HTMLInputElement;
const ended = callLogEntry({ timeReceived: at(-200), durationSeconds: 125 });

/** The dashboard in After Call Work after `ended`, the team's wrap-up as given. */
function renderAfterCallWork(wrapUp = { required: false, afterCallLimitSeconds: null }) {
  let saved: CallLogEntry = ended;
  return renderDashboard(agentState({ status: 'after_call', setBy: 'system', since: at(-10) }), {
    'GET /api/agent/calls': () => jsonResponse({ calls: [saved] }),
    'GET /api/agent/wrap-up': () => jsonResponse({ ...wrapUp, codes }),
    [`PATCH /api/agent/calls/${ended.id}`]: (request) => {
      const body = request.body as { notes?: string; wrapUpCodeId?: string | null };
      const code = codes.find((c) => c.id === body.wrapUpCodeId);
      saved = {
        ...saved,
        ...(body.notes !== undefined && { notes: body.notes }),
        ...(body.wrapUpCodeId !== undefined && {
          wrapUpCode: code ? { id: code.id, name: code.name } : null,
        }),
      };
      return jsonResponse({ call: saved });
    },
  });
}

describe('After Call Work', () => {
  it('shows the call just ended; its code is saved when chosen, its notes as typed', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderAfterCallWork();
    const card = screen.getByRole('region', { name: 'After Call Work' });
    expect(card.textContent).toContain('+1 (305)-555-0142');
    expect(card.textContent).toContain('Inbound call of 2m 5s');

    await user.click(codeSelect());
    await user.click(screen.getByRole('option', { name: 'Escalated' }));
    await settle();
    expect(sent(requests, 'PATCH', `/api/agent/calls/${ended.id}`).map((r) => r.body)).toEqual([
      { wrapUpCodeId: codes[2]!.id },
    ]);
    expect(codeSelect().value).toBe('Escalated');

    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Call back Monday');
    await advance(800);
    expect(sent(requests, 'PATCH', `/api/agent/calls/${ended.id}`).at(-1)?.body).toEqual({
      notes: 'Call back Monday',
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it("says when the team requires a code, and shows the server's refusal", async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(
      agentState({ status: 'after_call', setBy: 'system', since: at(-10) }),
      {
        'GET /api/agent/calls': () => jsonResponse({ calls: [ended] }),
        'GET /api/agent/wrap-up': () =>
          jsonResponse({ required: true, afterCallLimitSeconds: 120, codes }),
        [`PATCH /api/agent/calls/${ended.id}`]: () =>
          errorResponse(409, 'WRAP_UP_CLOSED', 'A wrap-up code goes with an answered call'),
      },
    );
    expect(screen.getByText('Your team requires a code before you change status')).toBeTruthy();
    expect(
      screen.getByText('After Call Work ends by itself after 2m 0s: you are then Available.'),
    ).toBeTruthy();
    await user.click(codeSelect());
    await user.click(screen.getByRole('option', { name: 'Resolved' }));
    await settle();
    expect(screen.getByText('A wrap-up code goes with an answered call')).toBeTruthy();
  });

  it('is not there outside After Call Work', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard(agentState(), {
      'GET /api/agent/calls': () => jsonResponse({ calls: [ended] }),
    });
    expect(screen.queryByRole('region', { name: 'After Call Work' })).toBeNull();
  });
});
