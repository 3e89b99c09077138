import { Anchor, Button, Group, Stack } from '@mantine/core';
import { SecretInput, UsernameInput } from '../../../components/credential-inputs';
import { type FormEvent, useState } from 'react';
import { signInMessages } from '../../../../shared/messages';
import { type SessionUser, signInSchema } from '../../../../shared/schemas/sign-in';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { firstIssue, refusal, refusedField, useFormError } from '../../../lib/form-error';
import { useRequest } from '../../../lib/use-request';
import { signIn as sendSignIn } from '../api/sign-in';
import { signInErrorMessage } from '../error-messages';

interface SignInFormProps {
  initialUsername?: string;
  /** A success message to show above the form, e.g. after a password reset. */
  notice?: string | undefined;
  onForgotPassword: () => void;
  onSignedIn: (user: SessionUser) => void;
  /** Back from the password reset: the focus starts on the first field left to fill. */
  isReturning?: boolean;
}

export function SignInForm({
  initialUsername = '',
  notice,
  onForgotPassword,
  onSignedIn,
  isReturning = false,
}: SignInFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useFormError({ username, password });
  const [shownNotice, setShownNotice] = useState(notice);
  const signIn = useRequest(sendSignIn);
  const isSigningIn = signIn.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSigningIn) return;
    setShownNotice(undefined);
    setFormError(null);
    const credentials = signInSchema.safeParse({ username, password });
    if (!credentials.success) {
      setFormError(firstIssue(credentials.error, signInMessages.fallback));
      return;
    }
    signIn.run(credentials.data, {
      onSuccess: (user) => onSignedIn(user),
      onError: (error) => setFormError(refusal(signInErrorMessage(error), refusedField(error))),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {shownNotice && <FormAlert tone="success">{shownNotice}</FormAlert>}
        {formError && <FormAlert tone="error">{formError.message}</FormAlert>}
        <UsernameInput
          label="Username"
          autoFocus={isReturning && !initialUsername}
          error={fieldError(formError, 'username')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <SecretInput
          label="Password"
          name="password"
          autoFocus={isReturning && !!initialUsername}
          autoComplete="current-password"
          error={fieldError(formError, 'password')}
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
