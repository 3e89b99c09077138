import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../../../../shared/errors';
import { outboundCallSchema } from '../../../../shared/schemas/agent';
import { SERVER_NOW, activeCall, agentState } from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { errorResponse, jsonResponse } from '../../../test/fetch-mock';
import { renderDashboard, sent } from '../test/render-dashboard';
import { dialerHints } from './dialer';

type User = Awaited<ReturnType<typeof renderDashboard>>['user'];

const outBound = agentState({ status: 'out_bound', since: SERVER_NOW });
/** The server's answer to a placed call: On Call, the call connecting. */
const onOutboundCall = agentState({
  status: 'on_call',
  since: SERVER_NOW,
  call: activeCall(0, { callType: 'outbound', phoneNumber: '12125550187' }),
});
const dialerToggle = () => screen.getByRole('button', { name: 'Dialer' });
const numberField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone number' });
const key = (label: string) =>
  within(screen.getByRole('form', { name: 'Dialer' })).getByRole('button', { name: label });

/** The toggle, then the two animation frames the expanding takes. */
async function toggleDialer(user: User) {
  await user.click(dialerToggle());
  await advance(50);
}

/** What a screen reader reads with `element` after its name (its aria-describedby). */
function description(element: HTMLElement) {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function press(user: User, keys: string) {
  for (const label of keys) await user.click(key(label));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the Dialer', () => {
  it('starts collapsed and opens with its toggle', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    expect(dialerToggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();

    await toggleDialer(user);
    expect(dialerToggle().getAttribute('aria-expanded')).toBe('true');
    expect(numberField().getAttribute('placeholder')).toBe('+1 (234)-567-8900');
    expect(numberField().value).toBe('+1');

    await toggleDialer(user);
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull();
  });

  it('has a keypad of 1–9, +, 0 and a named backspace', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);
    const form = within(screen.getByRole('form', { name: 'Dialer' }));
    for (const label of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0', 'Backspace']) {
      expect(form.getByRole('button', { name: label })).toBeTruthy();
    }
  });

  it('builds the number from the keypad, formatted, at most 11 digits', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);

    await press(user, '212');
    expect(numberField().value).toBe('+1 (212)');
    await press(user, '+5550187');
    expect(numberField().value).toBe('+1 (212)-555-0187');
    await press(user, '99');
    expect(numberField().value).toBe('+1 (212)-555-0187');
  });

  it('keeps only digits from typing and pasting', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);

    await user.type(numberField(), '4a1-5');
    expect(numberField().value).toBe('+1 (415)');

    await user.clear(numberField());
    expect(numberField().value).toBe('+1');
    await user.click(numberField());
    await user.paste('(212) 555-0187');
    expect(numberField().value).toBe('+1 (212)-555-0187');

    // A whole number with its country code replaces the field; digits past 11 are dropped.
    await user.paste('+1 (305) 555-0142 ext. 42');
    expect(numberField().value).toBe('+1 (305)-555-0142');
  });

  it('typed digit by digit after a Tab into the fresh field, whose +1 is selected: +1 first', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);

    await user.tab();
    expect(document.activeElement).toBe(numberField());
    numberField().select();
    await user.keyboard('4155551234');
    expect(numberField().value).toBe('+1 (415)-555-1234');

    // The same over a whole number selected, typed with its country code this time.
    numberField().select();
    await user.keyboard('13055550142');
    expect(numberField().value).toBe('+1 (305)-555-0142');
  });

  it('backspaces one digit at a time, never below 1, and clears back to 1', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);
    await press(user, '2125');

    await user.click(key('Backspace'));
    expect(numberField().value).toBe('+1 (212)');
    await user.click(key('Backspace'));
    await user.click(key('Backspace'));
    await user.click(key('Backspace'));
    await user.click(key('Backspace'));
    expect(numberField().value).toBe('+1');

    await press(user, '305');
    await user.click(key('Clear'));
    expect(numberField().value).toBe('+1');
  });

  it('deletes a digit when the field backspaces over its formatting', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);
    await press(user, '212');
    expect(numberField().value).toBe('+1 (212)');

    await user.type(numberField(), '{Backspace}');
    expect(numberField().value).toBe('+1 (21');
  });

  it('edits in the middle of the number where the caret is, and keeps the caret there', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);
    await press(user, '6655501999');
    expect(numberField().value).toBe('+1 (665)-550-1999');

    // Backspace just after ')': the 5 before it goes, not the last digit.
    await user.type(numberField(), '{Backspace}', {
      initialSelectionStart: 8,
      initialSelectionEnd: 8,
    });
    expect(numberField().value).toBe('+1 (665)-501-999');
    // Where the deleted digit was: after '+1 (66', the digits after it moved up.
    expect(numberField().selectionStart).toBe(6);

    // Typing goes in where the caret is, and the caret follows it.
    await user.keyboard('4');
    expect(numberField().value).toBe('+1 (664)-550-1999');
    expect(numberField().selectionStart).toBe(7);

    // Backspace inside the area code deletes the digit before the caret only.
    await user.type(numberField(), '{Backspace}', {
      initialSelectionStart: 6,
      initialSelectionEnd: 6,
    });
    expect(numberField().value).toBe('+1 (645)-501-999');
    expect(numberField().selectionStart).toBe(5);
  });

  it('a 10-digit number pasted over the whole field keeps the country code', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);
    await press(user, '30555');
    await user.click(numberField());
    numberField().setSelectionRange(0, numberField().value.length);
    await user.paste('212-555-0100');
    expect(numberField().value).toBe('+1 (212)-555-0100');
  });

  it('enables Call only in Out Bound with more than one digit', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound);
    await toggleDialer(user);
    const call = key('Call');
    expect(call.hasAttribute('disabled')).toBe(true);
    for (const element of [call, numberField()]) {
      expect(description(element)).toBe('Enter a phone number of 2 to 11 digits');
    }

    await press(user, '2');
    expect(call.hasAttribute('disabled')).toBe(false);
    expect(description(call)).toBe('');
    expect(screen.queryByText('Enter a phone number of 2 to 11 digits')).toBeNull();
  });

  it("hints each refusal dialRefusal foresees in the server's words for it", () => {
    expect(dialerHints).toEqual({
      CALL_IN_PROGRESS: errorCatalogue.CALL_IN_PROGRESS.message,
      OUTBOUND_NEEDS_OUT_BOUND: errorCatalogue.OUTBOUND_NEEDS_OUT_BOUND.message,
      PHONE_NUMBER_LENGTH: outboundCallSchema.safeParse({ phoneNumber: '1' }).error?.issues[0]
        ?.message,
    });
  });

  it('keeps Call disabled outside Out Bound and says why', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(agentState());
    await toggleDialer(user);
    await press(user, '2125550187');
    expect(key('Call').hasAttribute('disabled')).toBe(true);
    for (const element of [key('Call'), numberField()]) {
      expect(description(element)).toBe('Set status to Out Bound to place a call');
    }
  });

  it('keeps Call disabled during a call and says to finish it first', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(onOutboundCall);
    await toggleDialer(user);
    await press(user, '2'); // a number Call would take, were there no call
    expect(key('Call').hasAttribute('disabled')).toBe(true);
    for (const element of [key('Call'), numberField()]) {
      expect(description(element)).toBe('Finish the current call first');
    }
  });

  it('places the call and shows the outgoing card', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(outBound, {
      'POST /api/agent/calls/outbound': () => jsonResponse(onOutboundCall),
    });
    await toggleDialer(user);
    await press(user, '2125550187');
    await user.click(key('Call'));
    await settle();

    expect(sent(requests, 'POST', '/api/agent/calls/outbound').map((r) => r.body)).toEqual([
      { phoneNumber: '12125550187' },
    ]);
    const interactions = within(screen.getByRole('region', { name: 'Interactions' }));
    expect(interactions.getByText('Outgoing call')).toBeTruthy();
    expect(interactions.getByText('+1 (212)-555-0187')).toBeTruthy();
    expect(interactions.getByText('Connecting...')).toBeTruthy();
    expect(numberField().value).toBe('+1');
  });

  it('from the keyboard: Call, disabled once the call is on, hands the focus to the call', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound, {
      'POST /api/agent/calls/outbound': () => jsonResponse(onOutboundCall),
    });
    await toggleDialer(user);
    await press(user, '2125550187');
    key('Call').focus();
    await user.keyboard('{Enter}');
    await settle();
    await advance(50);

    const interactions = screen.getByRole('region', { name: 'Interactions' });
    expect(interactions.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(document.body);
  });

  it("shows the server's reason when it refuses the call", async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(outBound, {
      'POST /api/agent/calls/outbound': () =>
        errorResponse(409, 'NOT_OUT_BOUND', 'Set status to Out Bound to place a call'),
    });
    await toggleDialer(user);
    await press(user, '2125550187');
    await user.click(key('Call'));
    await settle();

    expect(screen.getByRole('alert').textContent).toBe('Set status to Out Bound to place a call');
    expect(numberField().value).toBe('+1 (212)-555-0187');
  });
});
