import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/schemas/auth';
import {
  MAX_TEAM_NAME_LENGTH,
  type Team,
  type TeamCandidate,
  type TeamMember,
} from '../../../../shared/schemas/teams';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import {
  dayShift,
  nightShift,
  sessionUser,
  superAdminUser,
  teamLeaderAdminUser,
} from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import { TeamsPage } from './teams-page';

const night: Team = {
  ...nightShift,
  description: 'Evening and overnight calls',
  created_by: 'ada',
  created_at: '2026-11-03T09:00:00.000Z',
  member_count: 2,
};
const day: Team = {
  ...dayShift,
  description: null,
  created_by: 'Unknown',
  created_at: '2026-11-01T09:00:00.000Z',
  member_count: 0,
};

const member = (
  overrides: Partial<TeamMember> & Pick<TeamMember, 'id' | 'user_id' | 'username'>,
): TeamMember => ({
  full_name: null,
  user_role: 'employee' as const,
  role: 'member' as const,
  ...overrides,
});
const calLeader = member({
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
});

const candidates: TeamCandidate[] = [
  {
    id: '5e000000-0000-4000-8000-000000000001',
    username: 'finn',
    role: 'employee',
    current_team: null,
    can_add: true,
  },
  {
    id: '5e000000-0000-4000-8000-000000000002',
    username: 'bob',
    role: 'admin',
    current_team: dayShift,
    can_add: true,
  },
  {
    id: '5e000000-0000-4000-8000-000000000003',
    username: 'gus',
    role: 'employee',
    current_team: { id: '6f000000-0000-4000-8000-000000000001', name: 'Weekend' },
    can_add: false,
  },
];

const teamPath = `/api/teams/${night.id}`;

/** A team's members or candidates, paged as the server pages them. */
const pageOf =
  (key: string, rows: readonly { username: string }[]) =>
  ({ query }: { query: URLSearchParams }) =>
    pagedListResponse(key, rows, query, {
      matches: (row, search) => row.username.toLowerCase().includes(search),
    });

function serveTeams(overrides: Parameters<typeof mockFetch>[0] = {}, teams: Team[] = [night, day]) {
  return mockFetch({
    'GET /api/teams': ({ query }) =>
      pagedListResponse('teams', teams, query, {
        matches: (team, search) =>
          team.name.toLowerCase().includes(search) ||
          !!team.description?.toLowerCase().includes(search),
        sortBy: {
          name: (team) => team.name,
          createdBy: (team) => team.created_by,
          created: (team) => team.created_at,
          members: (team) => team.member_count,
        },
      }),
    [`GET ${teamPath}/members`]: pageOf('members', [calLeader, dana]),
    [`GET ${teamPath}/candidates`]: pageOf('candidates', candidates),
    'GET /api/admins': () => jsonResponse({ admins: [], total: 0 }),
    'GET /api/auth/session': () => jsonResponse({ user: teamLeaderAdminUser }),
    ...overrides,
  });
}

