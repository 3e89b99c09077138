import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { EmployeeRow } from '../../../../shared/schemas/employees';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import {
  dayShift,
  nightShift,
  sessionUser,
  superAdminUser,
  teamMemberAdminUser,
} from '../../../test/fixtures';
import { pagedListResponse } from '../../../test/paged-list';
import { renderWithProviders } from '../../../test/render';
import { EmployeesPage } from './employees-page';

const employee = (
  overrides: Partial<EmployeeRow> & Pick<EmployeeRow, 'id' | 'username'>,
): EmployeeRow => ({
  full_name: null,
  role: 'employee',
  team: null,
  created_at: '2026-11-02T15:00:00.000Z',
  ...overrides,
});

const gus = employee({
  id: '2b3c4d5e-0000-4000-8000-000000000001',
  username: 'gus',
  team: nightShift,
});
const hal = employee({
  id: '2b3c4d5e-0000-4000-8000-000000000002',
  username: 'hal',
  team: dayShift,
});
const ivy = employee({ id: '2b3c4d5e-0000-4000-8000-000000000003', username: 'ivy' });
const jon = employee({
  id: '2b3c4d5e-0000-4000-8000-000000000004',
  username: 'jon',
  team: { id: '9f8e7d6c-0000-4000-8000-000000000001', name: '' },
});
const allEmployees = [gus, hal, ivy, jon];

function serveEmployees(
  overrides: Parameters<typeof mockFetch>[0] = {},
  employees: EmployeeRow[] = allEmployees,
) {
  return mockFetch({
    'GET /api/employees': ({ query }) =>
      pagedListResponse('employees', employees, query, {
        matches: (e, search) => e.username.toLowerCase().includes(search),
        sortBy: { username: (e) => e.username, registered: (e) => e.created_at },
      }),
    ...overrides,
  });
}

/** Where the avatar and team links lead: a page that says which one it is. */
function AnalyticsStandIn() {
  const { employeeId } = useParams();
  return <h2>Analytics for {employeeId}</h2>;
}

