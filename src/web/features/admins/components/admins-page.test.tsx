import { act, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRow } from '../../../../shared/schemas/admins';
import { securityQuestions } from '../../../../shared/security-questions';
import { errorResponse, jsonResponse, mockFetch, networkFailure } from '../../../test/fetch-mock';
import { describedByText } from '../../../test/accessibility';
import { dayShift, nightShift, sessionUser, superAdminUser } from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import { AdminsPage } from './admins-page';

const adminRow = (overrides: Partial<AdminRow> & Pick<AdminRow, 'id' | 'username'>): AdminRow => ({
  is_super_admin: false,
  team: null,
  is_team_leader: false,
  created_at: '2026-11-02T09:00:00.000Z',
  ...overrides,
});

// The signed-in super admin 'ada' (superAdminUser) is the first row.
const ada = adminRow({ id: superAdminUser.id, username: 'ada', is_super_admin: true });
const root = adminRow({
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  username: 'root',
  is_super_admin: true,
});
const cal = adminRow({
  id: '1a2b3c4d-0000-4000-8000-000000000002',
  username: 'cal',
  team: nightShift,
  is_team_leader: true,
});
const bea = adminRow({
  id: '1a2b3c4d-0000-4000-8000-000000000003',
  username: 'bea',
  team: dayShift,
});
const eve = adminRow({ id: '1a2b3c4d-0000-4000-8000-000000000004', username: 'eve' });
const allAdmins = [ada, root, cal, bea, eve];

const teamsList = {
  teams: [nightShift, dayShift].map((team) => ({
    ...team,
    description: null,
    created_by: 'ada',
    created_at: '2026-11-01T09:00:00.000Z',
    member_count: 1,
  })),
};

function serveAdmins(overrides: Parameters<typeof mockFetch>[0] = {}, admins = allAdmins) {
  return mockFetch({
    'GET /api/admins': ({ query }) =>
      pagedListResponse('admins', admins, query, {
        matches: (admin, search) => admin.username.toLowerCase().includes(search),
        sortBy: { username: (admin) => admin.username, team: (admin) => admin.team?.name ?? '~' },
      }),
    'GET /api/teams': ({ query }) =>
      pagedListResponse('teams', teamsList.teams, query, {
        matches: (team, search) => team.name.toLowerCase().includes(search),
        sortBy: { name: (team) => team.name },
      }),
    ...overrides,
  });
}

/** Where the page's URL is now: its list keeps search, sort and page there. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

function renderPage(
  options: { signedInAs?: typeof superAdminUser; fakeTimers?: boolean; url?: string } = {},
) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[options.url ?? '/admin/admins']}>
      <LocationProbe />
      <Routes>
        <Route path="/admin/admins" element={<AdminsPage />} />
      </Routes>
    </MemoryRouter>,
    {
      signedInAs: options.signedInAs ?? superAdminUser,
      withFakeTimers: options.fakeTimers,
    },
  );
}

/** Each row's cells, as text, in the order shown. */
function tableRows() {
  const [, ...bodyRows] = screen.getAllByRole('row');
  return bodyRows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}

