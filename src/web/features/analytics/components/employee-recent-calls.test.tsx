import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callLogEntry } from '../../../test/agent-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { teamLeaderAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { EmployeeRecentCalls } from './employee-recent-calls';

afterEach(() => {
  vi.restoreAllMocks();
});

const EMPLOYEE = '0f8e7d6c-0000-4000-8000-000000000001';
const call = callLogEntry({ notes: 'Wants a callback' });

describe("an employee's recent calls, for an admin", () => {
  it("lists them as the agent's Activity Log, each opening its transcript", async () => {
    const { requests } = mockFetch({
      [`GET /api/analytics/employees/${EMPLOYEE}/calls`]: () => jsonResponse({ calls: [call] }),
      [`GET /api/analytics/employees/${EMPLOYEE}/calls/${call.id}`]: () =>
        jsonResponse({
          call: {
            ...call,
            transcript: [
              { speaker: 'caller', text: 'Hello?', at: '2026-11-20T14:30:09.000Z' },
              { speaker: 'agent', text: '(spoke for 2 s)', at: '2026-11-20T14:30:12.000Z' },
            ],
          },
        }),
    });
    const { user } = renderWithProviders(<EmployeeRecentCalls employeeId={EMPLOYEE} />, {
      signedInAs: teamLeaderAdminUser,
    });

    const table = await screen.findByRole('table', { name: 'Recent calls' });
    await user.click(await within(table).findByRole('button', { name: '+1 (305)-555-0142' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call details' });
    expect(await within(dialog).findByText('Wants a callback')).toBeTruthy();
    // The agent's turns are the agent's, not 'You', for the admin reading them.
    expect(
      within(within(dialog).getByRole('region', { name: 'Transcript' }))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Nov 20, 9:30:09 AM Caller: Hello?', 'Nov 20, 9:30:12 AM Agent: (spoke for 2 s)']);
    expect(requests.map((request) => request.path)).toEqual([
      `/api/analytics/employees/${EMPLOYEE}/calls`,
      `/api/analytics/employees/${EMPLOYEE}/calls/${call.id}`,
    ]);
  });
});
