import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  PasswordInput,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { adminMessages, validationMessages } from '../../../../shared/messages';
import { accountEditSchema } from '../../../../shared/schemas/accounts';
import type { AdminRow } from '../../../../shared/schemas/admins';
import { fieldError } from '../../../components/field-error';
import { type FormError, firstIssue, refusal } from '../../../lib/form-error';
import { useUpdateAdmin } from '../api/update-admin';
import { adminErrorField, adminErrorMessage } from '../error-messages';
import { adminTeamLabel } from './admin-team-label';

/** Passwords are never readable (DESIGN.md): the column shows this, with nothing to reveal. */
const PASSWORD_MASK = '••••••••';

interface AdminsTableProps {
  admins: AdminRow[];
  signedInUserId: string | undefined;
  editingAdminId: string | null;
  onEdit: (admin: AdminRow) => void;
  onCancelEdit: () => void;
  /** The row saved: the page says so, then closes the row after 1.5 s. */
  onSaved: () => void;
  onEditFailed: (message: string) => void;
  onDelete: (admin: AdminRow) => void;
}

/** Spec §2 'Admins page' table: Admin, Username, Password, Team, Actions; rows edit inline. */
export function AdminsTable({
  admins,
  signedInUserId,
  editingAdminId,
  onEdit,
  onCancelEdit,
  onSaved,
  onEditFailed,
  onDelete,
}: AdminsTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Admin</Table.Th>
            <Table.Th>Username</Table.Th>
            <Table.Th>Password</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {admins.map((admin) =>
            admin.id === editingAdminId ? (
              <AdminEditRow
                key={admin.id}
                admin={admin}
                onCancel={onCancelEdit}
                onSaved={onSaved}
                onFailed={onEditFailed}
              />
            ) : (
              <Table.Tr key={admin.id}>
                <AdminIdentityCell admin={admin} />
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500}>{admin.username}</Text>
                    {admin.is_super_admin && (
                      <IconStarFilled
                        size={16}
                        role="img"
                        aria-label="Super admin"
                        color="var(--mantine-color-yellow-6)"
                      />
                    )}
                  </Group>
                </Table.Td>
                <PasswordMaskCell />
                <Table.Td>
                  <Text size="sm" c={admin.team || admin.is_super_admin ? undefined : 'dimmed'}>
                    {adminTeamLabel(admin)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${admin.username}`}
                        onClick={() => onEdit(admin)}
                      >
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {/* Spec §6: no delete for super admins; nor for yourself (the server refuses). */}
                    {!admin.is_super_admin && admin.id !== signedInUserId && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${admin.username}`}
                          onClick={() => onDelete(admin)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdminIdentityCell({ admin }: { admin: AdminRow }) {
  return (
    <Table.Td>
      <Group gap="sm" wrap="nowrap">
        <Avatar radius="xl" size={36} color={admin.is_super_admin ? 'yellow' : 'blue'} aria-hidden>
          {admin.username.charAt(0).toUpperCase()}
        </Avatar>
        <Text size="xs" c="dimmed" ff="monospace" title={admin.id}>
          #{admin.id.slice(0, 8)}
        </Text>
      </Group>
    </Table.Td>
  );
}

function PasswordMaskCell() {
  return (
    <Table.Td>
      <Text aria-hidden c="dimmed">
        {PASSWORD_MASK}
      </Text>
      <VisuallyHidden>Hidden</VisuallyHidden>
    </Table.Td>
  );
}

interface AdminEditRowProps {
  admin: AdminRow;
  onCancel: () => void;
  onSaved: () => void;
  onFailed: (message: string) => void;
}

/**
 * A row in edit mode: a new username, and a new password only if one is typed (DESIGN.md:
 * the empty field means 'unchanged'). A form can't wrap table cells, so the fields join the
 * form in the Actions cell by its id: Enter saves, Escape cancels.
 */
function AdminEditRow({ admin, onCancel, onSaved, onFailed }: AdminEditRowProps) {
  const [username, setUsername] = useState(admin.username);
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<FormError | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const updateAdmin = useUpdateAdmin();
  const isBusy = updateAdmin.isPending || isSaved;
  const formId = `edit-admin-${admin.id}`;

  function fail(error: FormError) {
    setFormError(error);
    onFailed(error.message);
  }

  function save() {
    if (isBusy) return;
    setFormError(null);
    const changes = accountEditSchema.safeParse({ username, password });
    if (!changes.success) {
      fail(firstIssue(changes.error, validationMessages.usernameAndPasswordRequired));
      return;
    }
    updateAdmin.mutate(
      { adminId: admin.id, changes: changes.data },
      {
        onSuccess: () => {
          setIsSaved(true);
          onSaved();
        },
        onError: (error) =>
          fail(
            refusal(adminErrorMessage(error, adminMessages.updateFailed), adminErrorField(error)),
          ),
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save();
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') onCancel();
  }

  return (
    <Table.Tr aria-label={`Editing ${admin.username}`}>
      <AdminIdentityCell admin={admin} />
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
          placeholder="Leave blank to keep current"
          form={formId}
          miw={210}
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
      <Table.Td>
        <Text size="sm">{adminTeamLabel(admin)}</Text>
      </Table.Td>
      <Table.Td>
        <form id={formId} onSubmit={handleSubmit} noValidate>
          <Group gap={6} wrap="nowrap">
            <Button type="submit" size="xs" disabled={isBusy}>
              {updateAdmin.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
