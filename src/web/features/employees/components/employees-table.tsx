import { usePrevious } from '@mantine/hooks';
import { Anchor, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { employeeMessages } from '../../../../shared/messages';
import type { EmployeeRow, EmployeeSortColumn } from '../../../../shared/schemas/employees';
import { SortableTh } from '../../../components/list-panel';
import type { ListParams } from '../../../lib/use-list-params';
import { AccountEditRow } from '../../../components/account-edit-row';
import { AccountIdentity } from '../../../components/account-identity';
import { PasswordMaskCell } from '../../../components/password-mask-cell';
import { RowActions } from '../../../components/row-actions';
import { RowFeedback } from '../../../components/row-feedback';
import { ScrollableTable } from '../../../components/scrollable-table';
import { adminPaths, employeeAnalyticsPath } from '../../../lib/admin-paths';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { refusal } from '../../../lib/form-error';
import { useUpdateEmployee } from '../api/update-employee';
import { employeeErrorField, employeeErrorMessage } from '../error-messages';
import { employeeTeamLabel } from './employee-team-label';

interface EmployeesTableProps {
  employees: EmployeeRow[];
  /** Its sort: the sortable headers show and change it. */
  list: Pick<ListParams<EmployeeSortColumn>, 'sort' | 'toggleSort'>;
  /** Whether a team's name links to the Teams page: only where that page lists the team. */
  canOpenTeam: (teamId: string) => boolean;
  editingEmployeeId: string | null;
  onEdit: (employee: EmployeeRow) => void;
  onCancelEdit: () => void;
  /** The row saved: the page marks it, then closes the row after 1.5 s. */
  onSaved: () => void;
  /** A row's success message, while it is shown. */
  savedMessageOf: (employeeId: string) => string | null;
  onDelete: (employee: EmployeeRow) => void;
}

/**
 * The columns' widths, fixed: a row switching to its edit fields keeps every column where it
 * was. Employee, Username, Password, Role, Team, Registered, Actions.
 */
const COLUMN_WIDTHS = [130, 160, 160, 90, 160, 120, 170];

/**
 * Spec §2 'Employees page' table: Employee, Username, Password, Role, Team, Registered,
 * Actions; rows edit inline.
 */
export function EmployeesTable({
  employees,
  list,
  canOpenTeam,
  editingEmployeeId,
  onEdit,
  onCancelEdit,
  onSaved,
  savedMessageOf,
  onDelete,
}: EmployeesTableProps) {
  const editedBefore = usePrevious(editingEmployeeId);
  return (
    <ScrollableTable label="Employees" minWidth={COLUMN_WIDTHS.reduce((sum, width) => sum + width)}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed" aria-label="Employees">
        <colgroup>
          {COLUMN_WIDTHS.map((width, column) => (
            <col key={column} style={{ width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <SortableTh list={list} column="username">
              Username
            </SortableTh>
            <Table.Th>Password</Table.Th>
            <Table.Th>Role</Table.Th>
            <SortableTh list={list} column="team">
              Team
            </SortableTh>
            <SortableTh list={list} column="registered">
              Registered
            </SortableTh>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee, row) => {
            const detailCells = (
              <>
                <RoleCell />
                <TeamCell employee={employee} canOpenTeam={canOpenTeam} />
                <RegisteredCell employee={employee} />
              </>
            );
            return employee.id === editingEmployeeId ? (
              <EmployeeEditRow
                key={employee.id}
                employee={employee}
                detailCells={detailCells}
                onCancel={onCancelEdit}
                onSaved={onSaved}
                savedMessage={savedMessageOf(employee.id)}
              />
            ) : (
              // Rows are the page's places: another page or search updates them in place
              // rather than building 50 new ones. The row being edited keeps its own key.
              <Table.Tr key={row}>
                <EmployeeIdentityCell employee={employee} />
                <Table.Td fz="md" fw={500}>
                  {employee.username}
                </Table.Td>
                <PasswordMaskCell />
                {detailCells}
                <Table.Td>
                  <RowActions
                    name={employee.username}
                    onEdit={() => onEdit(employee)}
                    onDelete={() => onDelete(employee)}
                    wasEditing={editedBefore === employee.id}
                  />
                  {/* Saved and closed: the confirmation stays its full time, announced already. */}
                  {savedMessageOf(employee.id) && (
                    <RowFeedback
                      live={false}
                      tone="success"
                      message={savedMessageOf(employee.id)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

/** Spec §2: the avatar opens this employee's analytics. */
function EmployeeIdentityCell({ employee }: { employee: EmployeeRow }) {
  return (
    <Table.Td>
      <AccountIdentity
        id={employee.id}
        username={employee.username}
        link={{
          to: employeeAnalyticsPath(employee.id),
          label: `Open analytics for ${employee.username}`,
        }}
      />
    </Table.Td>
  );
}

function RoleCell() {
  return <Table.Td>Employee</Table.Td>;
}

function TeamCell({
  employee,
  canOpenTeam,
}: {
  employee: EmployeeRow;
  canOpenTeam: (teamId: string) => boolean;
}) {
  const label = employeeTeamLabel(employee);
  return (
    // A long team name wraps (anywhere, if it has no spaces) instead of widening the table.
    <Table.Td
      maw={240}
      style={{ overflowWrap: 'anywhere' }}
      c={label === employeeMessages.noTeam ? 'dimmed' : undefined}
    >
      {employee.team && canOpenTeam(employee.team.id) ? (
        <Anchor component={Link} to={adminPaths.teams} size="sm">
          {label}
        </Anchor>
      ) : (
        label
      )}
    </Table.Td>
  );
}

function RegisteredCell({ employee }: { employee: EmployeeRow }) {
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }} title={formatDateTime(employee.created_at)}>
      {formatDate(employee.created_at)}
    </Table.Td>
  );
}

interface EmployeeEditRowProps {
  employee: EmployeeRow;
  detailCells: ReactNode;
  onCancel: () => void;
  onSaved: () => void;
  savedMessage: string | null;
}

function EmployeeEditRow({
  employee,
  detailCells,
  onCancel,
  onSaved,
  savedMessage,
}: EmployeeEditRowProps) {
  const updateEmployee = useUpdateEmployee();
  return (
    <AccountEditRow
      username={employee.username}
      formId={`edit-employee-${employee.id}`}
      leadingCells={<EmployeeIdentityCell employee={employee} />}
      middleCells={detailCells}
      save={(changes) => updateEmployee.mutateAsync({ employeeId: employee.id, changes })}
      describeFailure={(error) =>
        refusal(
          employeeErrorMessage(error, employeeMessages.updateFailed),
          employeeErrorField(error),
        )
      }
      onSaved={onSaved}
      savedMessage={savedMessage}
      onCancel={onCancel}
    />
  );
}
