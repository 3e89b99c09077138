import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { agentToday } from '../../../test/agent-fixtures';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AgentAnalyticsPage } from './agent-analytics-page';

const card = (title: string) => screen.getByRole('region', { name: title }).textContent;

describe('AgentAnalyticsPage', () => {
  it("shows today's totals, Not Answered being the missed calls", async () => {
    mockFetch({
      'GET /api/agent/today': () =>
        jsonResponse(
          agentToday({ calls: 12, answered: 8, declined: 3, missed: 1, talkSeconds: 3725 }),
        ),
    });
    renderWithProviders(<AgentAnalyticsPage />, { signedInAs: agentUser });

    expect(screen.getByRole('heading', { name: 'Analytics', level: 2 })).toBeTruthy();
    expect(await screen.findByText('12')).toBeTruthy();
    expect(card('Total Calls')).toBe('Total Calls12');
    expect(card('Answered')).toBe('Answered8');
    expect(card('Declined')).toBe('Declined3');
    expect(card('Not Answered')).toBe('Not Answered1');
    expect(card('Talk Time')).toBe('Talk Time1h 2m 5s');
  });

  it('only logs a load error and shows dashes', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/agent/today': () =>
        errorResponse(403, 'FORBIDDEN', 'You are not allowed to do this'),
    });
    renderWithProviders(<AgentAnalyticsPage />, { signedInAs: agentUser });

    await vi.waitFor(() => expect(card('Total Calls')).toBe('Total Calls—'));
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
