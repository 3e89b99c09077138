import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Team } from '../../../../shared/schemas/teams';
import type { TeamWrapUp } from '../../../../shared/schemas/wrap-up';
import { DEFAULT_WRAP_UP_CODES } from '../../../../shared/wrap-up';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { nightShift, teamLeaderAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TeamWrapUpModal } from './team-wrap-up-modal';

const night: Team = {
  ...nightShift,
  description: null,
  created_by: 'ada',
  created_at: '2026-11-03T09:00:00.000Z',
  member_count: 3,
};
const url = `/api/teams/${night.id}/wrap-up`;

/** The modal over a fake server that keeps the team's wrap-up as it is changed. */
function renderModal() {
  const wrapUp: TeamWrapUp = {
    required: false,
    afterCallLimitSeconds: null,
    codes: DEFAULT_WRAP_UP_CODES.map((name, index) => ({
      id: `6a0d1c1e-0000-4000-8000-00000000000${index}`,
      name,
      active: true,
    })),
  };
  const served = mockFetch({
    [`GET ${url}`]: () => jsonResponse(wrapUp),
    [`PUT ${url}/rules`]: (request) => {
      Object.assign(wrapUp, request.body);
      return jsonResponse(wrapUp);
    },
    [`POST ${url}/codes`]: (request) => {
      const { name } = request.body as { name: string };
      if (wrapUp.codes.some((code) => code.name.toLowerCase() === name.toLowerCase())) {
        return errorResponse(
          409,
          'WRAP_UP_CODE_NAME_TAKEN',
          'This team already has a wrap-up code with this name',
        );
      }
      const code = { id: '6a0d1c1e-0000-4000-8000-000000000009', name, active: true };
      wrapUp.codes.push(code);
      return jsonResponse({ code }, 201);
    },
    [`PATCH ${url}/codes/${'6a0d1c1e-0000-4000-8000-000000000003'}`]: (request) => {
      const code = wrapUp.codes[3]!;
      Object.assign(code, request.body);
      return jsonResponse({ code });
    },
  });
  const rendered = renderWithProviders(<TeamWrapUpModal team={night} onClose={() => {}} />, {
    signedInAs: teamLeaderAdminUser,
  });
  return { ...served, ...rendered };
}

describe("a team's wrap-up", () => {
  it('lists the codes; one is turned off, renamed, and one added', async () => {
    const { user, requests } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: `Wrap-up: ${night.name}` });
    await screen.findByRole('table', { name: 'Wrap-up codes' });
    expect(dialog.textContent).toContain('Follow-up needed');

    await user.click(screen.getByRole('switch', { name: 'Wrong number active' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: 'Wrong number active' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Rename Wrong number' }));
    const rename = screen.getByRole('textbox', { name: 'New name for Wrong number' });
    await user.clear(rename);
    await user.type(rename, 'Misdial{Enter}');
    expect(await screen.findByRole('button', { name: 'Rename Misdial' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'New code' }), 'resolved{Enter}');
    expect(
      await screen.findByText('This team already has a wrap-up code with this name'),
    ).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'New code' }));
    await user.type(screen.getByRole('textbox', { name: 'New code' }), 'Billing{Enter}');
    expect(await screen.findByRole('switch', { name: 'Billing active' })).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.body])).toEqual([
      ['PATCH', { active: false }],
      ['PATCH', { name: 'Misdial' }],
      ['POST', { name: 'resolved' }],
      ['POST', { name: 'Billing' }],
    ]);
  });

  it('rules: a limit out of range is said at the field and not sent; a good one is saved', async () => {
    const { user, requests } = renderModal();
    await screen.findByRole('table', { name: 'Wrap-up codes' });
    await user.click(
      screen.getByRole('switch', { name: 'Require a wrap-up code before leaving After Call Work' }),
    );
    const limit = screen.getByRole('textbox', { name: 'After Call Work limit (seconds)' });
    await user.type(limit, '10');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(screen.getByText('The limit must be at least 30 seconds')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.clear(limit);
    await user.type(limit, '120');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Rules saved')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { required: true, afterCallLimitSeconds: 120 },
    ]);
  });
});
