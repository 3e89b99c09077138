import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { Team, TeamMember } from '../../../../shared/schemas/teams';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { nightShift, superAdminUser, teamLeaderAdminUser } from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import { removalConsequences } from './remove-team-member-modal';
import { TeamMembersDialogs } from './team-members-dialogs';

const night: Team = {
  ...nightShift,
  description: 'Evening and overnight calls',
  created_by: 'ada',
  created_at: '2026-11-03T09:00:00.000Z',
  member_count: 3,
};
const teamPath = `/api/teams/${night.id}`;

const member = (
  overrides: Partial<TeamMember> & Pick<TeamMember, 'id' | 'user_id' | 'username'>,
): TeamMember => ({
  full_name: null,
  user_role: 'employee',
  role: 'member',
  ...overrides,
});
const cal = member({
  id: '3c000000-0000-4000-8000-000000000001',
  user_id: teamLeaderAdminUser.id,
  username: 'cal',
  user_role: 'admin',
  role: 'team_leader',
});
const dana = member({
  id: '3c000000-0000-4000-8000-000000000002',
  user_id: '4d000000-0000-4000-8000-000000000002',
  username: 'dana',
  full_name: 'Dana Scully',
});
const bob = member({
  id: '3c000000-0000-4000-8000-000000000003',
  user_id: '4d000000-0000-4000-8000-000000000003',
  username: 'bob',
  user_role: 'admin',
});

/** A team of 111: a leader, then agent_001 … agent_110, as the server orders them. */
const bigTeam = [
  cal,
  ...Array.from({ length: 110 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return member({
      id: `3c000000-0000-4000-8000-000000001${n}`,
      user_id: `4d000000-0000-4000-8000-000000001${n}`,
      username: `agent_${n}`,
    });
  }),
];

function serveMembers(
  members: TeamMember[] = [cal, dana, bob],
  overrides: Parameters<typeof mockFetch>[0] = {},
) {
  return mockFetch({
    [`GET ${teamPath}/members`]: ({ query }) =>
      pagedListResponse('members', members, query, {
        matches: (m, search) =>
          m.username.toLowerCase().includes(search) ||
          (m.full_name ?? '').toLowerCase().includes(search),
        sortBy: { username: (m) => m.username, role: (m) => m.role },
      }),
    [`GET ${teamPath}/candidates`]: ({ query }) =>
      pagedListResponse('candidates', [], query, { matches: () => true }),
    ...overrides,
  });
}

/** The Teams page's part: a team name that opens the members, and closes them. */
function MembersOpener() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Night Shift
      </button>
      {isOpen && <TeamMembersDialogs team={night} onClose={() => setIsOpen(false)} />}
    </>
  );
}

