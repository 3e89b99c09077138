import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { signInMessages, validationMessages } from '../../../../shared/messages';
import { type SessionUser, adminAccountSchema } from '../../../../shared/schemas/auth';
import { BrandMark } from '../../../components/brand-mark';
import { CenteredCard } from '../../../components/centered-card';
import { NewPasswordFields, UsernameInput } from '../../../components/credential-inputs';
import { SecurityQuestionFields } from '../../../components/security-question-fields';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { hasErrorCode, serverRefusalMessage } from '../../../lib/api-client';
import { firstIssue, refusal, refusedField, useFormError } from '../../../lib/form-error';
import { useCreateSuperAdmin } from '../api/create-super-admin';
import { setupStatusQueryKey } from '../api/get-setup-status';

interface FirstRunPageProps {
  onSuperAdminCreated: (user: SessionUser) => void;
}

/** Shown only on an empty database: creates the super admin, who is then signed in. */
export function FirstRunPage({ onSuperAdminCreated }: FirstRunPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [securityQuestion, setSecurityQuestion] = useState<string | null>(null);
  const [securityAnswer, setSecurityAnswer] = useState('');
  const [formError, setFormError] = useFormError({
    username,
    password,
    confirmPassword,
    securityQuestion,
    securityAnswer,
  });
  const queryClient = useQueryClient();
  const createSuperAdmin = useCreateSuperAdmin();
  const isCreating = createSuperAdmin.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCreating) return;
    setFormError(null);
    const account = adminAccountSchema.safeParse({
      username,
      password,
      confirmPassword,
      securityQuestion: securityQuestion ?? undefined,
      securityAnswer,
    });
    if (!account.success) {
      setFormError(firstIssue(account.error, validationMessages.allFieldsRequired));
      return;
    }
    createSuperAdmin.mutate(account.data, {
      onSuccess: (user) => onSuperAdminCreated(user),
      onError: (error) => {
        // Someone finished setup first (another tab): this page no longer applies.
        if (hasErrorCode(error, 'SETUP_ALREADY_DONE')) {
          void queryClient.invalidateQueries({ queryKey: setupStatusQueryKey });
          return;
        }
        // The server's reason when it explained a refusal, else the spec's generic message.
        const message = serverRefusalMessage(error) ?? signInMessages.unexpected;
        setFormError(refusal(message, refusedField(error)));
      },
    });
  }

  return (
    <CenteredCard width={480}>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="first-run-heading">
        <Stack gap="md">
          <Stack gap="xs" align="center" ta="center">
            {/* 'Welcome to Switchboard' is this page's h1, so the brand is no heading here. */}
            <BrandMark size="lg" />
            <Title order={1} size="h2" id="first-run-heading">
              Welcome to Switchboard
            </Title>
            <Text c="dimmed" size="sm">
              No one has signed in yet. Create the super admin account: it can see every team,
              employee and admin, and add everyone else.
            </Text>
          </Stack>
          {formError && <FormAlert tone="error">{formError.message}</FormAlert>}
          <UsernameInput
            label="Username"
            error={fieldError(formError, 'username')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <NewPasswordFields
            password={password}
            confirmPassword={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmPasswordChange={setConfirmPassword}
            formError={formError}
            withHint
          />
          <SecurityQuestionFields
            question={securityQuestion}
            answer={securityAnswer}
            onQuestionChange={setSecurityQuestion}
            onAnswerChange={setSecurityAnswer}
            formError={formError}
            withHint
          />
          <Button type="submit" fullWidth disabled={isCreating}>
            {isCreating ? 'Creating...' : 'Create Super Admin'}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
