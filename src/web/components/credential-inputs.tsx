import {
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';

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
