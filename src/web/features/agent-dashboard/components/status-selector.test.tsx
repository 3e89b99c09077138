import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_NOW, activeCall, agentState, at } from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { errorResponse, jsonResponse } from '../../../test/fetch-mock';
import { renderDashboard, sent } from '../test/render-dashboard';
import { PRESENCE_LOST_NOTICE } from './agent-dashboard-page';

const statusSelect = () => screen.getByRole('combobox', { name: 'Status' });

/** Each option's text, e.g. 'Break Overall 00:10:00 This 00:00:00'. */
async function openOptions(user: Awaited<ReturnType<typeof renderDashboard>>['user']) {
  await user.click(statusSelect());
  const listbox = screen.getByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the status selector', () => {
  it('shows the current status and its running time, ticking every second', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard();
    expect(statusSelect().textContent).toBe('Available 00:05:00');

    await advance(3000);
    expect(statusSelect().textContent).toBe('Available 00:05:03');
  });

  it('counts from the server timestamps even when this browser runs fast', async () => {
    // The browser is 2 minutes ahead of the server: the timer must not jump by 2 minutes.
    useFakeClock(at(120));
    await renderDashboard();
    expect(statusSelect().textContent).toBe('Available 00:05:00');
  });

  it('offers every status but On Call and After Call Work, each with Overall and This', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard();
    await advance(2000);

    expect(await openOptions(user)).toEqual([
      // 30 min counted today up to serverNow, plus the 2 s since; this stint 5 min + 2 s.
      'Available Overall 00:30:02 This 00:05:02',
      'Break Overall 00:10:00 This 00:00:00',
      'Lunch Overall 00:00:00 This 00:00:00',
      'Personal Time Overall 00:00:00 This 00:00:00',
      'Tech Issues Overall 00:00:00 This 00:00:00',
      'Gone Home Overall 00:00:00 This 00:00:00',
      'Out Bound Overall 00:00:00 This 00:00:00',
    ]);
    expect(screen.getByRole('option', { name: /^Available/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(statusSelect().getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a status the system set (On Call) with its timer, without offering it', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(
      agentState({
        status: 'on_call',
        since: at(-65),
        todaySeconds: { available: 1800, on_call: 400 },
        call: activeCall(65),
      }),
    );
    expect(statusSelect().textContent).toBe('On Call 00:01:05');

    const options = await openOptions(user);
    expect(options).toHaveLength(7);
    expect(options.some((text) => text?.startsWith('On Call'))).toBe(false);
    expect(options.some((text) => text?.startsWith('After Call Work'))).toBe(false);
    expect(options[0]).toBe('Available Overall 00:30:00 This 00:00:00');
  });

  it('reads zero before the agent ever set a status', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard(agentState({ status: 'gone_home', since: null, todaySeconds: {} }));
    expect(statusSelect().textContent).toBe('Gone Home 00:00:00');
  });

  it('changes the status on the server and shows the new one at once', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(agentState(), {
      'PUT /api/agent/status': () =>
        jsonResponse(
          agentState({
            status: 'break',
            since: SERVER_NOW,
            todaySeconds: { available: 2100, break: 600 },
          }),
        ),
    });

    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Break/ }));
    await settle();

    expect(sent(requests, 'PUT', '/api/agent/status').map((r) => r.body)).toEqual([
      { status: 'break' },
    ]);
    expect(statusSelect().textContent).toMatch(/^Break 00:00:0\d$/);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('can be operated from the keyboard alone', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(agentState(), {
      'PUT /api/agent/status': () =>
        jsonResponse(agentState({ status: 'break', since: SERVER_NOW })),
    });

    statusSelect().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Statuses' })).toBeTruthy();
    // The list opens on the current status; one down is Break.
    await user.keyboard('{ArrowDown}{Enter}');
    await settle();

    expect(sent(requests, 'PUT', '/api/agent/status').map((r) => r.body)).toEqual([
      { status: 'break' },
    ]);
  });

  it.each(['{Enter}', ' '])(
    'opened with %s, the list starts on the current status too',
    async (key) => {
      useFakeClock(SERVER_NOW);
      const { user, requests } = await renderDashboard(agentState(), {
        'PUT /api/agent/status': () =>
          jsonResponse(agentState({ status: 'break', since: SERVER_NOW })),
      });

      statusSelect().focus();
      await user.keyboard(key);
      expect(screen.getByRole('listbox')).toBeTruthy();
      const current = screen.getByRole('option', { name: /^Available/ });
      await waitFor(() => expect(current.hasAttribute('data-combobox-selected')).toBe(true));
      // A screen reader is told where the list starts, and follows the arrows.
      await waitFor(() =>
        expect(statusSelect().getAttribute('aria-activedescendant')).toBe(current.id),
      );
      await user.keyboard('{ArrowDown}');
      const next = screen.getByRole('option', { name: /^Break/ });
      await waitFor(() =>
        expect(statusSelect().getAttribute('aria-activedescendant')).toBe(next.id),
      );
      await user.keyboard('{Enter}');
      await settle();

      expect(sent(requests, 'PUT', '/api/agent/status').map((r) => r.body)).toEqual([
        { status: 'break' },
      ]);
    },
  );

  it('goes to the first and last status with Home and End, and by first letter', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(agentState(), {
      'PUT /api/agent/status': () =>
        jsonResponse(agentState({ status: 'lunch', since: SERVER_NOW })),
    });
    statusSelect().focus();
    await user.keyboard('{Enter}');
    const isOn = (name: RegExp) =>
      waitFor(() =>
        expect(statusSelect().getAttribute('aria-activedescendant')).toBe(
          screen.getByRole('option', { name }).id,
        ),
      );
    await isOn(/^Available/);
    await user.keyboard('{End}');
    await isOn(/^Out Bound/);
    await user.keyboard('{Home}');
    await isOn(/^Available/);
    await user.keyboard('p');
    await isOn(/^Personal Time/);
    await user.keyboard('L');
    await isOn(/^Lunch/);
    await user.keyboard('{Enter}');
    await settle();
    expect(sent(requests, 'PUT', '/api/agent/status').map((r) => r.body)).toEqual([
      { status: 'lunch' },
    ]);
  });

  it('hides its chevron from screen readers: the combobox says it opens a list', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard();
    const chevrons = document.querySelectorAll('svg[data-combobox-chevron]');
    expect(chevrons.length).toBeGreaterThan(0);
    for (const chevron of chevrons) expect(chevron.getAttribute('aria-hidden')).toBe('true');
  });

  it('sends nothing when the current status is chosen again', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard();
    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Available/ }));
    await settle();
    expect(sent(requests, 'PUT', '/api/agent/status')).toEqual([]);
  });

  it('says why when the system set Tech Issues, until the agent chooses a status', async () => {
    useFakeClock(SERVER_NOW);
    const { user, requests } = await renderDashboard(
      agentState({ status: 'tech_issues', setBy: 'system', since: at(-30) }),
      {
        'PUT /api/agent/status': () =>
          jsonResponse(agentState({ status: 'tech_issues', setBy: 'agent', since: SERVER_NOW })),
      },
    );
    expect(screen.getByRole('alert').textContent).toBe(PRESENCE_LOST_NOTICE);

    // Choosing Tech Issues itself makes it the agent's own.
    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Tech Issues/ }));
    await settle();
    expect(sent(requests, 'PUT', '/api/agent/status').map((r) => r.body)).toEqual([
      { status: 'tech_issues' },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says calls were paused when the system set Tech Issues after missed offers', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(
      agentState({ status: 'tech_issues', setBy: 'system', missedInARow: 2, since: at(-5) }),
      {
        'PUT /api/agent/status': () =>
          jsonResponse(agentState({ status: 'available', since: SERVER_NOW })),
      },
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'You missed 2 calls in a row, so calls were paused. Choose your status to continue.',
    );

    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Available/ }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's reason when it refuses", async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(agentState(), {
      'PUT /api/agent/status': () =>
        errorResponse(409, 'CALL_IN_PROGRESS', 'Finish the call before changing status'),
    });

    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Lunch/ }));
    await settle();

    expect(screen.getByRole('alert').textContent).toBe('Finish the call before changing status');
    expect(statusSelect().textContent).toBe('Available 00:05:00');
  });

  it('falls back to its own words when the server cannot be reached', async () => {
    useFakeClock(SERVER_NOW);
    const { user } = await renderDashboard(agentState(), {
      'PUT /api/agent/status': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(statusSelect());
    await user.click(screen.getByRole('option', { name: /^Lunch/ }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Failed to change status');
  });
});
