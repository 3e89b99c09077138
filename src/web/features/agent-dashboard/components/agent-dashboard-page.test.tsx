import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_NOW, agentState, at, callLogEntry } from '../../../test/agent-fixtures';
import { advance, settle, useFakeClock } from '../../../test/fake-clock';
import { errorResponse, jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { renderDashboard } from '../test/render-dashboard';
import { AgentIdentity } from './agent-identity';

const clock = (zone: string) => screen.getByRole('group', { name: zone }).textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('AgentDashboardPage', () => {
  it('names Switchboard and shows who is working, in which status', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard();

    expect(screen.getByRole('heading', { name: 'Switchboard Agent Dashboard', level: 2 }));
    expect(screen.getByText('dana')).toBeTruthy();
    // The avatar's initial, in the status colour (Available: green).
    const avatar = screen.getByText('D');
    expect(avatar.parentElement?.getAttribute('style')).toContain('--mantine-color-green-filled');
    expect(screen.getByRole('heading', { name: 'Interactions' })).toBeTruthy();
    expect(screen.getByText('No active calls')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Activity Log' })).toBeTruthy();
    expect(screen.getByText('No call activity yet')).toBeTruthy();
  });

  it('shows four zone clocks in 12-hour time that tick every second', async () => {
    useFakeClock(SERVER_NOW);
    await renderDashboard();

    expect(clock('Eastern')).toBe('Eastern10:00:00 AMFri, Nov 20');
    expect(clock('Central')).toBe('Central9:00:00 AMFri, Nov 20');
    expect(clock('Mountain')).toBe('Mountain8:00:00 AMFri, Nov 20');
    expect(clock('Pacific')).toBe('Pacific7:00:00 AMFri, Nov 20');

    await advance(1000);
    expect(clock('Eastern')).toBe('Eastern10:00:01 AMFri, Nov 20');
    await advance(2000);
    expect(clock('Pacific')).toBe('Pacific7:00:03 AMFri, Nov 20');
  });

  it("shows the server's time when this browser's clock is wrong", async () => {
    // The browser runs 90 s slow; the server's serverNow gives the offset away.
    useFakeClock(at(-90));
    await renderDashboard();
    expect(clock('Eastern')).toBe('Eastern10:00:00 AMFri, Nov 20');
  });

  it('lists the latest calls with Eastern times, capitalised types and outcomes', async () => {
    useFakeClock(SERVER_NOW);
    const { requests } = await renderDashboard(agentState(), {
      'GET /api/agent/calls': () =>
        jsonResponse({
          calls: [
            callLogEntry({
              id: '1b2c3d4e-0000-4000-8000-000000000003',
              phoneNumber: '18005550199',
              callType: 'outbound',
              timeReceived: at(-20),
              durationSeconds: null,
              wrapUpCode: { id: '6a0d1c1e-0000-4000-8000-000000000001', name: 'Escalated' },
            }),
            callLogEntry({
              id: '1b2c3d4e-0000-4000-8000-000000000002',
              callStatus: 'missed',
              durationSeconds: 0,
              timeReceived: '2026-11-20T17:05:09.000Z',
            }),
            callLogEntry({ callStatus: 'declined', durationSeconds: 3725 }),
            callLogEntry({ callStatus: 'missed', durationSeconds: null }),
          ],
        }),
    });

    const table = screen.getByRole('table', { name: 'Activity Log' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Phone Number',
      'Call Type',
      'Time Received',
      'Call Status',
      'Call Duration',
      'Wrap-up Code',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['+1 (800)-555-0199', 'Outbound', 'Nov 20, 9:59:40 AM', 'Answered', '—', 'Escalated'],
      ['+1 (305)-555-0142', 'Inbound', 'Nov 20, 12:05:09 PM', 'Missed', '0s', '—'],
      ['+1 (305)-555-0142', 'Inbound', 'Nov 20, 9:30:05 AM', 'Declined', '1h 2m 5s', '—'],
      ['+1 (305)-555-0142', 'Inbound', 'Nov 20, 9:30:05 AM', 'Missed', '—', '—'],
    ]);
    // A duration's dash is 'In progress' only for an answered call: a missed one never had one.
    const dashes = within(table).getAllByTitle('In progress');
    expect(dashes).toHaveLength(1);
    expect(requests.find((r) => r.path === '/api/agent/calls')?.query.get('limit')).toBe('10');
  });

  it('offers to try again when the state cannot be loaded', async () => {
    useFakeClock(SERVER_NOW);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderDashboard(agentState(), {
      'GET /api/agent/state': [
        () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
        () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
        () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
        () => jsonResponse(agentState()),
      ],
    });
    // The query client retries a 5xx twice before giving up.
    await advance(10_000);
    expect(screen.getByText('Your status could not be loaded')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
  });
});

describe('AgentIdentity', () => {
  it('shows a status it does not know by its raw value, in gray', () => {
    renderWithProviders(<AgentIdentity username="eli" status="coaching" />);
    expect(screen.getByText('coaching')).toBeTruthy();
    expect(screen.getByText('E').parentElement?.getAttribute('style')).toContain(
      '--mantine-color-gray-filled',
    );
  });

  it('colours the avatar by status: Gone Home is slate', () => {
    renderWithProviders(<AgentIdentity username="eli" status="gone_home" />);
    expect(screen.getByText('Gone Home')).toBeTruthy();
    expect(screen.getByText('E').parentElement?.getAttribute('style')).toContain(
      '--mantine-color-slate-filled',
    );
  });
});