async function openMembers(signedInAs: SessionUser = superAdminUser) {
  const rendered = renderWithProviders(<MembersOpener />, { signedInAs });
  await rendered.user.click(screen.getByRole('button', { name: 'Night Shift' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Night Shift Members' }));
  await dialog.findByText(/^Showing/);
  return { ...rendered, dialog };
}

function rowNames(dialog: ReturnType<typeof within>) {
  return dialog
    .getAllByRole('row')
    .slice(1)
    .map((row: HTMLElement) => within(row).getAllByRole('cell')[0]?.firstChild?.textContent);
}

/** Fifty rows of buttons, or three dialogs in turn, take jsdom a while on a busy machine. */
const SLOW_TEST_TIMEOUT_MS = 20_000;
/** How long a search may take to come back: the pause after typing, the request, the render. */
const SEARCHED = { timeout: 5000 };

afterEach(() => {
  vi.useRealTimers();
});

describe('TeamMembersModal: the list', { timeout: SLOW_TEST_TIMEOUT_MS }, () => {
  it('shows a team of 111 a page at a time, in the server order, with the spec texts', async () => {
    const { requests } = serveMembers(bigTeam);
    const { user, dialog } = await openMembers();

    expect(dialog.getByText('Showing 111 of 111 members')).toBeTruthy();
    expect(dialog.getByText('(1–50)')).toBeTruthy();
    expect(rowNames(dialog)).toHaveLength(50);
    expect(rowNames(dialog).slice(0, 2)).toEqual(['cal', 'agent_001']);
    expect(dialog.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Member',
      'Role',
      'Actions',
    ]);
    expect(dialog.getByRole('button', { name: 'Add Member' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Demote cal' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Remove agent_001' })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Page 3' }));
    expect(await dialog.findByText('(101–111)')).toBeTruthy();
    expect(rowNames(dialog)).toEqual(bigTeam.slice(100).map((m) => m.username));
    expect(requests.at(-1)?.query.get('page')).toBe('3');
  });

  it("shows an employee's full name beside their account", async () => {
    serveMembers();
    const { dialog } = await openMembers();
    const danaRow = within(dialog.getByText('dana').closest('tr')!);
    expect(danaRow.getByText('Dana Scully · Employee')).toBeTruthy();
    const bobRow = within(dialog.getByText('bob').closest('tr')!);
    expect(bobRow.getByText('Admin')).toBeTruthy();
  });

  it('asks the server to search, and says when nothing matches', async () => {
    const { requests } = serveMembers();
    const { user, dialog } = await openMembers();

    const search = dialog.getByRole('searchbox', { name: 'Search members' });
    const asked = requests.length;
    await user.type(search, 'S');
    // Not asked at the first key: once typing pauses.
    expect(requests).toHaveLength(asked);
    await user.type(search, 'CUL');
    await waitFor(() => expect(requests.at(-1)?.query.get('search')).toBe('SCUL'), SEARCHED);
    // Her full name matches, not her username.
    expect(await dialog.findByText('Showing 1 of 3 members')).toBeTruthy();
    expect(rowNames(dialog)).toEqual(['dana']);

    await user.type(search, 'z');
    expect(await dialog.findByText('No members match your search', {}, SEARCHED)).toBeTruthy();
    expect(dialog.getByText('Showing 0 of 3 members')).toBeTruthy();
  });

  it("says 'No members in this team yet' when there are none", async () => {
    serveMembers([]);
    const rendered = renderWithProviders(<MembersOpener />, { signedInAs: superAdminUser });
    await rendered.user.click(screen.getByRole('button', { name: 'Night Shift' }));
    expect(await screen.findByText('No members in this team yet')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it("says 'Failed to load team members' when the list can't be read", async () => {
    serveMembers([], {
      [`GET ${teamPath}/members`]: () => errorResponse(403, 'FORBIDDEN', 'No'),
    });
    const rendered = renderWithProviders(<MembersOpener />, { signedInAs: superAdminUser });
    await rendered.user.click(screen.getByRole('button', { name: 'Night Shift' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load team members');
  });

  it('sorts by Member and Role, a second press reverses', async () => {
    const { requests } = serveMembers();
    const { user, dialog } = await openMembers();
    const header = (name: string) => dialog.getByRole('columnheader', { name });

    await user.click(dialog.getByRole('button', { name: 'Member' }));
    await waitFor(() => expect(rowNames(dialog)).toEqual(['bob', 'cal', 'dana']));
    expect(requests.at(-1)?.query.get('sort')).toBe('username');
    expect(header('Member').getAttribute('aria-sort')).toBe('ascending');

    await user.click(dialog.getByRole('button', { name: 'Role' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sort')).toBe('role'));
    await user.click(dialog.getByRole('button', { name: 'Role' }));
    await waitFor(() => expect(header('Role').getAttribute('aria-sort')).toBe('descending'));
    expect(requests.at(-1)?.query.get('sort')).toBe('-role');
    expect(rowNames(dialog)[0]).toBe('cal');
  });

  it('keeps its search and sort through a visit to Add Team Member', async () => {
    const { requests } = serveMembers();
    const { user, dialog } = await openMembers();
    await user.type(dialog.getByRole('searchbox', { name: 'Search members' }), 'a');
    expect(await dialog.findByText('Showing 2 of 3 members')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Member' }));
    await waitFor(() => expect(rowNames(dialog)).toEqual(['cal', 'dana']));

    await user.click(dialog.getByRole('button', { name: 'Add Member' }));
    const adding = within(screen.getByRole('dialog', { name: 'Add Team Member' }));
    await user.click(adding.getByRole('button', { name: 'Cancel' }));

    const back = within(screen.getByRole('dialog', { name: 'Night Shift Members' }));
    expect(back.getByRole<HTMLInputElement>('searchbox', { name: 'Search members' }).value).toBe(
      'a',
    );
    expect(back.getByRole('columnheader', { name: 'Member' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(back.getByText('Showing 2 of 3 members')).toBeTruthy();
    const membersAsked = requests.filter((r) => r.path.endsWith('/members'));
    expect(membersAsked.at(-1)?.query.toString()).toBe('search=a&sort=username');
  });

  it("promotes with the server's message", async () => {
    const { requests } = serveMembers(undefined, {
      [`PATCH ${teamPath}/members/${dana.id}`]: () =>
        jsonResponse({
          member: { ...dana, role: 'team_leader' },
          message: 'Member role updated to Leader',
        }),
    });
    const { user, dialog } = await openMembers();
    await user.click(dialog.getByRole('button', { name: 'Promote dana' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Member role updated to Leader');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ role: 'team_leader' });
  });
});

describe('TeamMembersModal: Remove asks first', { timeout: SLOW_TEST_TIMEOUT_MS }, () => {
  async function askToRemove(name: string, signedInAs: SessionUser = superAdminUser) {
    const opened = await openMembers(signedInAs);
    await opened.user.click(opened.dialog.getByRole('button', { name: `Remove ${name}` }));
    const confirm = within(screen.getByRole('dialog', { name: 'Remove Team Member' }));
    return { ...opened, confirm };
  }

  it('names the member and what changes for them; Cancel removes nothing and returns the focus', async () => {
    const { requests } = serveMembers();
    const { user, confirm } = await askToRemove('dana');

    expect(screen.queryByRole('dialog', { name: 'Night Shift Members' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Remove Team Member' }).textContent).toContain(
      'Remove dana from Night Shift?',
    );
    expect(confirm.getByText(/They leave Night Shift/)).toBeTruthy();
    // Cancel has the focus: Enter never removes by accident.
    await waitFor(() =>
      expect(document.activeElement).toBe(confirm.getByRole('button', { name: 'Cancel' })),
    );

    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    const members = within(screen.getByRole('dialog', { name: 'Night Shift Members' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(members.getByRole('button', { name: 'Remove dana' })),
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    // Closing the members, the focus goes back to the team that opened them.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Night Shift' })),
    );
  });

  it('removes on Remove Member, then says so and focuses the members list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let members = [cal, dana, bob];
    const { requests } = serveMembers(undefined, {
      [`GET ${teamPath}/members`]: ({ query }) =>
        pagedListResponse('members', members, query, { matches: () => true }),
      [`DELETE ${teamPath}/members/${dana.id}`]: () => {
        members = [cal, bob];
        return jsonResponse({ ok: true });
      },
    });
    const rendered = renderWithProviders(<MembersOpener />, {
      signedInAs: superAdminUser,
      withFakeTimers: true,
    });
    await rendered.user.click(screen.getByRole('button', { name: 'Night Shift' }));
    const list = within(screen.getByRole('dialog', { name: 'Night Shift Members' }));
    await rendered.user.click(await list.findByRole('button', { name: 'Remove dana' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Remove Team Member' }));

    await rendered.user.click(confirm.getByRole('button', { name: 'Remove Member' }));

    const back = within(await screen.findByRole('dialog', { name: 'Night Shift Members' }));
    expect((await back.findByRole('alert')).textContent).toBe('Member removed successfully');
    expect(back.queryByText('dana')).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(back.getByRole('button', { name: 'Add Member' })),
    );
    // Spec §9: the success message clears after 3 s.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(back.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      'the server says why',
      () =>
        errorResponse(
          403,
          'ADMIN_REMOVAL_SUPER_ONLY',
          'Only a super admin can remove an admin from a team',
        ),
      'Only a super admin can remove an admin from a team',
    ],
    ['the server fails', () => errorResponse(500, 'INTERNAL', ''), 'Failed to remove member'],
  ])('says why when %s, keeping the choice', async (_when, respond, message) => {
    serveMembers(undefined, { [`DELETE ${teamPath}/members/${dana.id}`]: respond });
    const { user, confirm } = await askToRemove('dana');
    await user.click(confirm.getByRole('button', { name: 'Remove Member' }));
    expect((await confirm.findByRole('alert')).textContent).toBe(message);
    expect(confirm.getByRole('button', { name: 'Remove Member' })).toBeTruthy();
  });

  it('says when the member is already gone, with nothing left to confirm', async () => {
    serveMembers(undefined, {
      [`DELETE ${teamPath}/members/${dana.id}`]: () =>
        errorResponse(404, 'MEMBER_NOT_FOUND', 'Member not found'),
    });
    const { user, confirm } = await askToRemove('dana');
    await user.click(confirm.getByRole('button', { name: 'Remove Member' }));
    expect((await confirm.findByRole('alert')).textContent).toBe('Member not found');
    expect(confirm.queryByRole('button', { name: 'Remove Member' })).toBeNull();
    await user.click(confirm.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Night Shift Members' })).toBeTruthy();
  });

  it('tells a super admin that an admin left without a team sees every employee', async () => {
    serveMembers();
    const { confirm } = await askToRemove('bob');
    expect(screen.getByRole('dialog', { name: 'Remove Team Member' }).textContent).toContain(
      'Remove bob from Night Shift?',
    );
    expect(confirm.getByText(/they will see every employee/)).toBeTruthy();
  });
});

describe('removalConsequences', () => {
  it.each([
    [
      'an employee',
      { user_role: 'employee', role: 'member' },
      [
        'They leave Night Shift: its admins and leader no longer see them on the Employees page, in analytics or on the live floor.',
      ],
    ],
    [
      'an employee who leads',
      { user_role: 'employee', role: 'team_leader' },
      [
        'They stop leading Night Shift.',
        'They leave Night Shift: its admins and leader no longer see them on the Employees page, in analytics or on the live floor.',
      ],
    ],
    [
      'an admin',
      { user_role: 'admin', role: 'member' },
      [
        "With no team, they will see every employee on the Employees page, in analytics and on the live floor, not only Night Shift's.",
      ],
    ],
    [
      'an admin who leads',
      { user_role: 'admin', role: 'team_leader' },
      [
        'They stop leading Night Shift and can no longer manage its members.',
        "With no team, they will see every employee on the Employees page, in analytics and on the live floor, not only Night Shift's.",
      ],
    ],
  ] as const)('for %s', (_who, member, expected) => {
    expect(removalConsequences({ username: 'x', ...member }, 'Night Shift')).toEqual(expected);
  });
});
