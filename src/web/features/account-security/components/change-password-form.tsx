import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { validationMessages } from '../../../../shared/messages';
import { passwordChangeSchema } from '../../../../shared/schemas/me';
import { NewPasswordFields, SecretInput } from '../../../components/credential-inputs';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { firstIssue, refusal, refusedField, useFormError } from '../../../lib/form-error';
import { serverRefusalMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

export const passwordMessages = {
  passwordChanged: 'Password changed successfully',
  passwordFailed: 'Failed to change password',
} as const;

/**
 * Changing your own password (the agent's Profile, the admin's Account page): the current
 * one, then the new one twice, checked in the spec's order by the server's schema (all
 * fields, match, at least 6 characters).
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useFormError({
    currentPassword,
    password,
    confirmPassword,
  });
  const [isChanged, setIsChanged] = useState(false);
  const changePassword = useChangePassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changePassword.isPending) return;
    setFormError(null);
    setIsChanged(false);
    const change = passwordChangeSchema.safeParse({ currentPassword, password, confirmPassword });
    if (!change.success) {
      setFormError(firstIssue(change.error, validationMessages.allFieldsRequired));
      return;
    }
    changePassword.mutate(change.data, {
      onSuccess: () => {
        setIsChanged(true);
        setCurrentPassword('');
        setPassword('');
        setConfirmPassword('');
      },
      onError: (error) =>
        setFormError(
          refusal(
            serverRefusalMessage(error) ?? passwordMessages.passwordFailed,
            refusedField(error),
          ),
        ),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Change password">
      {/* Tells password managers whose password this is; never shown. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Stack gap="sm">
        {formError && <FormAlert tone="error">{formError.message}</FormAlert>}
        {isChanged && <FormAlert tone="success">{passwordMessages.passwordChanged}</FormAlert>}
        <SecretInput
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          error={fieldError(formError, 'currentPassword')}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
        />
        <NewPasswordFields
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
          formError={formError}
          passwordLabel="New password"
          confirmPasswordLabel="Confirm password"
          withHint
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
