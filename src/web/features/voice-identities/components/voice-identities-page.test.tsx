import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { superAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { VoiceIdentitiesPage } from './voice-identities-page';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Voice page', () => {
  it('lists the identities by name, assistant id and calls, with the provider', async () => {
    mockFetch({
      'GET /api/voice/identities': () =>
        jsonResponse({
          provider: 'vapi',
          identities: [
            { name: 'Riley', assistantId: 'asst-1', calls: 3 },
            { name: 'Sam', assistantId: 'asst-2', calls: 0 },
          ],
        }),
    });
    renderWithProviders(<VoiceIdentitiesPage />, { signedInAs: superAdminUser });

    const table = await screen.findByRole('table', { name: 'Voice identities' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['NameAssistant IDCalls', 'Rileyasst-13', 'Samasst-20']);
    expect(screen.getByText('Vapi')).toBeTruthy();
  });

  it('says it is loading through a named status, not a bare spinner', () => {
    mockFetch({ 'GET /api/voice/identities': () => new Promise<Response>(() => {}) });
    renderWithProviders(<VoiceIdentitiesPage />, { signedInAs: superAdminUser });

    const status = screen.getByRole('status', { name: 'Loading voice identities' });
    expect(status.querySelector('[aria-label]')).toBeNull();
  });

  it('says calls use the local assistant when none is configured', async () => {
    mockFetch({
      'GET /api/voice/identities': () => jsonResponse({ provider: 'local', identities: [] }),
    });
    renderWithProviders(<VoiceIdentitiesPage />, { signedInAs: superAdminUser });

    expect(
      await screen.findByText('No voice identities configured: calls use the local assistant.'),
    ).toBeTruthy();
    expect(screen.getByText('Local (offline)')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
