import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { securityQuestions } from '../../../../shared/security-questions';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { describedByText } from '../../../test/accessibility';
import { renderWithProviders } from '../../../test/render';
import { FirstRunPage } from './first-run-page';

const superAdmin = {
  id: '0b7e7f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  email: null,
  username: 'ada',
  role: 'admin',
  is_super_admin: true,
  team: null,
  is_team_leader: false,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

interface AccountFields {
  username?: string;
  password?: string;
  confirmPassword?: string;
  question?: string;
  answer?: string;
}

function renderFirstRun() {
  const onSuperAdminCreated = vi.fn();
  const view = renderWithProviders(<FirstRunPage onSuperAdminCreated={onSuperAdminCreated} />);
  const fill = async (fields: AccountFields) => {
    const { user } = view;
    if (fields.username) await user.type(screen.getByLabelText('Username'), fields.username);
    if (fields.password) await user.type(screen.getByLabelText('Password'), fields.password);
    if (fields.confirmPassword) {
      await user.type(screen.getByLabelText('Confirm Password'), fields.confirmPassword);
    }
    if (fields.question) {
      await user.click(screen.getByRole('combobox', { name: 'Security Question' }));
      await user.click(screen.getByRole('option', { name: fields.question }));
    }
    if (fields.answer) await user.type(screen.getByLabelText('Answer'), fields.answer);
    await user.click(screen.getByRole('button', { name: 'Create Super Admin' }));
  };
  return { ...view, fill, onSuperAdminCreated };
}

/** Each field of the form, by its label, in the order they appear. */
function fieldsByLabel(): Record<string, HTMLElement> {
  return {
    Username: screen.getByRole('textbox', { name: 'Username' }),
    Password: screen.getByLabelText('Password'),
    'Confirm Password': screen.getByLabelText('Confirm Password'),
    'Security Question': screen.getByRole('combobox', { name: 'Security Question' }),
    Answer: screen.getByRole('textbox', { name: 'Answer' }),
  };
}

const complete = {
  username: 'ada',
  password: 'secret1',
  confirmPassword: 'secret1',
  question: securityQuestions[2],
  answer: 'Leeds',
};

describe('FirstRunPage', () => {
  it('offers the eight security questions', async () => {
    const { user } = renderFirstRun();
    await user.click(screen.getByRole('combobox', { name: 'Security Question' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([...securityQuestions]);
  });

  it('has one h1', () => {
    renderFirstRun();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Welcome to Switchboard',
    ]);
  });

  it.each([
    ['All fields are required', { ...complete, answer: '' }, ['Answer']],
    [
      'All fields are required',
      { ...complete, question: '', answer: '', password: 'abc', confirmPassword: 'x' },
      ['Security Question', 'Answer'],
    ],
    [
      'Passwords do not match',
      { ...complete, password: 'abc', confirmPassword: 'abd' },
      ['Confirm Password'],
    ],
    [
      'Password must be at least 6 characters',
      { ...complete, password: 'abc', confirmPassword: 'abc' },
      ['Password'],
    ],
  ])('says "%s" first, without calling the server', async (message, fields, invalidFields) => {
    const { fetchMock } = mockFetch({});
    const { fill } = renderFirstRun();

    await fill(fields);

    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
    const markedFields = Object.entries(fieldsByLabel())
      .filter(([, field]) => field.getAttribute('aria-invalid') === 'true')
      .map(([label]) => label);
    expect(markedFields).toEqual(invalidFields);
    for (const [label, field] of Object.entries(fieldsByLabel())) {
      if (invalidFields.includes(label)) expect(describedByText(field)).toContain(message);
    }
  });

  it('creates the super admin and hands over the signed-in user', async () => {
    const { requests } = mockFetch({ 'POST /api/setup': () => jsonResponse({ user: superAdmin }) });
    const { fill, onSuperAdminCreated } = renderFirstRun();

    await fill(complete);

    await vi.waitFor(() => expect(onSuperAdminCreated).toHaveBeenCalledWith(superAdmin));
    expect(requests[0]?.body).toEqual({
      username: 'ada',
      password: 'secret1',
      confirmPassword: 'secret1',
      securityQuestion: securityQuestions[2],
      securityAnswer: 'Leeds',
    });
  });

  it("shows the server's reason when it refuses", async () => {
    mockFetch({
      'POST /api/setup': () =>
        errorResponse(
          400,
          'VALIDATION_FAILED',
          'Username cannot contain spaces or control characters',
          { field: 'username' },
        ),
    });
    const { fill } = renderFirstRun();

    await fill(complete);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Username cannot contain spaces or control characters',
    );
    const usernameField = screen.getByRole('textbox', { name: 'Username' });
    expect(usernameField.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(usernameField)).toBe(
      'Username cannot contain spaces or control characters',
    );
  });
});
