import {
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '../../shared/schemas/field-rules';
import type { FormError } from '../lib/form-error';
import { fieldError } from './field-error';

/** A username field: no auto-capitalising or spell-checking of account names. */
export function UsernameInput(props: TextInputProps) {
  return (
    <TextInput
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/**
 * A password field whose show/hide toggle is keyboard-reachable and named after its field
 * ('Show confirm password'); the toggle reports its state with aria-pressed.
 */
export function SecretInput({ label, ...props }: PasswordInputProps & { label: string }) {
  return (
    <PasswordInput
      label={label}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `Show ${label.toLowerCase()}` }}
      // Unlike TextInput, Mantine's PasswordInput styles an error but never sets aria-invalid.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

interface NewPasswordFieldsProps {
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  /** The error of the whole form: marks whichever of the two fields it is about. */
  formError: FormError | null;
  /** 'Password' by default; the reset form says 'New Password'. */
  passwordLabel?: string;
  /** 'Confirm Password' by default. */
  confirmPasswordLabel?: string;
  /** Shows the length rule under the first field. */
  withHint?: boolean;
  /** Marked required, for the eye (an asterisk) and for a screen reader (`required`). */
  required?: boolean;
  /** The first field takes the focus when it appears (a step of a form that just began). */
  autoFocus?: boolean;
}

/** A new password typed twice — every form that sets one uses the same pair. */
export function NewPasswordFields({
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  formError,
  passwordLabel = 'Password',
  confirmPasswordLabel = 'Confirm Password',
  withHint = false,
  required = false,
  autoFocus = false,
}: NewPasswordFieldsProps) {
  return (
    <>
      <SecretInput
        label={passwordLabel}
        name={passwordLabel === 'Password' ? 'password' : 'new-password'}
        autoFocus={autoFocus}
        autoComplete="new-password"
        description={withHint ? `At least ${MIN_PASSWORD_LENGTH} characters` : undefined}
        required={required}
        error={fieldError(formError, 'password')}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
      />
      <SecretInput
        label={confirmPasswordLabel}
        name="confirm-password"
        autoComplete="new-password"
        required={required}
        error={fieldError(formError, 'confirmPassword')}
        value={confirmPassword}
        onChange={(event) => onConfirmPasswordChange(event.currentTarget.value)}
      />
    </>
  );
}