/** Where the page's URL is now: its list keeps search, sort and page there. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

function renderPage(
  options: { signedInAs?: SessionUser; fakeTimers?: boolean; url?: string } = {},
) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[options.url ?? '/admin/teams']}>
      <LocationProbe />
      <Routes>
        <Route path="/admin/teams" element={<TeamsPage />} />
      </Routes>
    </MemoryRouter>,
    { signedInAs: options.signedInAs ?? superAdminUser, withFakeTimers: options.fakeTimers },
  );
}

/** The Team Name cell of each row, in the order shown. */
function teamNames() {
  const [, ...bodyRows] = screen.getAllByRole('row');
  return bodyRows.map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

async function openMembers(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Night Shift' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Night Shift Members' }));
  await dialog.findByText('dana');
  return dialog;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TeamsPage: the list', () => {
  it('keeps the tables and their row actions in sideways scrollers named after them', async () => {
    serveTeams();
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Night Shift' });
    const scroller = screen.getByRole('group', { name: 'Teams' });
    expect(within(scroller).getByRole('table', { name: 'Teams' })).toBeTruthy();
    expect(within(scroller).getByRole('button', { name: 'Delete Night Shift' })).toBeTruthy();
    expect(scroller.tabIndex).toBe(0);

    const dialog = await openMembers(user);
    const members = dialog.getByRole('group', { name: 'Night Shift Members' });
    expect(within(members).getByRole('table', { name: 'Night Shift Members' })).toBeTruthy();
    expect(within(members).getByRole('button', { name: 'Remove dana' })).toBeTruthy();
  });

  it('shows the teams with every column of spec §2', async () => {
    serveTeams();
    renderPage();

    expect(screen.getByText('Manage and organize your teams')).toBeTruthy();
    await screen.findByRole('button', { name: 'Night Shift' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Team Name',
      'Description',
      'Created By',
      'Created Date',
      'Members',
      'Actions',
    ]);
    const [, first, second] = screen.getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first).slice(0, 3)).toEqual(['Night Shift', 'Evening and overnight calls', 'ada']);
    expect(cells(first)[4]).toBe('2');
    expect(cells(second).slice(0, 3)).toEqual(['Day Shift', 'No description', 'Unknown']);
    expect(
      within(first as HTMLElement)
        .getByText(/2026/)
        .getAttribute('datetime'),
    ).toBe(night.created_at);
  });

  it('gives a super admin the create form, Edit and Delete', async () => {
    serveTeams();
    renderPage();
    await screen.findByRole('button', { name: 'Night Shift' });
    expect(screen.getByRole('form', { name: 'Create New Team' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Night Shift' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Night Shift' })).toBeTruthy();
  });

  it('gives a team leader their team and its members, nothing more', async () => {
    serveTeams({}, [night]);
    renderPage({ signedInAs: teamLeaderAdminUser });
    await screen.findByRole('button', { name: 'Night Shift' });
    expect(screen.queryByRole('form', { name: 'Create New Team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Night Shift' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Night Shift' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Members of Night Shift' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inbound calls of Night Shift' })).toBeTruthy();
  });

  it.each<[string, SessionUser, string]>([
    ['a super admin', superAdminUser, 'Create your first team to get started'],
    ['an admin who leads no team', sessionUser(), 'Teams you lead will appear here'],
  ])('tells %s what to do when there are no teams', async (_who, user, hint) => {
    serveTeams({}, []);
    renderPage({ signedInAs: user });
    expect(await screen.findByText('No teams found')).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('counts the teams under the list', async () => {
    serveTeams();
    renderPage();
    expect(await screen.findByText('Showing 2 of 2 teams')).toBeTruthy();
    expect(screen.getByText('(1–2)')).toBeTruthy();
  });

  it('sorts by a column header, a second press reverses, and says so with aria-sort', async () => {
    const { requests } = serveTeams();
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Night Shift' });
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(within(header('Actions')).queryByRole('button')).toBeNull();
    expect(header('Team Name').getAttribute('aria-sort')).toBeNull();

    await user.click(within(header('Team Name')).getByRole('button'));
    await waitFor(() => expect(teamNames()).toEqual(['Day Shift', 'Night Shift']));
    expect(header('Team Name').getAttribute('aria-sort')).toBe('ascending');
    expect(requests.at(-1)?.query.get('sort')).toBe('name');
    await user.click(within(header('Team Name')).getByRole('button'));
    await waitFor(() => expect(teamNames()).toEqual(['Night Shift', 'Day Shift']));
    expect(header('Team Name').getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/teams?sort=-name',
    );

    for (const column of ['Description', 'Created By', 'Created Date', 'Members']) {
      expect(within(header(column)).getByRole('button')).toBeTruthy();
    }
    await user.click(within(header('Members')).getByRole('button'));
    await waitFor(() => expect(teamNames()).toEqual(['Day Shift', 'Night Shift']));
    expect(header('Members').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Team Name').getAttribute('aria-sort')).toBeNull();
    expect(requests.at(-1)?.query.get('sort')).toBe('members');
  });

  it('pages the list and keeps the page and page size in the URL', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...day,
      id: `6f000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
      name: `Team ${String(i).padStart(2, '0')}`,
    }));
    const { requests } = serveTeams({}, many);
    const { user } = renderPage({ url: '/admin/teams?pageSize=25' });
    expect(await screen.findByText('Showing 30 of 30 teams')).toBeTruthy();
    expect(screen.getByText('(1–25)')).toBeTruthy();
    expect(teamNames()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('(26–30)')).toBeTruthy();
    expect(teamNames()[0]).toBe('Team 25');
    expect(requests.at(-1)?.query.get('page')).toBe('2');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/teams?pageSize=25&page=2',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('(1–30)')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/admin/teams');
  });

  it('opens at the search, sort and page its URL holds', async () => {
    const { requests } = serveTeams();
    renderPage({ url: '/admin/teams?search=overnight&sort=-members&pageSize=25' });
    expect(await screen.findByText('Showing 1 of 2 teams')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search teams' }).value).toBe(
      'overnight',
    );
    expect(teamNames()).toEqual(['Night Shift']);
    expect(screen.getByRole('columnheader', { name: 'Members' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(Object.fromEntries(requests[0]!.query)).toEqual({
      search: 'overnight',
      sort: '-members',
      pageSize: '25',
    });
  });

  it('asks the server to search and hints at the search when nothing matches', async () => {
    const { requests } = serveTeams();
    const { user } = renderPage();
    await screen.findByRole('button', { name: 'Night Shift' });

    expect(screen.getByRole('searchbox', { name: 'Search teams' }).getAttribute('maxlength')).toBe(
      '100',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'zzz');

    expect(await screen.findByText('No teams found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search')).toBeTruthy();
    expect(requests.at(-1)?.query.get('search')).toBe('zzz');
  });

  it("says 'Failed to load teams' when the list can't be read", async () => {
    mockFetch({ 'GET /api/teams': () => errorResponse(500, 'INTERNAL', 'Oops') });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage({ fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load teams');
  });
});

describe('TeamsPage: create, edit and delete teams', () => {
  it('requires a name, creates the team and says so for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serveTeams({
      'POST /api/teams': () => jsonResponse({ team: night }, 201),
    });
    const { user } = renderPage({ fakeTimers: true });
    const form = within(await screen.findByRole('form', { name: 'Create New Team' }));

    await user.click(form.getByRole('button', { name: 'Create Team' }));
    expect(form.getByRole('alert').textContent).toBe('Team name is required');

    await user.type(form.getByLabelText('Team Name'), '  Night Shift ');
    await user.click(form.getByRole('button', { name: 'Create Team' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Team created successfully');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Night Shift',
      description: null,
    });
    expect((form.getByLabelText('Team Name') as HTMLInputElement).value).toBe('');

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByRole('alert')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a name over the limit as pasted and says it is too long, sending nothing', async () => {
    const { requests } = serveTeams();
    const { user } = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Create New Team' }));
    const tooLong = 'N'.repeat(MAX_TEAM_NAME_LENGTH + 1);
    await user.click(form.getByLabelText('Team Name'));
    await user.paste(tooLong);
    await user.click(form.getByRole('button', { name: 'Create Team' }));

    expect(form.getByRole('alert').textContent).toBe(
      `Team name must be at most ${MAX_TEAM_NAME_LENGTH} characters`,
    );
    expect((form.getByLabelText('Team Name') as HTMLInputElement).value).toBe(tooLong);
    expect(form.getByLabelText('Team Name').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's reason when creating is refused", async () => {
    serveTeams({
      // The server names no field: the code says which one it is about.
      'POST /api/teams': () => errorResponse(409, 'TEAM_NAME_TAKEN', 'Team name already exists'),
    });
    const { user } = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Create New Team' }));
    await user.type(form.getByLabelText('Team Name'), 'Night Shift');
    await user.click(form.getByRole('button', { name: 'Create Team' }));
    expect((await form.findByRole('alert')).textContent).toBe('Team name already exists');
    expect(form.getByLabelText('Team Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a team: the name stays required', async () => {
    const { requests } = serveTeams({
      [`PATCH ${teamPath}`]: () => jsonResponse({ team: { ...night, name: 'Late Shift' } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Night Shift' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Team' }));
    expect((dialog.getByLabelText('Team Name') as HTMLInputElement).value).toBe('Night Shift');

    await user.clear(dialog.getByLabelText('Team Name'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert').textContent).toBe('Team name is required');

    await user.type(dialog.getByLabelText('Team Name'), 'Late Shift');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Team updated successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      name: 'Late Shift',
      description: 'Evening and overnight calls',
    });
  });

  it("says 'Failed to update team' when the server fails", async () => {
    serveTeams({ [`PATCH ${teamPath}`]: () => errorResponse(500, 'INTERNAL', '') });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Night Shift' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Team' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to update team');
  });

  it('warns that deleting removes every member, then deletes', async () => {
    const { requests } = serveTeams({ [`DELETE ${teamPath}`]: () => jsonResponse({ ok: true }) });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Night Shift' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Team' }));
    expect(dialog.getByText(/All team members will be removed from this team\./)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Team deleted successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === teamPath)).toBe(true);
  });

  it('says when the team is already gone, with nothing left to confirm', async () => {
    serveTeams({
      [`DELETE ${teamPath}`]: () => errorResponse(404, 'TEAM_NOT_FOUND', 'Team not found'),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Night Shift' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Team' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Team not found');
    expect(dialog.queryByRole('button', { name: 'Confirm Delete' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it("says 'Failed to delete team' when the server fails", async () => {
    serveTeams({ [`DELETE ${teamPath}`]: () => errorResponse(500, 'INTERNAL', '') });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Night Shift' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Team' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to delete team');
  });
});

describe('TeamsPage: members', () => {
  it('lists the members with their roles', async () => {
    serveTeams();
    const { user } = renderPage();
    const dialog = await openMembers(user);
    const rows = dialog.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Team Leader',
      'Member',
    ]);
    expect(dialog.getByRole('button', { name: 'Demote cal' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Promote dana' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Remove dana' })).toBeTruthy();
  });

  it('says when a team has no members', async () => {
    serveTeams({ [`GET ${teamPath}/members`]: pageOf('members', []) });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Night Shift' }));
    expect(await screen.findByText('No members in this team yet')).toBeTruthy();
  });

  it("says 'Failed to load team members' when the list can't be read", async () => {
    serveTeams({ [`GET ${teamPath}/members`]: () => errorResponse(403, 'FORBIDDEN', 'No') });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Night Shift' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load team members');
  });

  it("promotes with the server's message, which clears after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serveTeams({
      [`PATCH ${teamPath}/members/${dana.id}`]: () =>
        jsonResponse({
          member: { ...dana, role: 'team_leader' },
          message: 'Member role updated to Leader',
        }),
    });
    const { user } = renderPage({ fakeTimers: true });
    const dialog = await openMembers(user);

    await user.click(dialog.getByRole('button', { name: 'Promote dana' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Member role updated to Leader');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ role: 'team_leader' });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('offers a leader no change to their own membership, and no removal of an admin', async () => {
    const bob = member({
      id: '3c000000-0000-4000-8000-000000000003',
      user_id: '4d000000-0000-4000-8000-000000000003',
      username: 'bob',
      user_role: 'admin',
    });
    serveTeams({
      [`GET ${teamPath}/members`]: pageOf('members', [calLeader, dana, bob]),
    });
    const { user } = renderPage({ signedInAs: teamLeaderAdminUser });
    const dialog = await openMembers(user);

    const rowOf = (name: string) => within(dialog.getByText(name).closest('tr')!);
    expect(rowOf('cal').queryAllByRole('button')).toEqual([]);
    expect(rowOf('cal').getByText('Super admin only')).toBeTruthy();
    expect(rowOf('bob').getByRole('button', { name: 'Promote bob' })).toBeTruthy();
    expect(rowOf('bob').queryByRole('button', { name: 'Remove bob' })).toBeNull();
    expect(rowOf('dana').getByRole('button', { name: 'Promote dana' })).toBeTruthy();
    expect(rowOf('dana').getByRole('button', { name: 'Remove dana' })).toBeTruthy();
  });

  it('gives a super admin every action on every member', async () => {
    serveTeams();
    const { user } = renderPage();
    const dialog = await openMembers(user);
    for (const name of ['Demote cal', 'Remove cal', 'Promote dana', 'Remove dana']) {
      expect(dialog.getByRole('button', { name })).toBeTruthy();
    }
    expect(dialog.queryByText('Super admin only')).toBeNull();
  });

  it.each([
    [
      'the server says why',
      () => errorResponse(403, 'FORBIDDEN', 'You are not allowed to do this'),
      'You are not allowed to do this',
    ],
    ['the server fails', () => errorResponse(500, 'INTERNAL', ''), 'Failed to update role'],
  ])('says why a role change failed when %s', async (_when, respond, message) => {
    serveTeams({ [`PATCH ${teamPath}/members/${dana.id}`]: respond });
    const { user } = renderPage();
    const dialog = await openMembers(user);
    await user.click(dialog.getByRole('button', { name: 'Promote dana' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
  });

  it('removes a member', async () => {
    const { requests } = serveTeams({
      [`DELETE ${teamPath}/members/${dana.id}`]: () => jsonResponse({ ok: true }),
    });
    const { user } = renderPage();
    const dialog = await openMembers(user);

    await user.click(dialog.getByRole('button', { name: 'Remove dana' }));
    // Nothing is removed until the confirmation says so.
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Team Member' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Remove Member' }));

    const members = within(await screen.findByRole('dialog', { name: /members/i }));
    expect((await members.findByRole('alert')).textContent).toBe('Member removed successfully');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it("says 'Failed to remove member' when the server fails", async () => {
    serveTeams({
      [`DELETE ${teamPath}/members/${dana.id}`]: () => errorResponse(500, 'INTERNAL', ''),
    });
    const { user } = renderPage();
    const dialog = await openMembers(user);
    await user.click(dialog.getByRole('button', { name: 'Remove dana' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Team Member' }));
    await user.click(confirm.getByRole('button', { name: 'Remove Member' }));
    expect((await confirm.findByRole('alert')).textContent).toBe('Failed to remove member');
  });
});

describe('TeamsPage: Add Team Member', () => {
  async function openAddMember(user: ReturnType<typeof renderPage>['user']) {
    const members = await openMembers(user);
    await user.click(members.getByRole('button', { name: 'Add Member' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Team Member' }));
    await vi.waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Select User' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    return dialog;
  }

  it('keeps Add Member disabled until a user is chosen', async () => {
    serveTeams();
    const { user } = renderPage();
    const dialog = await openAddMember(user);
    const addButton = dialog.getByRole('button', { name: 'Add Member' });
    expect(addButton.hasAttribute('disabled')).toBe(true);

    await user.click(dialog.getByRole('combobox', { name: 'Select User' }));
    await user.click(screen.getByRole('option', { name: 'finn' }));

    expect(addButton.hasAttribute('disabled')).toBe(false);
    expect(dialog.queryByText(/moves them out/)).toBeNull();
  });

  it('marks users in another team, and greys out those this user may not move', async () => {
    serveTeams();
    const { user } = renderPage();
    const dialog = await openAddMember(user);
    await user.click(dialog.getByRole('combobox', { name: 'Select User' }));

    // The open select's options: the Teams list's 'Rows per page' has options of its own.
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'finn',
      'gus (in Weekend)',
      'bob (in Day Shift)',
    ]);
    expect(
      screen.getByRole('option', { name: 'gus (in Weekend)' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(dialog.getByText(/only a super admin can move them/)).toBeTruthy();
  });

  it('says, before adding, that a user from another team will be moved; then adds them', async () => {
    const { requests } = serveTeams({
      [`POST ${teamPath}/members`]: () =>
        jsonResponse(
          {
            member: member({
              id: '3c000000-0000-4000-8000-000000000009',
              user_id: candidates[1]!.id,
              username: 'bob',
              user_role: 'admin',
              role: 'team_leader',
            }),
            message: 'Member added successfully',
          },
          201,
        ),
    });
    const { user } = renderPage();
    const dialog = await openAddMember(user);

    await user.click(dialog.getByRole('combobox', { name: 'Select User' }));
    await user.click(screen.getByRole('option', { name: 'bob (in Day Shift)' }));
    expect(
      dialog.getByText(
        'bob is in Day Shift. Adding them to Night Shift moves them out of Day Shift.',
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Team Leader' }));
    await user.click(dialog.getByRole('button', { name: 'Add Member' }));

    const members = within(await screen.findByRole('dialog', { name: 'Night Shift Members' }));
    expect((await members.findByRole('alert')).textContent).toBe('Member added successfully');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      userId: candidates[1]!.id,
      role: 'team_leader',
    });
  });

  it("shows the server's reason, or 'Failed to add member'", async () => {
    serveTeams({ [`POST ${teamPath}/members`]: () => errorResponse(500, 'INTERNAL', '') });
    const { user } = renderPage();
    const dialog = await openAddMember(user);
    await user.click(dialog.getByRole('combobox', { name: 'Select User' }));
    await user.click(screen.getByRole('option', { name: 'finn' }));
    await user.click(dialog.getByRole('button', { name: 'Add Member' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to add member');
  });

  it('goes back to the members with Cancel', async () => {
    serveTeams();
    const { user } = renderPage();
    const dialog = await openAddMember(user);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Night Shift Members' })).toBeTruthy();
  });
});
