import { usePrevious } from '@mantine/hooks';
import { Group, Table, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { adminMessages } from '../../../../shared/messages';
import type { AdminRow, AdminSortColumn } from '../../../../shared/schemas/admins';
import { AccountEditRow } from '../../../components/account-edit-row';
import { AccountIdentity } from '../../../components/account-identity';
import { PasswordMaskCell } from '../../../components/password-mask-cell';
import { RowActions } from '../../../components/row-actions';
import { RowFeedback } from '../../../components/row-feedback';
import { ScrollableTable } from '../../../components/scrollable-table';
import { SortableTh } from '../../../components/list-panel';
import type { ListParams } from '../../../lib/use-list-params';
import { refusal } from '../../../lib/form-error';
import { useUpdateAdmin } from '../api/update-admin';
import { adminErrorField, adminErrorMessage } from '../error-messages';
import { adminTeamLabel } from './admin-team-label';

interface AdminsTableProps {
  admins: AdminRow[];
  /** Its sort: the sortable headers show and change it. */
  list: Pick<ListParams<AdminSortColumn>, 'sort' | 'toggleSort'>;
  signedInUserId: string | undefined;
  editingAdminId: string | null;
  onEdit: (admin: AdminRow) => void;
  onCancelEdit: () => void;
  /** The row saved: the page marks it, then closes the row after 1.5 s. */
  onSaved: () => void;
  /** A row's success message, while it is shown. */
  savedMessageOf: (adminId: string) => string | null;
  onDelete: (admin: AdminRow) => void;
}

/**
 * The columns' widths, fixed: a row switching to its edit fields keeps every column where it
 * was. Admin, Username, Password, Team, Actions.
 */
const COLUMN_WIDTHS = [150, 200, 220, 200, 190];

/** Spec §2 'Admins page' table: Admin, Username, Password, Team, Actions; rows edit inline. */
export function AdminsTable({
  admins,
  list,
  signedInUserId,
  editingAdminId,
  onEdit,
  onCancelEdit,
  onSaved,
  savedMessageOf,
  onDelete,
}: AdminsTableProps) {
  const editedBefore = usePrevious(editingAdminId);
  return (
    <ScrollableTable label="Admins" minWidth={COLUMN_WIDTHS.reduce((sum, width) => sum + width)}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed" aria-label="Admins">
        <colgroup>
          {COLUMN_WIDTHS.map((width, column) => (
            <col key={column} style={{ width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Admin</Table.Th>
            <SortableTh list={list} column="username">
              Username
            </SortableTh>
            <Table.Th>Password</Table.Th>
            <SortableTh list={list} column="team">
              Team
            </SortableTh>
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
                savedMessage={savedMessageOf(admin.id)}
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
                <TeamCell admin={admin} />
                <Table.Td>
                  <RowActions
                    name={admin.username}
                    onEdit={() => onEdit(admin)}
                    // Spec §6: no delete for super admins; nor for yourself (the server refuses).
                    onDelete={
                      !admin.is_super_admin && admin.id !== signedInUserId
                        ? () => onDelete(admin)
                        : undefined
                    }
                    wasEditing={editedBefore === admin.id}
                  />
                  {/* Saved and closed: the confirmation stays its full time, announced already. */}
                  {savedMessageOf(admin.id) && (
                    <RowFeedback live={false} tone="success" message={savedMessageOf(admin.id)} />
                  )}
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

function AdminIdentityCell({ admin }: { admin: AdminRow }) {
  return (
    <Table.Td>
      <AccountIdentity
        id={admin.id}
        username={admin.username}
        color={admin.is_super_admin ? 'yellow' : 'blue'}
      />
    </Table.Td>
  );
}

interface AdminEditRowProps {
  admin: AdminRow;
  onCancel: () => void;
  onSaved: () => void;
  savedMessage: string | null;
}

function AdminEditRow({ admin, onCancel, onSaved, savedMessage }: AdminEditRowProps) {
  const updateAdmin = useUpdateAdmin();
  return (
    <AccountEditRow
      username={admin.username}
      formId={`edit-admin-${admin.id}`}
      leadingCells={<AdminIdentityCell admin={admin} />}
      middleCells={<TeamCell admin={admin} />}
      save={(changes) => updateAdmin.mutateAsync({ adminId: admin.id, changes })}
      describeFailure={(error) =>
        refusal(adminErrorMessage(error, adminMessages.updateFailed), adminErrorField(error))
      }
      onSaved={onSaved}
      savedMessage={savedMessage}
      onCancel={onCancel}
    />
  );
}

/** A long team name wraps (anywhere, if it has no spaces) instead of widening the table. */
function TeamCell({ admin }: { admin: AdminRow }) {
  return (
    <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm" c={admin.team || admin.is_super_admin ? undefined : 'dimmed'}>
        {adminTeamLabel(admin)}
      </Text>
    </Table.Td>
  );
}
