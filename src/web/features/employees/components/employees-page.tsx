import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { employeeMessages } from '../../../../shared/messages';
import { canManageMembersOf } from '../../../../shared/permissions';
import type { EmployeeRow } from '../../../../shared/schemas/employees';
import { FormAlert } from '../../../components/form-alert';
import { useSession } from '../../../lib/session';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import { useInlineRowEdit, useNotice } from '../../../lib/use-notice';
import { useEmployees } from '../api/get-employees';
import { DeleteEmployeeModal } from './delete-employee-modal';
import { EmployeesTable } from './employees-table';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';

/**
 * Spec §2 'Employees page': the employees in the admin's scope (all for a super admin or an
 * admin with no team, else their team's), newest first.
 */
export function EmployeesPage() {
  const { data: user } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const employees = useEmployees(debouncedSearch);
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

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <TextInput
            aria-label="Search employees"
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search employees by username..."
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
          {employees.isPending ? (
            <Text c="dimmed">{employeeMessages.loading}</Text>
          ) : employees.isError ? (
            <FormAlert tone="error">{employeeMessages.loadFailed}</FormAlert>
          ) : employees.data.employees.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {debouncedSearch.trim() ? employeeMessages.noSearchResults : employeeMessages.noneYet}
            </Text>
          ) : (
            <EmployeesTable
              employees={employees.data.employees}
              canOpenTeam={(teamId) => !!user && canManageMembersOf(user, teamId)}
              editingEmployeeId={rowEdit.editingId}
              onEdit={rowEdit.start}
              onCancelEdit={rowEdit.stop}
              onSaved={() => {
                rowEdit.saved(employeeMessages.updated);
              }}
              onEditFailed={notice.error}
              onDelete={setEmployeeToDelete}
            />
          )}
          {/* The count stays under a search that matches nobody: 'Showing 0 of 12 …'. */}
          {employees.isSuccess && employees.data.total > 0 && (
            <Text size="sm" c="dimmed">
              Showing {employees.data.employees.length} of {employees.data.total} employees
            </Text>
          )}
        </Stack>
      </Paper>

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