/** Where the page's URL is now: its list keeps search, sort and page there. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderPage(
  options: { signedInAs?: SessionUser; fakeTimers?: boolean; url?: string } = {},
) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[options.url ?? '/admin/employees']}>
      <LocationProbe />
      <Routes>
        <Route path="/admin/employees" element={<EmployeesPage />} />
        <Route path="/admin/analytics/:employeeId" element={<AnalyticsStandIn />} />
        <Route path="/admin/teams" element={<h2>Teams stand-in</h2>} />
      </Routes>
    </MemoryRouter>,
    { signedInAs: options.signedInAs ?? superAdminUser, withFakeTimers: options.fakeTimers },
  );
}

function tableRows() {
  const [, ...bodyRows] = screen.getAllByRole('row');
  return bodyRows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}

const loaded = () => screen.findByText('Showing 4 of 4 employees');

afterEach(() => {
  vi.useRealTimers();
});

describe('EmployeesPage: the list', () => {
  it("keeps the table and its row actions in a sideways scroller named 'Employees' that takes the focus", async () => {
    serveEmployees();
    renderPage();
    await loaded();
    const scroller = screen.getByRole('group', { name: 'Employees' });
    expect(within(scroller).getByRole('table', { name: 'Employees' })).toBeTruthy();
    expect(within(scroller).getByRole('button', { name: 'Edit gus' })).toBeTruthy();
    expect(scroller.tabIndex).toBe(0);
  });

  it('shows title, columns, every employee in the server order, and the footer', async () => {
    serveEmployees();
    renderPage();

    expect(screen.getByRole('heading', { name: 'Employees' })).toBeTruthy();
    expect(screen.getByText('Loading employees...')).toBeTruthy();
    await loaded();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Employee',
      'Username',
      'Password',
      'Role',
      'Team',
      'Registered',
      'Actions',
    ]);
    const rows = tableRows();
    expect(rows.map((cells) => cells[1])).toEqual(['gus', 'hal', 'ivy', 'jon']);
    expect(rows.map((cells) => cells[3])).toEqual(['Employee', 'Employee', 'Employee', 'Employee']);
    expect(rows.map((cells) => cells[4])).toEqual([
      'Night Shift',
      'Day Shift',
      'No Team',
      'Unknown Team',
    ]);
    expect(rows[0]?.[0]).toBe(`G#${gus.id.slice(0, 8)}`);
    expect(rows[0]?.[5]).toBe(
      new Intl.DateTimeFormat(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }).format(new Date(gus.created_at)),
    );
  });

  it('never shows a password, only a mask with nothing to reveal', async () => {
    serveEmployees();
    renderPage();
    await loaded();
    expect(new Set(tableRows().map((cells) => cells[2]))).toEqual(new Set(['••••••••Hidden']));
    expect(screen.queryByRole('button', { name: /show/i })).toBeNull();
  });

  it('names each row action after its employee', async () => {
    serveEmployees();
    renderPage();
    await loaded();
    expect(
      screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Edit gus', 'Edit hal', 'Edit ivy', 'Edit jon']);
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(4);
  });

  it("opens an employee's analytics from their avatar", async () => {
    serveEmployees();
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('link', { name: 'Open analytics for hal' }));
    expect(await screen.findByRole('heading', { name: `Analytics for ${hal.id}` })).toBeTruthy();
  });

  it('links team names to the Teams page for those who may open it', async () => {
    serveEmployees();
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('link', { name: 'Night Shift' }));
    expect(await screen.findByRole('heading', { name: 'Teams stand-in' })).toBeTruthy();
  });

  it.each([
    ['an admin without the Teams page', teamMemberAdminUser],
    // Their Teams page lists no team: a link there would lead nowhere.
    ['an admin with no team', sessionUser({ username: 'nia' })],
  ])('shows team names as plain text to %s', async (_who, signedInAs) => {
    serveEmployees();
    renderPage({ signedInAs });
    await loaded();
    expect(screen.queryByRole('link', { name: 'Night Shift' })).toBeNull();
    expect(screen.getByText('Night Shift')).toBeTruthy();
  });

  it('asks the server to search and says when nothing matches', async () => {
    const { requests } = serveEmployees();
    const { user } = renderPage();
    await loaded();

    const search = screen.getByRole('searchbox', { name: 'Search employees' });
    expect(search.getAttribute('placeholder')).toBe('Search employees by username...');
    // The server takes at most 100 characters (a longer search would fail the whole list).
    expect(search.getAttribute('maxlength')).toBe('100');
    await user.type(search, 'HA');
    expect(await screen.findByText('Showing 1 of 4 employees')).toBeTruthy();
    expect(requests.at(-1)?.query.get('search')).toBe('HA');

    await user.type(search, 'zzz');
    expect(await screen.findByText('No employees found matching your search')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 4 employees')).toBeTruthy();
  });

  it('says when there are no employees at all', async () => {
    serveEmployees({}, []);
    renderPage();
    expect(await screen.findByText('No employees registered yet')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('sorts by a column header, a second press reverses, and says so with aria-sort', async () => {
    const { requests } = serveEmployees();
    const { user } = renderPage();
    await loaded();
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(within(header('Password')).queryByRole('button')).toBeNull();
    expect(within(header('Actions')).queryByRole('button')).toBeNull();
    expect(header('Username').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(header('Username').getAttribute('aria-sort')).toBe('ascending'));
    expect(requests.at(-1)?.query.get('sort')).toBe('username');
    await user.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(tableRows()[0]?.[1]).toBe('jon'));
    expect(header('Username').getAttribute('aria-sort')).toBe('descending');
    expect(requests.at(-1)?.query.get('sort')).toBe('-username');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/employees?sort=-username',
    );
  });

  it('pages the list and keeps search, sort, page and page size in the URL', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      employee({
        id: `2b3c4d5e-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
        username: `agent_${String(i).padStart(2, '0')}`,
      }),
    );
    const { requests } = serveEmployees({}, many);
    const { user } = renderPage({ url: '/admin/employees?pageSize=25' });
    expect(await screen.findByText('Showing 30 of 30 employees')).toBeTruthy();
    expect(screen.getByText('(1–25)')).toBeTruthy();
    expect(tableRows()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('(26–30)')).toBeTruthy();
    expect(tableRows()[0]?.[1]).toBe('agent_25');
    expect(requests.at(-1)?.query.get('page')).toBe('2');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/employees?pageSize=25&page=2',
    );

    // A new page size starts again at page 1.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('(1–30)')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/admin/employees');
    expect(screen.queryByRole('navigation', { name: 'Pages of employees' })).toBeNull();
  });

  it('opens at the search, sort and page its URL holds', async () => {
    const { requests } = serveEmployees();
    renderPage({ url: '/admin/employees?search=A&sort=-username&pageSize=25' });
    expect(await screen.findByText('Showing 1 of 4 employees')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('A');
    expect(tableRows().map((cells) => cells[1])).toEqual(['hal']);
    expect(screen.getByRole('columnheader', { name: 'Username' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(Object.fromEntries(requests[0]!.query)).toEqual({
      search: 'A',
      sort: '-username',
      pageSize: '25',
    });
  });

  it('shows again the search a step back returns to', async () => {
    serveEmployees();
    const { user } = renderPage();
    await loaded();
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search employees' });
    await user.type(search, 'ha');
    expect(await screen.findByText('Showing 1 of 4 employees')).toBeTruthy();
    // Sorting is a step, and so is a new search (however many pauses it is typed with).
    await user.click(screen.getByRole('button', { name: 'Username' }));
    await user.clear(search);
    expect(await screen.findByText('Showing 4 of 4 employees')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Showing 1 of 4 employees')).toBeTruthy();
    expect(search.value).toBe('ha');
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/admin/employees?search=ha&sort=username',
    );
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Showing 4 of 4 employees')).toBeTruthy();
    expect(search.value).toBe('');
  });

  it("says 'Failed to load employees' when the server fails", async () => {
    mockFetch({ 'GET /api/employees': () => errorResponse(403, 'FORBIDDEN', 'Not allowed') });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load employees');
  });
});

describe('EmployeesPage: inline edit', () => {
  const patchHal = `PATCH /api/employees/${hal.id}`;

  it('starts with the username and an empty password that means unchanged', async () => {
    serveEmployees();
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit hal' }));

    const row = within(screen.getByRole('row', { name: 'Editing hal' }));
    expect(row.getByRole<HTMLInputElement>('textbox', { name: 'Username' }).value).toBe('hal');
    const password = row.getByLabelText<HTMLInputElement>('New password');
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Leave blank to keep current');
    expect(row.getByText('Day Shift')).toBeTruthy();
  });

  it.each([
    ['Username and password are required', '   ', ''],
    ['Password must be at least 6 characters', 'hal', 'abc'],
  ])('says "%s" without calling the server', async (message, username, password) => {
    const { requests } = serveEmployees();
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit hal' }));

    const usernameField = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(usernameField);
    await user.type(usernameField, username);
    if (password) await user.type(screen.getByLabelText('New password'), password);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Said in the row being edited, where the user is looking, and nowhere else.
    const row = within(screen.getByRole('row', { name: 'Editing hal' }));
    expect(row.getByRole('alert').textContent).toBe(message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('clears a refusal as soon as the field it is about changes', async () => {
    serveEmployees({
      [patchHal]: () =>
        errorResponse(409, 'USERNAME_TAKEN', 'Username already exists', { field: 'username' }),
    });
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit hal' }));
    await user.type(screen.getByLabelText('New password'), 'abc{Enter}');
    const row = within(screen.getByRole('row', { name: 'Editing hal' }));
    expect(row.getByRole('alert').textContent).toBe('Password must be at least 6 characters');
    // Editing another field leaves it; editing the password clears it.
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'x');
    expect(row.getByRole('alert').textContent).toBe('Password must be at least 6 characters');
    await user.type(screen.getByLabelText('New password'), 'def');
    expect(row.getByRole('alert').textContent).toBe('');

    await user.type(screen.getByLabelText('New password'), '{Enter}');
    await waitFor(() => expect(row.getByRole('alert').textContent).toBe('Username already exists'));
    expect(screen.getByRole('textbox', { name: 'Username' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'y');
    expect(row.getByRole('alert').textContent).toBe('');
    expect(
      screen.getByRole('textbox', { name: 'Username' }).getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('saves, says so, and closes the row 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => {};
    const { requests } = serveEmployees({
      [patchHal]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderPage({ fakeTimers: true });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit hal' }));

    const usernameField = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(usernameField);
    await user.type(usernameField, 'hank');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeTruthy();
    answer(jsonResponse({ employee: { ...hal, username: 'hank' } }));
    const row = within(screen.getByRole('row', { name: 'Editing hal' }));
    await waitFor(() =>
      expect(row.getByRole('alert').textContent).toBe('Employee updated successfully'),
    );
    expect(screen.getAllByText('Employee updated successfully')).toHaveLength(1);
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      username: 'hank',
      password: 'new-secret',
    });

    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // The closed row keeps the confirmation for the rest of its 3 s.
    const closedRow = screen.getByRole('button', { name: 'Edit hal' }).closest('tr')!;
    expect(within(closedRow).getByText('Employee updated successfully')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('Employee updated successfully')).toBeNull();
  });

  it.each([
    [
      'Username already exists',
      () => errorResponse(409, 'USERNAME_TAKEN', 'Username already exists', { field: 'username' }),
    ],
    [
      'Failed to update employee',
      () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
    ],
  ])('says "%s" and keeps the row open', async (message, respond) => {
    serveEmployees({ [patchHal]: respond });
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit hal' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), '2{Enter}');

    const row = within(screen.getByRole('row', { name: 'Editing hal' }));
    await waitFor(() => expect(row.getByRole('alert').textContent).toBe(message));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('EmployeesPage: the focus after an edit', () => {
  it.each(['{Escape}', 'Cancel'])('goes back to the row’s Edit button after %s', async (close) => {
    serveEmployees();
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit hal' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    username.focus();
    if (close === 'Cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }));
    else await user.keyboard(close);

    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit hal' })),
    );
  });
});

describe('EmployeesPage: Delete Employee', () => {
  const deleteIvy = `DELETE /api/employees/${ivy.id}`;

  it('asks first, naming the employee and what goes with them, then deletes and says so', async () => {
    const { requests } = serveEmployees({ [deleteIvy]: () => jsonResponse({ ok: true }) });
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Delete ivy' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Delete Employee' }));
    expect(dialog.getByText(/Are you sure you want to delete/).textContent).toBe(
      'Are you sure you want to delete ivy? Their calls, status history, sessions and team ' +
        'membership are erased too. This action cannot be undone.',
    );
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Employee deleted successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/employees/${ivy.id}`,
    ]);
  });

  it("shows 'Deleting...' while the server works", async () => {
    serveEmployees({ [deleteIvy]: () => new Promise<Response>(() => {}) });
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Delete ivy' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Employee' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect(dialog.getByRole('button', { name: 'Deleting...' }).hasAttribute('disabled')).toBe(true);
  });

  it('cancels without asking the server', async () => {
    const { requests } = serveEmployees();
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Delete ivy' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Employee' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('from the keyboard: a named close button, and the focus back on Delete after Escape, Cancel or Close', async () => {
    serveEmployees();
    const { user } = renderPage();
    await loaded();
    const deleteButton = screen.getByRole('button', { name: 'Delete ivy' });
    for (const close of ['{Escape}', 'Cancel', 'Close']) {
      deleteButton.focus();
      await user.keyboard('{Enter}');
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete Employee' }));
      if (close === '{Escape}') await user.keyboard(close);
      else await user.click(dialog.getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(deleteButton));
    }
  });

  it('says when the employee is already gone, leaving only OK', async () => {
    serveEmployees({
      [deleteIvy]: () => errorResponse(404, 'EMPLOYEE_NOT_FOUND', 'Employee not found'),
    });
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Delete ivy' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Employee' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Employee not found');
    expect(dialog.queryByText(/Are you sure/)).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Confirm Delete' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Failed to delete employee' when it fails", async () => {
    serveEmployees({
      [deleteIvy]: () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
    });
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Delete ivy' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Employee' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to delete employee');
  });
});
