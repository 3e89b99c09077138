import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_FULL_NAME_LENGTH, type Profile } from '../../../../shared/schemas/me';
import { describedByText } from '../../../test/accessibility';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { agentUser, nightShift } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AgentProfilePage } from './agent-profile-page';

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    username: 'dana',
    role: 'employee',
    team: nightShift,
    full_name: 'Dana Reyes',
    ...overrides,
  };
}

const thisSession = {
  id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: '2026-11-20T08:00:00.000Z',
  ip: '10.0.0.5',
  user_agent: null,
  current: true,
};
const otherSession = { ...thisSession, id: '22222222-2222-4222-8222-222222222222', current: false };

function renderPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  const served = mockFetch({
    'GET /api/me/profile': () => jsonResponse({ profile: profile() }),
    'GET /api/me/sessions': () => jsonResponse({ sessions: [thisSession, otherSession] }),
    ...routes,
  });
  return { ...served, ...renderWithProviders(<AgentProfilePage />, { signedInAs: agentUser }) };
}

const account = () => within(screen.getByRole('region', { name: 'Account' }));
const passwordForm = () => within(screen.getByRole('form', { name: 'Change password' }));

describe('AgentProfilePage', () => {
  it('shows the username, the team and the full name', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Profile', level: 2 })).toBeTruthy();
    expect(await screen.findByText('dana')).toBeTruthy();
    expect(account().getByText('Night Shift')).toBeTruthy();
    expect(account().getByRole<HTMLInputElement>('textbox', { name: /^Full name/ }).value).toBe(
      'Dana Reyes',
    );
  });

  it('lists your sessions under their own heading, with a way to sign out the others', async () => {
    const { requests, user } = renderPage({
      'DELETE /api/me/sessions': () => jsonResponse({ ended: 1 }),
    });
    const sessions = within(screen.getByRole('region', { name: 'Sessions' }));
    expect(sessions.getByRole('heading', { name: 'Sessions', level: 3 })).toBeTruthy();
    expect(await sessions.findByText('This device')).toBeTruthy();
    await user.click(sessions.getByRole('button', { name: 'Sign out other sessions' }));
    expect((await sessions.findByRole('alert')).textContent).toBe('Signed out 1 other session');
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/me/sessions')).toBe(true);
  });

  it("says 'No Team' for an agent outside any team", async () => {
    renderPage({
      'GET /api/me/profile': () =>
        jsonResponse({ profile: profile({ team: null, full_name: null }) }),
    });
    expect(await screen.findByText('No Team')).toBeTruthy();
    expect(account().getByRole<HTMLInputElement>('textbox', { name: /^Full name/ }).value).toBe('');
  });

  it('saves the full name, and an empty one clears it', async () => {
    const { requests, user } = renderPage({
      'PATCH /api/me/profile': [
        () => jsonResponse({ profile: profile({ full_name: 'Dana R. Reyes' }) }),
        () => jsonResponse({ profile: profile({ full_name: null }) }),
      ],
    });
    const fullName = await screen.findByRole<HTMLInputElement>('textbox', { name: /^Full name/ });

    await user.clear(fullName);
    await user.type(fullName, 'Dana R. Reyes');
    await user.click(account().getByRole('button', { name: 'Save' }));
    expect((await account().findByRole('alert')).textContent).toBe('Full name saved');

    await user.clear(fullName);
    await user.click(account().getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Save' });

    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { fullName: 'Dana R. Reyes' },
      { fullName: '' },
    ]);
    expect(fullName.value).toBe('');
  });

  it('keeps a full name over the limit as pasted and says it is too long, sending nothing', async () => {
    const { requests, user } = renderPage();
    const fullName = await screen.findByRole<HTMLInputElement>('textbox', { name: /^Full name/ });
    const tooLong = 'D'.repeat(MAX_FULL_NAME_LENGTH + 1);
    await user.clear(fullName);
    await user.paste(tooLong);
    await user.click(account().getByRole('button', { name: 'Save' }));

    expect((await account().findByRole('alert')).textContent).toBe(
      `Full name must be at most ${MAX_FULL_NAME_LENGTH} characters`,
    );
    expect(fullName.value).toBe(tooLong);
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it("shows the server's reason when the full name is refused", async () => {
    const { user } = renderPage({
      'PATCH /api/me/profile': () =>
        errorResponse(403, 'FORBIDDEN', 'You are not allowed to do this'),
    });
    await screen.findByText('dana');
    await user.click(account().getByRole('button', { name: 'Save' }));
    expect((await account().findByRole('alert')).textContent).toBe(
      'You are not allowed to do this',
    );
  });

  it('has the password fields, labelled', async () => {
    renderPage();
    for (const label of ['Current password', 'New password', 'Confirm password']) {
      expect(passwordForm().getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }
  });

  it.each([
    [
      'All fields are required',
      { current: '', password: 'secret9', confirm: 'secret9' },
      'Current password',
    ],
    [
      'Passwords do not match',
      { current: 'secret1', password: 'secret9', confirm: 'secret8' },
      'Confirm password',
    ],
    [
      'Password must be at least 6 characters',
      { current: 'secret1', password: 'abc', confirm: 'abc' },
      'New password',
    ],
    [
      'The new password must differ from the current one',
      { current: 'secret1', password: 'secret1', confirm: 'secret1' },
      'New password',
    ],
  ])('says "%s" without calling the server', async (message, fields, invalidLabel) => {
    const { requests, user } = renderPage();
    if (fields.current)
      await user.type(passwordForm().getByLabelText(/^Current password/), fields.current);
    await user.type(passwordForm().getByLabelText(/^New password/), fields.password);
    await user.type(passwordForm().getByLabelText(/^Confirm password/), fields.confirm);
    await user.click(passwordForm().getByRole('button', { name: 'Change Password' }));

    expect(passwordForm().getByRole('alert').textContent).toBe(message);
    const field = passwordForm().getByLabelText(new RegExp(`^${invalidLabel}`));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(field)).toContain(message);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('changes the password, says so and clears the form', async () => {
    const { requests, user } = renderPage({
      'POST /api/me/password': () => jsonResponse({ ok: true }),
    });
    await user.type(passwordForm().getByLabelText(/^Current password/), 'secret1');
    await user.type(passwordForm().getByLabelText(/^New password/), 'secret9');
    await user.type(passwordForm().getByLabelText(/^Confirm password/), 'secret9');
    await user.click(passwordForm().getByRole('button', { name: 'Change Password' }));

    expect((await passwordForm().findByRole('alert')).textContent).toBe(
      'Password changed successfully',
    );
    expect(requests.find((r) => r.path === '/api/me/password')?.body).toEqual({
      currentPassword: 'secret1',
      password: 'secret9',
      confirmPassword: 'secret9',
    });
    for (const label of [/^Current password/, /^New password/, /^Confirm password/]) {
      expect(passwordForm().getByLabelText<HTMLInputElement>(label).value).toBe('');
    }
  });

  it("shows the server's reason, on the field it names", async () => {
    const { user } = renderPage({
      'POST /api/me/password': () =>
        errorResponse(400, 'CURRENT_PASSWORD_WRONG', 'Current password is incorrect', {
          field: 'currentPassword',
        }),
    });
    await user.type(passwordForm().getByLabelText(/^Current password/), 'wrong1');
    await user.type(passwordForm().getByLabelText(/^New password/), 'secret9');
    await user.type(passwordForm().getByLabelText(/^Confirm password/), 'secret9');
    await user.click(passwordForm().getByRole('button', { name: 'Change Password' }));

    expect((await passwordForm().findByRole('alert')).textContent).toBe(
      'Current password is incorrect',
    );
    expect(
      passwordForm()
        .getByLabelText(/^Current password/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
