import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { describedByText } from '../../../test/accessibility';
import { renderWithProviders } from '../../../test/render';
import { errorResponse, jsonResponse, mockFetch, networkFailure } from '../../../test/fetch-mock';
import { SignInForm } from './sign-in-form';

const agent = {
  id: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  email: 'dana@example.com',
  username: 'dana',
  role: 'employee',
  is_super_admin: false,
  team: null,
  is_team_leader: false,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

function renderSignIn() {
  const onSignedIn = vi.fn();
  const onForgotPassword = vi.fn();
  const view = renderWithProviders(
    <SignInForm onSignedIn={onSignedIn} onForgotPassword={onForgotPassword} />,
  );
  return { ...view, onSignedIn, onForgotPassword };
}

async function submit(
  user: ReturnType<typeof renderSignIn>['user'],
  username: string,
  password: string,
) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInForm', () => {
  it('asks for both fields before sending anything', async () => {
    const { fetchMock } = mockFetch({});
    const { user } = renderSignIn();

    await submit(user, 'dana', '');

    expect(screen.getByRole('alert').textContent).toBe('Username and password are required');
    expect(fetchMock).not.toHaveBeenCalled();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(password)).toBe('Username and password are required');
    expect(screen.getByRole('textbox', { name: 'Username' }).hasAttribute('aria-invalid')).toBe(
      false,
    );
  });

  it('signs in, reading "Signing In..." while it waits', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = mockFetch({
      'POST /api/auth/sign-in': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, onSignedIn } = renderSignIn();

    await submit(user, 'dana', 'secret1');

    const busyButton = await screen.findByRole('button', { name: 'Signing In...' });
    expect(busyButton.hasAttribute('disabled')).toBe(true);
    expect(requests[0]?.body).toEqual({ username: 'dana', password: 'secret1' });

    answer(jsonResponse({ user: agent }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(agent));
  });

  it.each([
    [
      'wrong credentials',
      () => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password'),
      'Invalid username or password',
    ],
    [
      'too many attempts',
      () =>
        errorResponse(429, 'RATE_LIMITED', 'Too many failed sign-ins. Try again in 15 minutes.'),
      'Too many failed sign-ins. Try again in 15 minutes.',
    ],
    [
      'a query error',
      () => errorResponse(500, 'SIGN_IN_ERROR', 'An error occurred during sign in'),
      'An error occurred during sign in',
    ],
    [
      'any other server failure',
      () => errorResponse(500, 'INTERNAL', 'Something internal'),
      'An unexpected error occurred',
    ],
    ['no connection', networkFailure, 'An unexpected error occurred'],
    ['an unreadable answer', () => jsonResponse({ nothing: true }), 'Sign in failed'],
  ])('shows the right message for %s', async (_case, respond, message) => {
    mockFetch({ 'POST /api/auth/sign-in': respond });
    const { user, onSignedIn } = renderSignIn();

    await submit(user, 'dana', 'secret1');

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    // A refusal of the pair names neither field: the alert alone carries it.
    expect(screen.getByLabelText('Password').hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows and hides the password', async () => {
    const { user } = renderSignIn();
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });

    expect(password.getAttribute('type')).toBe('password');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('opens the reset from "Forgot password?"', async () => {
    const { user, onForgotPassword } = renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalledOnce();
  });
});
