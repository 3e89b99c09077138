import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { resetMessages } from '../../../../shared/messages';
import {
  resetAnswerRequestSchema,
  resetPasswordRequestSchema,
  resetQuestionRequestSchema,
} from '../../../../shared/schemas/sign-in';
import { NewPasswordFields, UsernameInput } from '../../../components/credential-inputs';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { firstIssue, refusal, useFormError } from '../../../lib/form-error';
import { useRequest } from '../../../lib/use-request';
import { checkResetAnswer } from '../api/check-reset-answer';
import { requestResetQuestion } from '../api/request-reset-question';
import { resetPassword as sendNewPassword } from '../api/reset-password';
import { isExpiredResetError, resetErrorField, resetErrorMessage } from '../error-messages';

/** Spec §4 'Password reset': username, security, newpassword, then back to sign-in. */
type ResetStep = 'username' | 'security' | 'newpassword';

const stepNumbers: Record<ResetStep, number> = { username: 1, security: 2, newpassword: 3 };

interface ResetPasswordFormProps {
  onCancel: () => void;
  onPasswordReset: (username: string) => void;
}

export function ResetPasswordForm({ onCancel, onPasswordReset }: ResetPasswordFormProps) {
  const [step, setStep] = useState<ResetStep>('username');
  const [username, setUsername] = useState('');
  const [securityQuestion, setSecurityQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useFormError({
    username,
    answer,
    password,
    confirmPassword,
  });

  const requestQuestion = useRequest(requestResetQuestion);
  const checkAnswer = useRequest(checkResetAnswer);
  const resetPassword = useRequest(sendNewPassword);
  const isProcessing =
    requestQuestion.isPending || checkAnswer.isPending || resetPassword.isPending;

  function showError(error: unknown) {
    setFormError(refusal(resetErrorMessage(error), resetErrorField(error)));
  }

  function submitUsername() {
    const request = resetQuestionRequestSchema.safeParse({ username });
    if (!request.success) {
      setFormError(firstIssue(request.error, resetMessages.tryAgain));
      return;
    }
    requestQuestion.run(request.data, {
      onSuccess: (question) => {
        setSecurityQuestion(question);
        setAnswer('');
        setStep('security');
      },
      onError: showError,
    });
  }

  function submitAnswer() {
    const request = resetAnswerRequestSchema.safeParse({ username, answer });
    if (!request.success) {
      setFormError(firstIssue(request.error, resetMessages.tryAgain));
      return;
    }
    checkAnswer.run(request.data, {
      onSuccess: (token) => {
        setResetToken(token);
        setStep('newpassword');
      },
      onError: showError,
    });
  }

  function submitNewPassword() {
    const request = resetPasswordRequestSchema.safeParse({ resetToken, password, confirmPassword });
    if (!request.success) {
      setFormError(firstIssue(request.error, resetMessages.tryAgain));
      return;
    }
    resetPassword.run(request.data, {
      onSuccess: () => onPasswordReset(username.trim()),
      onError: (error) => {
        showError(error);
        // The token is single-use and short-lived: a new one needs the question again.
        if (isExpiredResetError(error)) {
          setResetToken('');
          setPassword('');
          setConfirmPassword('');
          setStep('username');
        }
      },
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isProcessing) return;
    setFormError(null);
    if (step === 'username') submitUsername();
    else if (step === 'security') submitAnswer();
    else submitNewPassword();
  }

  const submitLabel = isProcessing
    ? 'Processing...'
    : step === 'newpassword'
      ? 'Reset Password'
      : 'Continue';

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="reset-password-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="reset-password-heading">
            Reset Password
          </Title>
          <Text size="sm" c="dimmed">
            Step {stepNumbers[step]} of 3
          </Text>
        </div>
        {formError && <FormAlert tone="error">{formError.message}</FormAlert>}

        {step === 'username' && (
          // Each step's field takes the focus as it appears: read with its label (the question,
          // on step 2), it tells a screen reader where the reset is.
          <UsernameInput
            label="Username"
            autoFocus
            error={fieldError(formError, 'username')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
        )}

        {step === 'security' && (
          // The question is the field's description, so it is read out with the Answer field.
          <TextInput
            label="Answer"
            autoFocus
            description={securityQuestion}
            descriptionProps={{ fz: 'sm', c: 'var(--mantine-color-text)' }}
            name="answer"
            autoComplete="off"
            error={fieldError(formError, 'answer')}
            value={answer}
            onChange={(event) => setAnswer(event.currentTarget.value)}
          />
        )}

        {step === 'newpassword' && (
          <>
            <NewPasswordFields
              password={password}
              confirmPassword={confirmPassword}
              onPasswordChange={setPassword}
              onConfirmPasswordChange={setConfirmPassword}
              formError={formError}
              passwordLabel="New Password"
              autoFocus
            />
          </>
        )}

        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={isProcessing}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
