import { Anchor, Button, Group, Stack } from '@mantine/core';
import { SecretInput, UsernameInput } from '../../../components/credential-inputs';
import { type FormEvent, useState } from 'react';
import { signInMessages } from '../../../../shared/messages';
import { type SessionUser, signInSchema } from '../../../../shared/schemas/auth';
import { FormAlert } from '../../../components/form-alert';
import { useSignIn } from '../api/sign-in';
import { signInErrorMessage } from '../error-messages';

interface SignInFormProps {
  initialUsername?: string;
  /** A success message to show above the form, e.g. after a password reset. */
  notice?: string | undefined;
  onForgotPassword: () => void;
  onSignedIn: (user: SessionUser) => void;
}

export function SignInForm({
  initialUsername = '',
  notice,
  onForgotPassword,
  onSignedIn,
}: SignInFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [shownNotice, setShownNotice] = useState(notice);
  const signIn = useSignIn();
  const isSigningIn = signIn.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSigningIn) return;
    setShownNotice(undefined);
    setErrorMessage(null);
    const credentials = signInSchema.safeParse({ username, password });
    if (!credentials.success) {
      setErrorMessage(credentials.error.issues[0]?.message ?? signInMessages.fallback);
      return;
    }
    signIn.mutate(credentials.data, {
      onSuccess: (user) => onSignedIn(user),
      onError: (error) => setErrorMessage(signInErrorMessage(error)),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {shownNotice && <FormAlert tone="success">{shownNotice}</FormAlert>}
        {errorMessage && <FormAlert tone="error">{errorMessage}</FormAlert>}
        <UsernameInput
          label="Username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <SecretInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth disabled={isSigningIn}>
          {isSigningIn ? 'Signing In...' : 'Sign In'}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
