import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { describedByText } from '../../../test/accessibility';
import { errorResponse, jsonResponse, mockFetch, networkFailure } from '../../../test/fetch-mock';
import {
  dayShift,
  nightShift,
  sessionUser,
  superAdminUser,
  teamMemberAdminUser,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RegisterEmployeePage } from './register-employee-page';

const finn = {
  id: '3c4d5e6f-0000-4000-8000-000000000001',
  username: 'finn',
  full_name: null,
  role: 'employee',
  team: dayShift,
  created_at: '2026-11-02T09:00:00.000Z',
};

function serve(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/employees/teams': () => jsonResponse({ teams: [dayShift, nightShift] }),
    ...overrides,
  });
}

function renderPage(options: { signedInAs?: SessionUser } = {}) {
  return renderWithProviders(
    <MemoryRouter>
      <RegisterEmployeePage />
    </MemoryRouter>,
    { signedInAs: options.signedInAs ?? superAdminUser },
  );
}

type User = ReturnType<typeof renderPage>['user'];

async function fill(
  user: User,
  fields: { username?: string; password?: string; confirm?: string; team?: string },
) {
  if (fields.username) await user.type(screen.getByLabelText(/^Username/), fields.username);
  if (fields.password) await user.type(screen.getByLabelText(/^Password/), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText(/^Confirm Password/), fields.confirm);
  if (fields.team) {
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: fields.team }));
  }
}

const submit = (user: User) =>
  user.click(screen.getByRole('button', { name: 'Register Employee' }));

describe('RegisterEmployeePage', () => {
  it('has the fields of spec §2 and offers the teams this admin may register into', async () => {
    serve();
    const { user } = renderPage();
    expect(screen.getByRole('heading', { name: 'Register Employee' })).toBeTruthy();
    const team = screen.getByRole('combobox', { name: 'Team' });
    expect(team.getAttribute('placeholder')).toBe('Select a team');
    // Every field is required, for a screen reader too (not only an asterisk to see).
    for (const field of [
      screen.getByLabelText(/^Username/),
      screen.getByLabelText(/^Password/),
      screen.getByLabelText(/^Confirm Password/),
      team,
    ]) {
      expect((field as HTMLInputElement).required, field.id).toBe(true);
    }

    await user.click(team);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Day Shift',
      'Night Shift',
    ]);
  });

  it.each([
    [
      'All fields are required',
      { username: 'finn', password: 'secret1', confirm: 'secret1' },
      () => screen.getByRole('combobox', { name: 'Team' }),
    ],
    [
      'Passwords do not match',
      { username: 'finn', password: 'secret1', confirm: 'secret2', team: 'Day Shift' },
      () => screen.getByLabelText(/^Confirm Password/),
    ],
    [
      'Password must be at least 6 characters',
      { username: 'finn', password: 'abc', confirm: 'abc', team: 'Day Shift' },
      () => screen.getByLabelText(/^Password/),
    ],
  ])('says "%s" without calling the server', async (message, fields, invalidField) => {
    const { requests } = serve();
    const { user } = renderPage();
    await fill(user, fields);
    await submit(user);

    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    const field = invalidField();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(field)).toContain(message);
  });

  it('checks the spec order: a missing field before a mismatch', async () => {
    serve();
    const { user } = renderPage();
    await fill(user, { password: 'abc', confirm: 'abcd', team: 'Day Shift' });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
  });

  it('registers the employee, says so and clears the form', async () => {
    const { requests } = serve({
      'POST /api/employees': () => jsonResponse({ employee: finn }, 201),
    });
    const { user } = renderPage();
    await fill(user, {
      username: 'finn',
      password: 'secret1',
      confirm: 'secret1',
      team: 'Day Shift',
    });
    await submit(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Employee registered successfully');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'finn',
      password: 'secret1',
      confirmPassword: 'secret1',
      teamId: dayShift.id,
    });
    for (const label of [/^Username/, /^Password/, /^Confirm Password/]) {
      expect(screen.getByLabelText<HTMLInputElement>(label).value).toBe('');
    }
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Team' }).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));
  });

  it('shows "Registering..." while the server works', async () => {
    let answer: (response: Response) => void = () => {};
    serve({
      'POST /api/employees': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderPage();
    await fill(user, {
      username: 'finn',
      password: 'secret1',
      confirm: 'secret1',
      team: 'Day Shift',
    });
    await submit(user);

    const busy = await screen.findByRole('button', { name: 'Registering...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    answer(jsonResponse({ employee: finn }, 201));
    expect(await screen.findByRole('button', { name: 'Register Employee' })).toBeTruthy();
  });

  it('preselects the only team an admin with a team may register into', async () => {
    serve({ 'GET /api/employees/teams': () => jsonResponse({ teams: [nightShift] }) });
    renderPage({ signedInAs: teamMemberAdminUser });
    const team = screen.getByRole<HTMLInputElement>('combobox', { name: 'Team' });
    await vi.waitFor(() => expect(team.value).toBe('Night Shift'));
  });

  it('says when there is no team to register into', async () => {
    serve({ 'GET /api/employees/teams': () => jsonResponse({ teams: [] }) });
    renderPage();
    expect(await screen.findByText(/There are no teams to register into yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a team' }).getAttribute('href')).toBe(
      '/admin/teams',
    );
  });

  it('offers no link to create a team to an admin who may not create one', async () => {
    serve({ 'GET /api/employees/teams': () => jsonResponse({ teams: [] }) });
    renderPage({ signedInAs: sessionUser({ username: 'nia' }) });
    expect(await screen.findByText(/There are no teams to register into yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create a team' })).toBeNull();
  });

  it.each([
    [
      'Username already exists',
      () => errorResponse(409, 'USERNAME_TAKEN', 'Username already exists', { field: 'username' }),
      true,
    ],
    [
      'You can only register employees into your own team',
      () =>
        errorResponse(
          403,
          'TEAM_OUT_OF_SCOPE',
          'You can only register employees into your own team',
        ),
      false,
    ],
    [
      'Failed to register employee',
      () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred'),
      false,
    ],
  ])('says "%s" when the server refuses or fails', async (message, respond, marksUsername) => {
    serve({ 'POST /api/employees': respond });
    const { user } = renderPage();
    await fill(user, {
      username: 'finn',
      password: 'secret1',
      confirm: 'secret1',
      team: 'Day Shift',
    });
    await submit(user);

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText<HTMLInputElement>(/^Username/).value).toBe('finn');
    const isUsernameMarked =
      screen.getByLabelText(/^Username/).getAttribute('aria-invalid') === 'true';
    expect(isUsernameMarked).toBe(marksUsername);
  });

  it("says 'An unexpected error occurred' when the server can't be reached", async () => {
    serve({ 'POST /api/employees': networkFailure });
    const { user } = renderPage();
    await fill(user, {
      username: 'finn',
      password: 'secret1',
      confirm: 'secret1',
      team: 'Day Shift',
    });
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
  });
});