function rowOf(username: string) {
  const row = screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(username, { exact: true }));
  if (!row) throw new Error(`No row for ${username}`);
  return within(row);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AdminsPage: the list', () => {
  it("keeps the table and its row actions in a sideways scroller named 'Admins' that takes the focus", async () => {
    serveAdmins();
    renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    const scroller = screen.getByRole('group', { name: 'Admins' });
    expect(within(scroller).getByRole('table', { name: 'Admins' })).toBeTruthy();
    expect(within(scroller).getByRole('button', { name: 'Edit cal' })).toBeTruthy();
    expect(scroller.tabIndex).toBe(0);
  });

  it('shows title, columns, every admin in the server order, and the footer', async () => {
    serveAdmins();
    renderPage();

    expect(screen.getByRole('heading', { name: 'Admins' })).toBeTruthy();
    expect(screen.getByText('Manage and view all admin users')).toBeTruthy();
    expect(await screen.findByText('Showing 5 of 5 admins')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Admin',
      'Username',
      'Password',
      'Team',
      'Actions',
    ]);
    const rows = tableRows();
    expect(rows.map((cells) => cells[1])).toEqual(['ada', 'root', 'cal', 'bea', 'eve']);
    expect(rows.map((cells) => cells[3])).toEqual([
      'No Team (Super Admin)',
      'No Team (Super Admin)',
      'Night Shift (Leader)',
      'Day Shift',
      'No Team',
    ]);
    expect(rows[2]?.[0]).toBe(`C#${cal.id.slice(0, 8)}`);
  });

  it('marks super admins with a star', async () => {
    serveAdmins();
    renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    expect(rowOf('root').getByRole('img', { name: 'Super admin' })).toBeTruthy();
    expect(rowOf('cal').queryByRole('img', { name: 'Super admin' })).toBeNull();
  });

  it('never shows a password, only a mask with nothing to reveal', async () => {
    serveAdmins();
    renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    const passwordCells = tableRows().map((cells) => cells[2]);
    expect(new Set(passwordCells)).toEqual(new Set(['••••••••Hidden']));
    expect(screen.queryByRole('button', { name: /show/i })).toBeNull();
  });

  it('offers Delete for admins, not for super admins nor for yourself', async () => {
    serveAdmins();
    renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    expect(
      screen.getAllByRole('button', { name: /^Delete / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Delete cal', 'Delete bea', 'Delete eve']);
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(5);
  });

  it('asks the server to search and says when nothing matches', async () => {
    const { requests } = serveAdmins();
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');

    await user.type(screen.getByRole('searchbox', { name: 'Search admins' }), 'CA');
    expect(await screen.findByText('Showing 1 of 5 admins')).toBeTruthy();
    expect(requests.at(-1)?.query.get('search')).toBe('CA');

    expect(screen.getByRole('searchbox', { name: 'Search admins' }).getAttribute('maxlength')).toBe(
      '100',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search admins' }), 'zzz');
    expect(await screen.findByText('No admins found matching your search')).toBeTruthy();
    expect(screen.getByText(/^Showing 0 of \d+ admins$/)).toBeTruthy();
  });

  it('says when there are no admins at all', async () => {
    serveAdmins({}, []);
    renderPage();
    expect(await screen.findByText('No admins registered yet')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('sorts by a column header, a second press reverses, and says so with aria-sort', async () => {
    const { requests } = serveAdmins();
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    const header = (name: string) => screen.getByRole('columnheader', { name });
    for (const unsortable of ['Admin', 'Password', 'Actions']) {
      expect(within(header(unsortable)).queryByRole('button')).toBeNull();
    }
    expect(header('Username').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() =>
      expect(tableRows().map((cells) => cells[1])).toEqual(['ada', 'bea', 'cal', 'eve', 'root']),
    );
    expect(header('Username').getAttribute('aria-sort')).toBe('ascending');
    expect(requests.at(-1)?.query.get('sort')).toBe('username');
    await user.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(tableRows()[0]?.[1]).toBe('root'));
    expect(header('Username').getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/admins?sort=-username',
    );

    expect(within(header('Team')).getByRole('button')).toBeTruthy();
  });

  it('pages the list and keeps the page and page size in the URL', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      adminRow({
        id: `1a2b3c4d-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
        username: `admin_${String(i).padStart(2, '0')}`,
      }),
    );
    const { requests } = serveAdmins({}, many);
    const { user } = renderPage({ url: '/admin/admins?pageSize=25' });
    expect(await screen.findByText('Showing 30 of 30 admins')).toBeTruthy();
    expect(screen.getByText('(1–25)')).toBeTruthy();
    expect(tableRows()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('(26–30)')).toBeTruthy();
    expect(tableRows()[0]?.[1]).toBe('admin_25');
    expect(requests.at(-1)?.query.get('page')).toBe('2');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/admins?pageSize=25&page=2',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('(1–30)')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/admin/admins');
  });

  it('opens at the search, sort and page its URL holds', async () => {
    const { requests } = serveAdmins();
    renderPage({ url: '/admin/admins?search=E&sort=-username&pageSize=25' });
    expect(await screen.findByText('Showing 2 of 5 admins')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search admins' }).value).toBe(
      'E',
    );
    expect(tableRows().map((cells) => cells[1])).toEqual(['eve', 'bea']);
    expect(screen.getByRole('columnheader', { name: 'Username' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(Object.fromEntries(requests[0]!.query)).toEqual({
      search: 'E',
      sort: '-username',
      pageSize: '25',
    });
  });

  it("says 'Failed to load admins' when the server fails", async () => {
    mockFetch({ 'GET /api/admins': () => errorResponse(403, 'FORBIDDEN', 'Not allowed') });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load admins');
  });

  it("says 'An unexpected error occurred' when the server can't be reached", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({ 'GET /api/admins': networkFailure });
    renderPage({ fakeTimers: true });
    // The query client retries a network failure twice before giving up.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
  });
});

describe('AdminsPage: Add New Admin', () => {
  async function openAddAdmin(user: ReturnType<typeof renderPage>['user']) {
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    return within(screen.getByRole('dialog', { name: 'Add New Admin' }));
  }

  async function fill(
    user: ReturnType<typeof renderPage>['user'],
    dialog: Awaited<ReturnType<typeof openAddAdmin>>,
    fields: { username?: string; password?: string; confirm?: string; team?: string },
  ) {
    if (fields.username) await user.type(dialog.getByLabelText('Username'), fields.username);
    if (fields.password) await user.type(dialog.getByLabelText('Password'), fields.password);
    if (fields.confirm) await user.type(dialog.getByLabelText('Confirm Password'), fields.confirm);
    await user.click(dialog.getByRole('combobox', { name: 'Security Question' }));
    await user.click(screen.getByRole('option', { name: securityQuestions[4] }));
    await user.type(dialog.getByLabelText('Answer'), 'Dune');
    if (fields.team) {
      await user.click(dialog.getByRole('combobox', { name: 'Team' }));
      await user.click(await screen.findByRole('option', { name: fields.team }));
    }
  }

  it('offers the 8 questions, the teams and a link to all teams', async () => {
    const { requests } = serveAdmins();
    const { user } = renderPage();
    const dialog = await openAddAdmin(user);

    await user.click(dialog.getByRole('combobox', { name: 'Security Question' }));
    // The open select's options: the list's 'Rows per page' has options of its own.
    const options = (listbox: HTMLElement) =>
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options(screen.getByRole('listbox'))).toEqual([...securityQuestions]);
    await user.click(screen.getByRole('option', { name: securityQuestions[0] }));

    await user.click(dialog.getByRole('combobox', { name: 'Team' }));
    // By name: the select asks for the teams sorted, as one page of the largest size.
    expect(options(await screen.findByRole('listbox'))).toEqual(['Day Shift', 'Night Shift']);
    expect(requests.find((request) => request.path === '/api/teams')?.query.toString()).toBe(
      'sort=name&pageSize=100',
    );
    expect(dialog.getByRole('link', { name: 'See all teams' }).getAttribute('href')).toBe(
      '/admin/teams',
    );
  });

  it.each([
    ['All fields are required', { password: 'secret1', confirm: 'secret1' }, 'Username'],
    [
      'Passwords do not match',
      { username: 'finn', password: 'secret1', confirm: 'secret2' },
      'Confirm Password',
    ],
    [
      'Password must be at least 6 characters',
      { username: 'finn', password: 'abc', confirm: 'abc' },
      'Password',
    ],
  ])('says "%s" without calling the server', async (message, fields, invalidField) => {
    const { requests } = serveAdmins();
    const { user } = renderPage();
    const dialog = await openAddAdmin(user);

    await fill(user, dialog, fields);
    await user.click(dialog.getByRole('button', { name: 'Add Admin' }));

    expect(dialog.getByRole('alert').textContent).toBe(message);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    const field = dialog.getByLabelText(invalidField);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(field)).toContain(message);
  });

  it('adds the admin, says so, and closes 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const finn = adminRow({ id: '1a2b3c4d-0000-4000-8000-000000000009', username: 'finn' });
    const { requests } = serveAdmins({
      'POST /api/admins': () => jsonResponse({ admin: { ...finn, team: dayShift } }, 201),
    });
    const { user } = renderPage({ fakeTimers: true });
    const dialog = await openAddAdmin(user);

    await fill(user, dialog, {
      username: 'finn',
      password: 'secret1',
      confirm: 'secret1',
      team: 'Day Shift',
    });
    await user.click(dialog.getByRole('button', { name: 'Add Admin' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Admin added successfully');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'finn',
      password: 'secret1',
      confirmPassword: 'secret1',
      securityQuestion: securityQuestions[4],
      securityAnswer: 'Dune',
      teamId: dayShift.id,
    });

    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(screen.getByRole('dialog', { name: 'Add New Admin' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('dialog', { name: 'Add New Admin' })).toBeNull();
  });

  it.each([
    [
      'Username already exists',
      () => errorResponse(409, 'USERNAME_TAKEN', 'Username already exists'),
    ],
    ['Failed to add admin', () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred')],
  ])('says "%s" when the server refuses or fails', async (message, respond) => {
    serveAdmins({ 'POST /api/admins': respond });
    const { user } = renderPage();
    const dialog = await openAddAdmin(user);

    await fill(user, dialog, { username: 'cal', password: 'secret1', confirm: 'secret1' });
    await user.click(dialog.getByRole('button', { name: 'Add Admin' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Add New Admin' })).toBeTruthy();
    const isUsernameMarked =
      dialog.getByLabelText('Username').getAttribute('aria-invalid') === 'true';
    expect(isUsernameMarked).toBe(message === 'Username already exists');
  });

  it("drops 'Username already exists' once the username changes, not before", async () => {
    serveAdmins({
      'POST /api/admins': () => errorResponse(409, 'USERNAME_TAKEN', 'Username already exists'),
    });
    const { user } = renderPage();
    const dialog = await openAddAdmin(user);
    await fill(user, dialog, { username: 'cal', password: 'secret1', confirm: 'secret1' });
    await user.click(dialog.getByRole('button', { name: 'Add Admin' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Username already exists');

    await user.type(dialog.getByLabelText('Password'), '2');
    expect(dialog.getByRole('alert').textContent).toBe('Username already exists');
    await user.type(dialog.getByLabelText('Username'), 'vin');
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(dialog.getByLabelText('Username').getAttribute('aria-invalid')).not.toBe('true');
  });

  it("keeps nothing when 'See all teams' opens in a new tab: the form stays where it is", async () => {
    serveAdmins();
    const { user } = renderPage();
    const dialog = await openAddAdmin(user);
    await user.type(dialog.getByLabelText('Username'), 'finn');
    await user.keyboard('{Control>}');
    await user.click(dialog.getByRole('link', { name: 'See all teams' }));
    await user.keyboard('{/Control}');
    expect((dialog.getByLabelText('Username') as HTMLInputElement).value).toBe('finn');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const fresh = within(screen.getByRole('dialog', { name: 'Add New Admin' }));
    expect((fresh.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });

  it("keeps what was typed through 'See all teams' and back, once", async () => {
    serveAdmins();
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/admin/admins']}>
        <Routes>
          <Route path="/admin/admins" element={<AdminsPage />} />
          <Route path="/admin/teams" element={<Link to="/admin/admins">Back to admins</Link>} />
        </Routes>
      </MemoryRouter>,
      { signedInAs: superAdminUser },
    );
    const dialog = await openAddAdmin(user);
    await user.type(dialog.getByLabelText('Username'), 'finn');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.click(dialog.getByRole('link', { name: 'See all teams' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(await screen.findByRole('link', { name: 'Back to admins' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add New Admin' }));
    expect((again.getByLabelText('Username') as HTMLInputElement).value).toBe('finn');
    expect((again.getByLabelText('Password') as HTMLInputElement).value).toBe('secret1');

    // Taken once: closed, the next Add Admin starts empty.
    await user.click(again.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const fresh = within(screen.getByRole('dialog', { name: 'Add New Admin' }));
    expect((fresh.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });

  it('never opens a form left for the teams page for another user', async () => {
    serveAdmins();
    const { user, unmount } = renderPage();
    const dialog = await openAddAdmin(user);
    await user.type(dialog.getByLabelText('Username'), 'gus');
    await user.click(dialog.getByRole('link', { name: 'See all teams' }));
    unmount();

    const other = renderPage({
      signedInAs: sessionUser({ id: root.id, username: 'root', is_super_admin: true }),
    });
    await screen.findByText('Showing 5 of 5 admins');
    expect(screen.queryByRole('dialog')).toBeNull();
    await other.user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const theirs = within(screen.getByRole('dialog', { name: 'Add New Admin' }));
    expect((theirs.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });
});

describe('AdminsPage: Create Team', () => {
  it('is offered to super admins only', async () => {
    serveAdmins();
    renderPage({ signedInAs: sessionUser() });
    await screen.findByText('Showing 5 of 5 admins');
    expect(screen.queryByRole('button', { name: 'Create Team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Admin' })).toBeTruthy();
  });

  it('requires a name, creates the team, says so and closes 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serveAdmins({
      'POST /api/teams': () => jsonResponse({ team: teamsList.teams[0] }, 201),
    });
    const { user } = renderPage({ fakeTimers: true });
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create Team' }));

    await user.click(dialog.getByRole('button', { name: 'Create Team' }));
    expect(dialog.getByRole('alert').textContent).toBe('Team name is required');
    expect(dialog.getByLabelText('Team Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(dialog.getByLabelText('Team Name'), 'Night Shift');
    await user.type(dialog.getByLabelText('Description'), 'Evenings');
    await user.click(dialog.getByRole('button', { name: 'Create Team' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Team created successfully');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Night Shift',
      description: 'Evenings',
    });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByRole('dialog', { name: 'Create Team' })).toBeNull();
  });

  it.each([
    [
      'Team name already exists',
      () => errorResponse(409, 'TEAM_NAME_TAKEN', 'Team name already exists', { field: 'name' }),
    ],
    ['Failed to create team', () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred')],
  ])('says "%s" when the server refuses or fails', async (message, respond) => {
    serveAdmins({ 'POST /api/teams': respond });
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create Team' }));

    await user.type(dialog.getByLabelText('Team Name'), 'Night Shift');
    await user.click(dialog.getByRole('button', { name: 'Create Team' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(message);
  });
});

describe('AdminsPage: inline edit', () => {
  it.each([
    ['Username and password are required', '   ', ''],
    ['Password must be at least 6 characters', 'cal', 'abc'],
  ])('says "%s" without calling the server', async (message, username, password) => {
    const { requests } = serveAdmins();
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Edit cal' }));

    const usernameField = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(usernameField);
    await user.type(usernameField, username);
    if (password) await user.type(screen.getByLabelText('New password'), password);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const row = within(screen.getByRole('row', { name: 'Editing cal' }));
    expect(row.getByRole('alert').textContent).toBe(message);
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('starts with an empty password that means unchanged', async () => {
    serveAdmins();
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Edit cal' }));

    const passwordField = screen.getByLabelText<HTMLInputElement>('New password');
    expect(passwordField.value).toBe('');
    expect(passwordField.placeholder).toBe('Leave blank to keep current');
  });

  it('saves with Save, says so, and closes the row 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serveAdmins({
      'PATCH /api/admins/1a2b3c4d-0000-4000-8000-000000000002': () =>
        jsonResponse({ admin: { ...cal, username: 'calvin' } }),
    });
    const { user } = renderPage({ fakeTimers: true });
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Edit cal' }));

    const usernameField = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(usernameField);
    await user.type(usernameField, 'calvin');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const row = within(screen.getByRole('row', { name: 'Editing cal' }));
    await waitFor(() =>
      expect(row.getByRole('alert').textContent).toBe('Admin updated successfully'),
    );
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ username: 'calvin' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('sends a new password when one is typed, with Enter', async () => {
    const { requests } = serveAdmins({
      'PATCH /api/admins/1a2b3c4d-0000-4000-8000-000000000002': () => jsonResponse({ admin: cal }),
    });
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Edit cal' }));

    await user.type(screen.getByLabelText('New password'), 'new-secret{Enter}');

    const row = within(screen.getByRole('row', { name: 'Editing cal' }));
    await waitFor(() =>
      expect(row.getByRole('alert').textContent).toBe('Admin updated successfully'),
    );
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      username: 'cal',
      password: 'new-secret',
    });
  });

  it.each([
    [
      'Username already exists',
      () => errorResponse(409, 'USERNAME_TAKEN', 'Username already exists', { field: 'username' }),
    ],
    [
      'Failed to update admin',
      () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
    ],
  ])('says "%s" and keeps the row open', async (message, respond) => {
    serveAdmins({ 'PATCH /api/admins/1a2b3c4d-0000-4000-8000-000000000002': respond });
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Edit cal' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const row = within(screen.getByRole('row', { name: 'Editing cal' }));
    await waitFor(() => expect(row.getByRole('alert').textContent).toBe(message));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('AdminsPage: Delete Admin', () => {
  it('asks first, then deletes and says so', async () => {
    const { requests } = serveAdmins({
      'DELETE /api/admins/1a2b3c4d-0000-4000-8000-000000000003': () => jsonResponse({ ok: true }),
    });
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Delete bea' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Delete Admin' }));
    expect(
      dialog.getByText('Are you sure you want to delete bea? This action cannot be undone.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Admin deleted successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('cancels without asking the server', async () => {
    const { requests } = serveAdmins();
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Delete bea' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Admin' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('says when the admin is already gone, with nothing left to confirm', async () => {
    serveAdmins({
      'DELETE /api/admins/1a2b3c4d-0000-4000-8000-000000000003': () =>
        errorResponse(404, 'ADMIN_NOT_FOUND', 'Admin not found'),
    });
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Delete bea' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Admin' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Admin not found');
    expect(dialog.queryByRole('button', { name: 'Confirm Delete' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it("says 'Failed to delete admin' when it fails", async () => {
    serveAdmins({
      'DELETE /api/admins/1a2b3c4d-0000-4000-8000-000000000003': () =>
        errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
    });
    const { user } = renderPage();
    await screen.findByText('Showing 5 of 5 admins');
    await user.click(screen.getByRole('button', { name: 'Delete bea' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Admin' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to delete admin');
  });
});
