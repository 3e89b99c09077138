import { Button, Group, PasswordInput, Table, TextInput } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { validationMessages } from '../../shared/messages';
import { accountEditSchema } from '../../shared/schemas/accounts';
import { type FormError, firstIssue, useFormError } from '../lib/form-error';
import { fieldError } from './field-error';
import { RowFeedback } from './row-feedback';

/** A new username, and a new password only when one was typed (absent = unchanged). */
export type AccountChanges = z.output<typeof accountEditSchema>;

/** The password field's placeholder: DESIGN.md, the empty field keeps the password. */
export const KEEP_PASSWORD_PLACEHOLDER = 'Leave blank to keep current';

interface AccountEditRowProps {
  /** The account's username now: the field starts with it. */
  username: string;
  /** Ties the fields in their cells to the form in the Actions cell. */
  formId: string;
  /** The cells before the username field (who the row is). */
  leadingCells: ReactNode;
  /** The cells between the password field and Save/Cancel. */
  middleCells?: ReactNode;
  /** Sends the changes; rejects when the server refuses or fails. */
  save: (changes: AccountChanges) => Promise<unknown>;
  /** What a failed save says, and which field it marks. */
  describeFailure: (error: unknown) => FormError;
  /** The row saved: the page marks it saved, then closes it after 1.5 s (spec §4). */
  onSaved: () => void;
  /** The success message the page gave this row once saved, shown in the row. */
  savedMessage: string | null;
  onCancel: () => void;
}

/**
 * An employee or admin row in edit mode (spec §4, §5 'Employee or admin edit', as DESIGN.md
 * changes it): a new username, and a new password only if one is typed. A form can't wrap
 * table cells, so the fields join the form in the Actions cell by its id: Enter saves,
 * Escape cancels.
 */
export function AccountEditRow({
  username: currentUsername,
  formId,
  leadingCells,
  middleCells,
  save,
  describeFailure,
  onSaved,
  savedMessage,
  onCancel,
}: AccountEditRowProps) {
  const [username, setUsername] = useState(currentUsername);
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useFormError({ username, password });
  const [status, setStatus] = useState<'editing' | 'saving' | 'saved'>('editing');

  function fail(error: FormError) {
    setFormError(error);
  }

  async function submit() {
    if (status !== 'editing') return;
    setFormError(null);
    const changes = accountEditSchema.safeParse({ username, password });
    if (!changes.success) {
      fail(firstIssue(changes.error, validationMessages.usernameAndPasswordRequired));
      return;
    }
    setStatus('saving');
    try {
      await save(changes.data);
    } catch (error) {
      setStatus('editing');
      fail(describeFailure(error));
      return;
    }
    setStatus('saved');
    onSaved();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') onCancel();
  }

  return (
    <Table.Tr aria-label={`Editing ${currentUsername}`}>
      {leadingCells}
      <Table.Td>
        <TextInput
          aria-label="Username"
          form={formId}
          size="xs"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          // The row opened for editing: typing goes straight into it.
          autoFocus
          error={fieldError(formError, 'username')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
        />
      </Table.Td>
      <Table.Td>
        <PasswordInput
          aria-label="New password"
          placeholder={KEEP_PASSWORD_PLACEHOLDER}
          form={formId}
          size="xs"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
          aria-invalid={formError?.fields.includes('password') ? true : undefined}
          error={fieldError(formError, 'password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
        />
      </Table.Td>
      {middleCells}
      <Table.Td>
        <form id={formId} onSubmit={handleSubmit} noValidate>
          <Group gap={6} wrap="nowrap">
            <Button type="submit" size="xs" disabled={status !== 'editing'}>
              {status === 'saving' ? 'Saving...' : 'Save'}
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </form>
        <RowFeedback
          live
          message={formError?.message ?? savedMessage}
          tone={formError ? 'error' : 'success'}
        />
      </Table.Td>
    </Table.Tr>
  );
}
