import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Team, TeamCandidate } from '../../../../shared/schemas/teams';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { dayShift, nightShift, superAdminUser } from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import { AddTeamMemberModal } from './add-team-member-modal';

const night: Team = {
  ...nightShift,
  description: null,
  created_by: 'ada',
  created_at: '2026-11-03T09:00:00.000Z',
  member_count: 0,
};
const teamPath = `/api/teams/${night.id}`;

const candidate = (n: number, overrides: Partial<TeamCandidate> = {}): TeamCandidate => ({
  id: `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  username: `agent_${String(n).padStart(4, '0')}`,
  role: 'employee',
  current_team: null,
  can_add: true,
  ...overrides,
});

/** A centre of 2,000 agents, and an admin of another team near the end of the alphabet. */
const centre = [
  ...Array.from({ length: 2000 }, (_, i) => candidate(i)),
  candidate(2000, { username: 'zoe_admin', role: 'admin', current_team: dayShift }),
];

function serveCandidates(
  candidates: TeamCandidate[] = centre,
  overrides: Parameters<typeof mockFetch>[0] = {},
) {
  return mockFetch({
    [`GET ${teamPath}/candidates`]: ({ query }) =>
      pagedListResponse('candidates', candidates, query, {
        matches: (c, search) => c.username.toLowerCase().includes(search),
        sortBy: { username: (c) => c.username },
      }),
    ...overrides,
  });
}

function renderModal() {
  const onAdded = vi.fn();
  const onCancel = vi.fn();
  const rendered = renderWithProviders(
    <AddTeamMemberModal team={night} onAdded={onAdded} onCancel={onCancel} />,
    { signedInAs: superAdminUser },
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Add Team Member' }));
  return { ...rendered, dialog, onAdded, onCancel };
}

const userPicker = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('combobox', { name: 'Select User' });

async function loaded(dialog: ReturnType<typeof within>) {
  await waitFor(() => expect(userPicker(dialog).hasAttribute('disabled')).toBe(false));
}

/** An open picker re-renders a page of options at every key: slow in jsdom on a busy machine. */
const SLOW_TEST_TIMEOUT_MS = 20_000;
/** How long a search may take to come back: the pause after typing, the request, the render. */
const SEARCHED = { timeout: 5000 };

describe('AddTeamMemberModal: the Select User picker', { timeout: SLOW_TEST_TIMEOUT_MS }, () => {
  it('asks for one page, not the whole centre, and says how many more match', async () => {
    const { requests } = serveCandidates();
    const { user, dialog } = renderModal();
    await loaded(dialog);

    expect(requests).toHaveLength(1);
    expect(requests[0]?.query.toString()).toBe('pageSize=25');
    expect(dialog.getByText('Type to narrow: 1,976 more')).toBeTruthy();
    await user.click(userPicker(dialog));
    expect(screen.getAllByRole('option')).toHaveLength(25);
    // The Role dropdown stays as the spec has it.
    expect(dialog.getByRole('combobox', { name: 'Role' })).toBeTruthy();
  });

  it('asks again each time it opens: someone may have joined another team since', async () => {
    const { requests } = serveCandidates();
    const { rerender, dialog } = renderModal();
    await loaded(dialog);
    rerender(<></>);
    rerender(<AddTeamMemberModal team={night} onAdded={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.query.toString()).toBe('pageSize=25');
  });

  it('searches on the server once typing pauses, and narrows the count', async () => {
    const { requests } = serveCandidates();
    const { user, dialog } = renderModal();
    await loaded(dialog);

    // Not asked at the first key: once typing pauses.
    await user.type(userPicker(dialog), 'a');
    expect(requests).toHaveLength(1);
    await waitFor(() => expect(requests.at(-1)?.query.get('search')).toBe('a'), SEARCHED);

    await user.type(userPicker(dialog), 'gent_19');
    expect(await dialog.findByText('Type to narrow: 75 more', {}, SEARCHED)).toBeTruthy();
    expect(requests.at(-1)?.query.get('search')).toBe('agent_19');

    await user.type(userPicker(dialog), '9');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10), SEARCHED);
    expect(dialog.queryByText(/^Type to narrow/)).toBeNull();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `agent_199${i}`),
    );
  });

  it('finds someone past the first page by name, and says when nobody matches', async () => {
    serveCandidates();
    const { user, dialog } = renderModal();
    await loaded(dialog);

    await user.type(userPicker(dialog), 'ZOE');
    expect(
      await screen.findByRole('option', { name: 'zoe_admin (in Day Shift)' }, SEARCHED),
    ).toBeTruthy();
    await user.clear(userPicker(dialog));
    await user.type(userPicker(dialog), 'nobody');
    expect(await screen.findByText('No users match your search', {}, SEARCHED)).toBeTruthy();
  });

  it('keeps the chosen user through the next search, and adds them with the role', async () => {
    const { requests } = serveCandidates(centre, {
      [`POST ${teamPath}/members`]: () =>
        jsonResponse(
          {
            member: {
              id: '3c000000-0000-4000-8000-000000000009',
              user_id: centre[2000]!.id,
              username: 'zoe_admin',
              full_name: null,
              user_role: 'admin',
              role: 'team_leader',
            },
            message: 'Member added successfully',
          },
          201,
        ),
    });
    const { user, dialog, onAdded } = renderModal();
    await loaded(dialog);
    const addButton = dialog.getByRole('button', { name: 'Add Member' });
    expect(addButton.hasAttribute('disabled')).toBe(true);

    await user.type(userPicker(dialog), 'zoe');
    await user.click(
      await screen.findByRole('option', { name: 'zoe_admin (in Day Shift)' }, SEARCHED),
    );
    expect(addButton.hasAttribute('disabled')).toBe(false);
    expect(userPicker(dialog)).toHaveProperty('value', 'zoe_admin (in Day Shift)');
    expect(
      dialog.getByText(
        'zoe_admin is in Day Shift. Adding them to Night Shift moves them out of Day Shift.',
      ),
    ).toBeTruthy();
    // The name in the box is not a search: the picker lists everyone again for a new choice
    // (the first page, read when it opened).
    expect(await dialog.findByText('Type to narrow: 1,976 more', {}, SEARCHED)).toBeTruthy();
    expect(userPicker(dialog)).toHaveProperty('value', 'zoe_admin (in Day Shift)');

    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Team Leader' }));
    await user.click(addButton);

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('Member added successfully'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      userId: centre[2000]!.id,
      role: 'team_leader',
    });
  });

  it("says 'No users to add' when nobody can be added", async () => {
    serveCandidates([]);
    const { user, dialog } = renderModal();
    await loaded(dialog);
    expect(dialog.queryByText(/^Type to narrow/)).toBeNull();
    await user.click(userPicker(dialog));
    expect(await screen.findByText('No users to add')).toBeTruthy();
  });

  it("shows the server's reason when the users can't be read", async () => {
    serveCandidates([], {
      [`GET ${teamPath}/candidates`]: () => errorResponse(403, 'FORBIDDEN', 'Not your team'),
    });
    const { dialog } = renderModal();
    expect((await dialog.findByRole('alert')).textContent).toBe('Not your team');
    expect(userPicker(dialog).hasAttribute('disabled')).toBe(true);
  });
});
