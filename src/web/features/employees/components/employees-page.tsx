import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { employeeMessages } from '../../../../shared/messages';
import { canManageMembersOf } from '../../../../shared/permissions';
import { type EmployeeRow, employeeSortColumns } from '../../../../shared/schemas/employees';
import { ListPanel } from '../../../components/list-panel';
import { useListParams, useUrlParamStore } from '../../../lib/use-list-params';
import { FormAlert } from '../../../components/form-alert';
import { useSession } from '../../../lib/session';
import { useInlineRowEdit, useNotice } from '../../../lib/use-notice';
import { employeeListQuery, useEmployees } from '../api/get-employees';
import { DeleteEmployeeModal } from './delete-employee-modal';
import { EmployeesTable } from './employees-table';

/**
 * Spec §2 'Employees page': the employees in the admin's scope (all for a super admin or an
 * admin with no team, else their team's), newest first unless sorted, a page at a time.
 */
export function EmployeesPage() {
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const list = useListParams(employeeSortColumns, useUrlParamStore(), (queryString) =>
    queryClient.prefetchQuery(employeeListQuery(queryString)),
  );
  const employees = useEmployees(list.queryString);
  const notice = useNotice();
  const [employeeToDelete, setEmployeeToDelete] = useState<EmployeeRow | null>(null);
  const rowEdit = useInlineRowEdit(notice);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Employees</Title>
        <Text c="dimmed">Manage and view the employees of your call centre</Text>
      </div>

      {notice.notice && <FormAlert tone={notice.notice.tone}>{notice.notice.message}</FormAlert>}

      <ListPanel
        list={list}
        query={employees}
        rowsOf={(page) => page.employees}
        texts={{
          searchLabel: 'Search employees',
          searchPlaceholder: 'Search employees by username...',
          loading: employeeMessages.loading,
          loadFailed: () => employeeMessages.loadFailed,
          noun: 'employees',
          noSearchResults: employeeMessages.noSearchResults,
          noneYet: employeeMessages.noneYet,
        }}
      >
        {(page) => (
          <EmployeesTable
            employees={page.employees}
            list={list}
            canOpenTeam={(teamId) => !!user && canManageMembersOf(user, teamId)}
            editingEmployeeId={rowEdit.editingId}
            onEdit={rowEdit.start}
            onCancelEdit={rowEdit.stop}
            onSaved={() => {
              rowEdit.saved(employeeMessages.updated);
            }}
            savedMessageOf={rowEdit.savedMessageOf}
            onDelete={setEmployeeToDelete}
          />
        )}
      </ListPanel>

      {employeeToDelete && (
        <DeleteEmployeeModal
          key={employeeToDelete.id}
          employee={employeeToDelete}
          onClose={() => setEmployeeToDelete(null)}
          onDeleted={() => {
            setEmployeeToDelete(null);
            notice.success(employeeMessages.deleted);
          }}
        />
      )}
    </Stack>
  );
}
