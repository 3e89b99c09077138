import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callLogEntry } from '../../../test/agent-fixtures';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ActivityLog } from './activity-log';

afterEach(() => {
  vi.restoreAllMocks();
});

const call = callLogEntry({
  notes: 'Refund of the second charge promised.',
  wrapUpCode: { id: '5f1d2e3c-0000-4000-8000-000000000001', name: 'Resolved' },
});
const detailsPath = `GET /api/agent/calls/${call.id}`;

describe("a call's details from the Activity Log", () => {
  it('opens from the number: the log fields, notes, wrap-up code and transcript', async () => {
    const { requests } = mockFetch({
      'GET /api/agent/calls': () => jsonResponse({ calls: [call] }),
      [detailsPath]: () =>
        jsonResponse({
          call: {
            ...call,
            transcript: [
              { speaker: 'caller', text: 'I was charged twice.', at: '2026-11-20T14:30:09.000Z' },
              { speaker: 'agent', text: '(spoke for 4 s)', at: '2026-11-20T14:30:15.000Z' },
            ],
          },
        }),
    });
    const { user } = renderWithProviders(<ActivityLog />);

    const number = await screen.findByRole('button', { name: '+1 (305)-555-0142' });
    expect(number.getAttribute('title')).toBe('Call details');
    await user.click(number);
    const dialog = await screen.findByRole('dialog', { name: 'Call details' });
    await within(dialog).findByText('Refund of the second charge promised.');
    expect(within(dialog).getByText('Resolved')).toBeTruthy();
    expect(within(dialog).getByText('2m 5s')).toBeTruthy();
    const lines = within(within(dialog).getByRole('region', { name: 'Transcript' }))
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'Nov 20, 9:30:09 AM Caller: I was charged twice.',
      'Nov 20, 9:30:15 AM You: (spoke for 4 s)',
    ]);
    expect(
      requests.filter((request) => request.path === `/api/agent/calls/${call.id}`),
    ).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(number);
  });

  it('says so when the call cannot be read', async () => {
    mockFetch({
      'GET /api/agent/calls': () => jsonResponse({ calls: [call] }),
      [detailsPath]: () => errorResponse(404, 'NOT_FOUND', 'Not found'),
    });
    const { user } = renderWithProviders(<ActivityLog />);
    await user.click(await screen.findByRole('button', { name: '+1 (305)-555-0142' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call details' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The call could not be loaded.',
    );
  });

  it('says so when nothing was transcribed', async () => {
    mockFetch({
      'GET /api/agent/calls': () => jsonResponse({ calls: [call] }),
      [detailsPath]: () => jsonResponse({ call: { ...call, transcript: [] } }),
    });
    const { user } = renderWithProviders(<ActivityLog />);
    await user.click(await screen.findByRole('button', { name: '+1 (305)-555-0142' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call details' });
    expect(await within(dialog).findByText('Nothing was transcribed on this call.')).toBeTruthy();
  });
});
