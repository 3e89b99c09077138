import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { describedByText } from '../../../test/accessibility';
import { renderWithProviders } from '../../../test/render';
import { errorResponse, jsonResponse, mockFetch, networkFailure } from '../../../test/fetch-mock';
import { SignInPage } from './sign-in-page';

const question = "What is your first pet's name?";

function renderPage() {
  const view = renderWithProviders(<SignInPage onSignedIn={vi.fn()} />);
  return view;
}

type User = ReturnType<typeof renderPage>['user'];

async function openReset(user: User) {
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
}

async function continueWith(user: User, label: string, value: string) {
  await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignInPage', () => {
  it('has the brand as its one h1, and the reset form as a section below it', async () => {
    const { user } = renderPage();
    const pageHeadings = () =>
      screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);

    expect(pageHeadings()).toEqual(['Switchboard']);
    await openReset(user);
    expect(pageHeadings()).toEqual(['Switchboard']);
    expect(screen.getByRole('heading', { name: 'Reset Password', level: 2 })).toBeTruthy();
  });

  it('is the main landmark, where a screen reader jumps to the form', () => {
    renderPage();
    const main = screen.getByRole('main');
    expect(main.contains(screen.getByRole('heading', { name: 'Switchboard', level: 1 }))).toBe(
      true,
    );
    expect(main.contains(screen.getByLabelText('Username'))).toBe(true);
  });
});

describe('Reset Password', () => {
  it('walks username, security question and new password, then returns to sign-in', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/reset/question': () => jsonResponse({ question }),
      'POST /api/auth/reset/answer': [
        () => errorResponse(400, 'RESET_INCORRECT_ANSWER', 'Incorrect answer to security question'),
        () => jsonResponse({ resetToken: 'token-123' }),
      ],
      'POST /api/auth/reset/password': () => jsonResponse({ ok: true }),
    });
    const { user } = renderPage();
    await openReset(user);

    await continueWith(user, 'Username', 'ada');
    expect(await screen.findByText(question)).toBeTruthy();
    // The question is read out with the field it asks for.
    expect(screen.getByRole('textbox', { name: 'Answer', description: question })).toBeTruthy();

    await continueWith(user, 'Answer', 'Rex');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect answer to security question',
    );
    const answerField = screen.getByRole('textbox', { name: 'Answer' });
    expect(answerField.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(answerField)).toBe(`Incorrect answer to security question ${question}`);
    await user.clear(screen.getByLabelText('Answer'));
    await continueWith(user, 'Answer', 'Fido');

    const resetButton = await screen.findByRole('button', { name: 'Reset Password' });
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(resetButton);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password reset successfully! You can now sign in with your new password.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect(requests.map((r) => r.body)).toEqual([
      { username: 'ada' },
      { username: 'ada', answer: 'Rex' },
      { username: 'ada', answer: 'Fido' },
      { resetToken: 'token-123', password: 'newpass1', confirmPassword: 'newpass1' },
    ]);
  });

  it('checks the new password before sending it', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/reset/question': () => jsonResponse({ question }),
      'POST /api/auth/reset/answer': () => jsonResponse({ resetToken: 'token-123' }),
    });
    const { user } = renderPage();
    await openReset(user);
    await continueWith(user, 'Username', 'ada');
    await screen.findByText(question);
    await continueWith(user, 'Answer', 'Fido');
    await screen.findByRole('button', { name: 'Reset Password' });

    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    const confirmField = screen.getByLabelText('Confirm Password');
    expect(confirmField.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(confirmField)).toBe('Passwords do not match');
    expect(screen.getByLabelText('New Password').hasAttribute('aria-invalid')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Confirm Password').hasAttribute('aria-invalid')).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it.each([
    [
      'Username not found',
      () => errorResponse(404, 'RESET_USERNAME_NOT_FOUND', 'Username not found'),
    ],
    [
      'Contact with your supervisor!',
      () => errorResponse(403, 'RESET_EMPLOYEE_REFUSED', 'Contact with your supervisor!'),
    ],
    [
      'Security question not set up for this account',
      () =>
        errorResponse(
          409,
          'RESET_QUESTION_NOT_SET',
          'Security question not set up for this account',
        ),
    ],
    ['An error occurred. Please try again.', networkFailure],
    ['An error occurred. Please try again.', () => errorResponse(500, 'INTERNAL', 'Boom')],
  ])('shows "%s" at the username step', async (message, respond) => {
    mockFetch({ 'POST /api/auth/reset/question': respond });
    const { user } = renderPage();
    await openReset(user);

    await continueWith(user, 'Username', 'sam');

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('reads "Processing..." while a step is being checked', async () => {
    mockFetch({ 'POST /api/auth/reset/question': () => new Promise<Response>(() => {}) });
    const { user } = renderPage();
    await openReset(user);

    await continueWith(user, 'Username', 'ada');

    expect(screen.getByRole('button', { name: 'Processing...' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('asks for the username without calling the server when it is blank', async () => {
    const { fetchMock } = mockFetch({});
    const { user } = renderPage();
    await openReset(user);

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('alert').textContent).toBe('Username is required');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      screen.getByRole('textbox', { name: 'Username', description: 'Username is required' }),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Username' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it("puts the focus on each step's field, and back on sign-in's, for the keyboard", async () => {
    mockFetch({
      'POST /api/auth/reset/question': () => jsonResponse({ question }),
      'POST /api/auth/reset/answer': () => jsonResponse({ resetToken: 'token-123' }),
      'POST /api/auth/reset/password': () => jsonResponse({ ok: true }),
    });
    const { user } = renderPage();
    await openReset(user);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    await user.keyboard('ada{Enter}');
    await screen.findByText(question);
    expect(document.activeElement).toBe(screen.getByLabelText('Answer'));
    await user.keyboard('Fido{Enter}');
    await screen.findByRole('button', { name: 'Reset Password' });
    expect(document.activeElement).toBe(screen.getByLabelText('New Password'));
    await user.keyboard('newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1{Enter}');
    // Signed-in again needs only the password: the username is filled in.
    await screen.findByRole('button', { name: 'Sign In' });
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    await openReset(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('returns to sign-in on Cancel', async () => {
    const { user } = renderPage();
    await openReset(user);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('heading', { name: 'Reset Password' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('starts again from the username when the reset has expired', async () => {
    mockFetch({
      'POST /api/auth/reset/question': () => jsonResponse({ question }),
      'POST /api/auth/reset/answer': () => jsonResponse({ resetToken: 'token-123' }),
      'POST /api/auth/reset/password': () =>
        errorResponse(400, 'RESET_TOKEN_INVALID', 'This reset has expired. Please start again.'),
    });
    const { user } = renderPage();
    await openReset(user);
    await continueWith(user, 'Username', 'ada');
    await screen.findByText(question);
    await continueWith(user, 'Answer', 'Fido');
    await screen.findByRole('button', { name: 'Reset Password' });
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset has expired. Please start again.',
    );
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});
